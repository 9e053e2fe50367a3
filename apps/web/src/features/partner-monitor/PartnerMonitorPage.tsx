import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconInbox } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MONITOR_PAGE_SIZE, MONITOR_STATUSES, parseDateInput, type MonitorRow, type MonitorStatus } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { ApiError } from '../../lib/api.ts';
import { localToday } from '../../lib/date-input.ts';
import { TripInspectModal } from '../admin-trips/inspect/TripInspectModal.tsx';
import { useMonitorPage } from './api.ts';
import { MONITOR_KEYS_HINT, MonitorTable } from './MonitorTable.tsx';
import { filtersFromParams, paramsFromFilters, queryOf, showingText, type MonitorFilters } from './monitor-params.ts';
import { ReviewDialog, type Review } from './ReviewDialogs.tsx';

const STATUS_LABEL: Record<MonitorStatus, string> = { Pending: 'Pending', Approved: 'Approved', Denied: 'Denied', All: 'Any status' };

/**
 * /partner-monitor (spec 3 §2): the partners' requests staff review, oldest first and
 * paged, filtered by status (Pending when none is given), reference number, service date and the
 * day the request was made, all kept in the address. Approve, deny or add a note with the mouse
 * or the keyboard; Enter opens the trip in trip inspect.
 */
export function PartnerMonitorPage({ route }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params, localToday());
  const page = useMonitorPage(queryOf(filters));
  const [current, setCurrent] = useState(0);
  const [review, setReview] = useState<Review | null>(null);
  const [inspect, setInspect] = useState<string | null>(null);
  const rows = page.data?.rows ?? [];
  const total = page.data?.total ?? 0;
  const refused = page.error instanceof ApiError && page.error.status === 400 ? page.error.message : null;

  const change = (next: Partial<MonitorFilters>) => {
    setCurrent(0);
    setParams(paramsFromFilters({ ...filters, page: 1, ...next }));
  };
  const openTrip = (row: MonitorRow) => setInspect(row.trip.id);
  const showing = showingText(filters.page, rows.length, total);

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h3">
        {route.title ?? 'Partner monitor'}
      </Title>
      <Paper withBorder p="sm" radius="md" component="section" aria-label="Filter requests">
        <Filters key={params.toString()} filters={filters} onChange={change} />
      </Paper>
      {refused ? (
        <Alert color="yellow" title="The search was refused">
          {refused}
        </Alert>
      ) : page.isError ? (
        <Alert color="red" title="The requests could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void page.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : page.isPending ? (
        <Center py="xl" role="status">
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading requests…</Text>
          </Group>
        </Center>
      ) : rows.length === 0 ? (
        <Center py="xl">
          <Stack gap={6} align="center">
            <IconInbox size={32} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="dimmed">{filters.status === 'Pending' ? 'No requests are waiting for review.' : 'No requests match these filters.'}</Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {showing}, oldest first{page.isFetching ? ' · updating…' : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {MONITOR_KEYS_HINT}
            </Text>
          </Group>
          <div style={{ overflowX: 'auto' }}>
            <MonitorTable rows={rows} current={Math.min(current, rows.length - 1)} onCurrent={setCurrent} onReview={setReview} onOpenTrip={openTrip} />
          </div>
          {total > MONITOR_PAGE_SIZE && (
            <Group justify="center">
              <Pagination total={Math.ceil(total / MONITOR_PAGE_SIZE)} value={filters.page} onChange={(p) => change({ page: p })} />
            </Group>
          )}
        </Stack>
      )}
      <ReviewDialog review={review} onClose={() => setReview(null)} />
      {inspect && <TripInspectModal tripIds={[inspect]} index={0} onIndexChange={() => {}} onClose={() => setInspect(null)} />}
    </Stack>
  );
}

function Filters({ filters, onChange }: { filters: MonitorFilters; onChange(next: Partial<MonitorFilters>): void }) {
  const [reference, setReference] = useState(filters.referenceNumber);
  const dateProps = (field: 'serviceDate' | 'actionDate', label: string) => ({
    label,
    placeholder: 'MM/DD/YYYY',
    valueFormat: 'MM/DD/YYYY',
    dateParser: (text: string) => parseDateInput(text, localToday()),
    clearable: true,
    clearButtonProps: { 'aria-label': `Clear ${label.toLowerCase()}` },
    popoverProps: { withinPortal: true },
    value: filters[field] || null,
    onChange: (value: string | null) => onChange({ [field]: value ?? '' }),
    w: 160,
  });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Status"
        w={150}
        allowDeselect={false}
        data={MONITOR_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
        value={filters.status}
        onChange={(v) => v && onChange({ status: v as MonitorStatus })}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ referenceNumber: reference.trim() });
        }}
      >
        <TextInput
          label="Reference number"
          w={160}
          maxLength={10}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          onBlur={() => reference.trim() !== filters.referenceNumber && onChange({ referenceNumber: reference.trim() })}
        />
      </form>
      <DateInput {...dateProps('serviceDate', 'Service date')} />
      <DateInput {...dateProps('actionDate', 'Requested on')} />
    </Group>
  );
}
