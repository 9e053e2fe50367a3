import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { HOLD_TYPE_LABEL, holdWindowText, type BodyOf, type contract, type HoldType, type ResponseOf } from '@tripline/core';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useHolds, usePlaceHold } from './api.ts';
import { CareDateInput, refusalText } from './CareDateInput.tsx';

type Preview = ResponseOf<typeof contract.placeHold>;
type HoldBody = BodyOf<typeof contract.placeHold>;

const TYPE_HELP: Record<HoldType, string> = {
  NoNewTrips: 'No trip of the window can be assigned to the partner; its trips stay.',
  Suspension: 'No trip of the window can be assigned, and its unstarted trips there are taken from it.',
};

/** Trips listed in the confirmation; the others are counted. */
const CONFIRM_ROWS = 8;

/** The confirmation of a hold (spec 2 §9): the trips it touches, and that it cannot be undone. */
function HoldConfirm({ preview, body, busy, onConfirm, onClose }: { preview: Preview | null; body: HoldBody | null; busy: boolean; onConfirm(): void; onClose(): void }) {
  const taken = preview?.trips.filter((t) => t.unassigned).length ?? 0;
  // the trips taken from the partner first; the list is cut so the confirmation fits on the screen
  const ordered = [...(preview?.trips ?? [])].sort((a, b) => Number(b.unassigned) - Number(a.unassigned));
  const listed = ordered.slice(0, CONFIRM_ROWS);
  const more = ordered.length - listed.length;
  return (
    <Modal opened={preview !== null} onClose={onClose} title="Place the hold?" size="lg">
      {preview && body && (
        <Stack gap="sm">
          <Alert color="red" title={`${HOLD_TYPE_LABEL[body.type]} ${holdWindowText({ beginDate: body.beginDate, endDate: body.endDate ?? '2078-12-31' })}`}>
            {preview.confirm}
          </Alert>
          {preview.trips.length === 0 ? (
            <Text size="sm">The partner has no trips in this window.</Text>
          ) : (
            <>
              <Text size="sm">
                The partner has {preview.trips.length} trip{preview.trips.length === 1 ? '' : 's'} in this window
                {taken > 0 ? `; ${taken} will be taken from it` : '; they stay with it'}.
              </Text>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Trip</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Passenger</Table.Th>
                    <Table.Th>What happens</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {listed.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>{t.referenceNumber}</Table.Td>
                      <Table.Td>{formatUsDate(t.serviceDate)}</Table.Td>
                      <Table.Td>{t.passengerName ?? '—'}</Table.Td>
                      <Table.Td>{t.unassigned ? <Badge color="red">Unassigned</Badge> : <Badge color="gray">Stays</Badge>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {more > 0 && (
                <Text size="sm" c="dimmed">
                  …and {more} more trip{more === 1 ? '' : 's'} in the window.
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={onConfirm}>
              Place hold
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * A partner's holds (spec 2 §3, §4): the list, and a new hold placed at once after a confirmation
 * that lists the partner's trips in its window. An empty end means open-ended (2078-12-31).
 */
export function HoldsTab({ providerId }: { providerId: string }) {
  const holds = useHolds(providerId);
  const place = usePlaceHold(providerId);
  const [type, setType] = useState<HoldType>('NoNewTrips');
  const [begin, setBegin] = useState<string | null>(localToday());
  const [end, setEnd] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ body: HoldBody; preview: Preview } | null>(null);

  const review = async () => {
    if (!begin) return setError('Enter the day the hold begins');
    setError(null);
    const body: HoldBody = { providerId, type, beginDate: begin, endDate: end, reason: reason.trim() || null };
    try {
      setPending({ body, preview: await place.mutateAsync({ ...body, dryRun: true }) });
    } catch (e) {
      setError(refusalText(e));
    }
  };

  const confirmed = async () => {
    if (!pending) return;
    try {
      const done = await place.mutateAsync({ ...pending.body, dryRun: false });
      const taken = done.trips.filter((t) => t.unassigned).length;
      toast.success(`Hold placed.${taken > 0 ? ` ${taken} trip${taken === 1 ? ' was' : 's were'} taken from the partner.` : ''}`);
      setPending(null);
      setReason('');
    } catch (e) {
      setPending(null);
      setError(refusalText(e));
    }
  };

  return (
    <Stack gap="md">
      <SubmitForm onSubmit={review} noValidate>
        <Stack gap="xs">
          <SegmentedControl
            value={type}
            onChange={(v) => setType(v as HoldType)}
            data={(Object.keys(HOLD_TYPE_LABEL) as HoldType[]).map((t) => ({ value: t, label: HOLD_TYPE_LABEL[t] }))}
            w="fit-content"
            aria-label="Hold type"
          />
          <Text size="xs" c="dimmed">
            {TYPE_HELP[type]}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <CareDateInput label="Begins" value={begin} onChange={setBegin} required />
            <CareDateInput label="Ends" value={end} onChange={setEnd} clearable placeholder="Open-ended" />
            <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} w={220} />
            <Button type="submit" color="red" variant="light" loading={place.isPending && !pending}>
              Place hold…
            </Button>
          </Group>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </SubmitForm>
      {holds.isPending ? (
        <Loader size="sm" aria-label="Loading holds" />
      ) : holds.isError ? (
        <Alert color="red">The holds could not be loaded: {refusalText(holds.error)}</Alert>
      ) : holds.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No holds on this partner.
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Placed</Table.Th>
              <Table.Th>Begins</Table.Th>
              <Table.Th>Ends</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holds.data.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  <Group gap={6}>
                    {HOLD_TYPE_LABEL[h.type]}
                    {h.current && <Badge color="red" size="sm">In effect</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{formatUsDate(h.startDate)}</Table.Td>
                <Table.Td>{formatUsDate(h.beginDate)}</Table.Td>
                <Table.Td>{h.openEnded ? 'Open-ended' : formatUsDate(h.endDate)}</Table.Td>
                <Table.Td>{h.reason ?? ''}</Table.Td>
                <Table.Td>{h.createdBy ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <HoldConfirm preview={pending?.preview ?? null} body={pending?.body ?? null} busy={place.isPending} onConfirm={() => void confirmed()} onClose={() => setPending(null)} />
    </Stack>
  );
}
