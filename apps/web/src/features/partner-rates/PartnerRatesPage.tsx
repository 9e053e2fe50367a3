import { useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { mayEditRates, type PartnerRate } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { usePartners } from '../vehicles/api.ts';
import { useBillTos, useRates } from './api.ts';
import { EndRateDialog } from './EndRateDialog.tsx';
import { RateDialog } from './RateDialog.tsx';
import { RatesTable } from './RatesTable.tsx';
import { PartnerFilter } from '../../lib/partners.tsx';

type Open = { kind: 'new'; from: PartnerRate | null } | { kind: 'correct'; rate: PartnerRate } | { kind: 'end'; rate: PartnerRate } | null;

/**
 * /reporting/partner-rates (spec 3 §3): the operator's rates by partner, bill-to and
 * service type, with what each pays, its days and status. Finance, Partner Credentialing and
 * administrators add a rate (it begins today), end one or correct one that begins today; others
 * read them. Partner and bill-to filters live in the address (providerId, billToId).
 */
export function PartnerRatesPage({ route }: ScreenProps) {
  const { data: me } = useCurrentUser();
  const editor = me ? mayEditRates(me) : false;
  const today = localToday();
  const [search, setSearch] = useSearchParams();
  const providerId = search.get('providerId');
  const billToId = search.get('billToId');
  const showEnded = search.get('ended') === '1';
  const rates = useRates({ providerId, billToId });
  const partners = usePartners(!!me);
  const billTos = useBillTos(!!me);
  const [open, setOpen] = useState<Open>(null);

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };
  const shown = (rates.data ?? []).filter((r) => showEnded || r.status !== 'Ended');
  const endedCount = (rates.data ?? []).length - shown.length;

  if (!me) return null;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h3">
          {route.title ?? 'Partner rates'}
        </Title>
        <Text size="sm" c="dimmed">
          What the operator pays each partner, by bill-to and service type. One rate of a group is in force on any day; a new rate begins today.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" role="search" aria-label="Rate filters">
        <PartnerFilter value={providerId} onChange={(v) => set('providerId', v)} />
        <Select label="Bill-to" placeholder="All bill-tos" searchable clearable w={280} data={billTos.data ?? []} value={billToId} onChange={(v) => set('billToId', v)} />
        <Switch label="Show ended rates" checked={showEnded} onChange={(e) => set('ended', e.currentTarget.checked ? '1' : null)} mb={8} />
        {editor && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ kind: 'new', from: null })} ml="auto">
            New rate
          </Button>
        )}
      </Group>
      {!editor && (
        <Text size="sm" c="dimmed">
          You can read the rates. Finance, Partner Credentialing or an administrator change them.
        </Text>
      )}
      {rates.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the partner rates">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : rates.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The partner rates could not be loaded">
          <Text size="sm" mb="xs">
            {rates.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void rates.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed">
          {endedCount > 0 ? `No rate in force for these filters (${endedCount} ended; show ended rates to see them).` : 'No rates for these filters.'}
          {editor && ' Add one with New rate.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown.length} {shown.length === 1 ? 'rate' : 'rates'}
            {!showEnded && endedCount > 0 ? ` (${endedCount} ended not shown)` : ''}
          </Text>
          <RatesTable
            rates={shown}
            today={today}
            showPartner={!providerId}
            actions={
              editor
                ? {
                    onNew: (r) => setOpen({ kind: 'new', from: r }),
                    onEnd: (r) => setOpen({ kind: 'end', rate: r }),
                    onCorrect: (r) => setOpen({ kind: 'correct', rate: r }),
                  }
                : null
            }
          />
        </>
      )}
      {open?.kind === 'end' && <EndRateDialog rate={open.rate} onClose={() => setOpen(null)} />}
      {(open?.kind === 'new' || open?.kind === 'correct') && (
        <RateDialog
          key={open.kind === 'correct' ? open.rate.id : 'new'}
          rate={open.kind === 'correct' ? open.rate : null}
          group={
            open.kind === 'new' && open.from
              ? { affiliateId: open.from.affiliateId, billToContactId: open.from.billToContactId, serviceId: open.from.serviceId }
              : { affiliateId: providerId, billToContactId: billToId, serviceId: null }
          }
          start={open.kind === 'new' ? open.from : null}
          partners={partners.data ?? []}
          billTos={billTos.data ?? []}
          onClose={() => setOpen(null)}
          onCorrectInstead={(r) => setOpen({ kind: 'correct', rate: r })}
        />
      )}
    </Stack>
  );
}
