import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { SEARCH_BATCH_SIZES, SEARCH_MSG, contract, truncationWarning, type ResponseOf, type SearchBatchSize } from '@tripline/core';
import { plural } from '../trips/home/trip-format.ts';
import { BulkActionsMenu } from './bulk/BulkActionsMenu.tsx';
import { TripInspectModal } from './inspect/TripInspectModal.tsx';
import { ROW_HEIGHT, ResultsTable } from './ResultsTable.tsx';
import { nextSort, sortTrips, visibleTrips, type Sort, type SortKey } from './results.ts';
import { inspectPages } from './search-params.ts';
import classes from './admin-trips.module.css';

export interface ResultsPanelProps {
  data: ResponseOf<typeof contract.driveAssignments>;
  /** A new answer is on its way; the rows shown are the previous search's. */
  refreshing: boolean;
  readOnly: boolean;
  limit: SearchBatchSize;
  onLimit(limit: SearchBatchSize): void;
  /** The table's order, kept in the address with the rest of the search. */
  sort: Sort | null;
  onSort(sort: Sort | null): void;
  showOutside: boolean;
  onShowOutside(show: boolean): void;
  selected: ReadonlySet<string>;
  onSelected(ids: ReadonlySet<string>): void;
  /** The trip open in trip inspect, which pages through the rows in the table's order. */
  inspect: string | null;
  onInspect(id: string | null): void;
  onRefetch(): void;
  onCsv(): void;
}

/** The found trips: count, truncation warning, outside partners switch, bulk actions and the table. */
export function ResultsPanel(props: ResultsPanelProps) {
  const { data, refreshing, readOnly, limit, onLimit, sort, onSort, showOutside, onShowOutside, selected, onSelected, inspect, onInspect, onRefetch, onCsv } =
    props;
  const { rows: visible, hidden } = useMemo(() => visibleTrips(data.rows, showOutside), [data.rows, showOutside]);
  const shown = useMemo(() => sortTrips(visible, sort), [visible, sort]);
  const chosen = useMemo(() => shown.filter((t) => selected.has(t.id)), [shown, selected]);
  const truncated = truncationWarning(data.total, data.rows.length);
  const ids = useMemo(() => shown.map((t) => t.id), [shown]);
  // The pager walks the rows as shown: sorted and without the hidden outside partners.
  const { tripIds, index } = useMemo(() => inspectPages(ids, inspect), [ids, inspect]);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelected(next);
  };
  const selectAll = () => onSelected(chosen.length === shown.length ? new Set() : new Set(shown.map((t) => t.id)));

  return (
    <Stack gap="xs">
      <Group justify="space-between" className={classes.toolbar} wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="trip-count">
            <strong>{plural(shown.length, 'trip')}</strong>
            {truncated && ` (first ${data.rows.length} of ${data.total} found)`}
            {chosen.length > 0 && ` · ${chosen.length} selected`}
          </Text>
          {refreshing && <Loader size="xs" aria-label="Searching" />}
          <Switch
            size="sm"
            checked={showOutside}
            onChange={(e) => onShowOutside(e.currentTarget.checked)}
            label={hidden > 0 ? `Show outside partners (${hidden} hidden)` : 'Show outside partners'}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Select
            size="xs"
            w={110}
            aria-label="Max Results"
            title="Max Results: how many trips one search shows"
            data={SEARCH_BATCH_SIZES.map((n) => ({ value: String(n), label: `Max ${n}` }))}
            value={String(limit)}
            allowDeselect={false}
            onChange={(v) => v && onLimit(Number(v) as SearchBatchSize)}
          />
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRefetch}>
            Refresh
          </Button>
          {!readOnly && (
            <>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={onCsv}>
                CSV
              </Button>
              <BulkActionsMenu trips={chosen.length > 0 ? chosen : shown} onDone={onRefetch} />
            </>
          )}
        </Group>
      </Group>

      {truncated && (
        <Alert color="yellow" py="xs" role="status">
          {truncated}
        </Alert>
      )}

      {shown.length === 0 ? (
        <Empty>
          {hidden > 0 ? (
            <Stack gap={6} align="center">
              <Text fw={600}>{SEARCH_MSG.NO_TRIPS}</Text>
              <Text size="sm" c="dimmed">
                {plural(hidden, 'trip')} of outside partners {hidden === 1 ? 'is' : 'are'} hidden.
              </Text>
              <Button size="xs" variant="light" onClick={() => onShowOutside(true)}>
                Show outside partners
              </Button>
            </Stack>
          ) : (
            <Stack gap={4} align="center">
              <Text fw={600}>{SEARCH_MSG.NO_TRIPS}</Text>
              <Text size="sm" c="dimmed">
                {SEARCH_MSG.TRY_EXPANDING}
              </Text>
            </Stack>
          )}
        </Empty>
      ) : (
        // As tall as its rows, up to the screen's height; the rows scroll inside it.
        <div style={{ height: `min(${shown.length * ROW_HEIGHT + 42}px, max(420px, calc(100dvh - 260px)))`, display: 'flex' }}>
          <ResultsTable
            trips={shown}
            sort={sort}
            onSort={(key: SortKey) => onSort(nextSort(sort, key))}
            selectable={!readOnly}
            selected={selected}
            onToggle={toggle}
            onSelectAll={selectAll}
            onOpen={(trip) => onInspect(trip.id)}
          />
        </div>
      )}
      {inspect && (
        <TripInspectModal
          tripIds={tripIds}
          index={index}
          onIndexChange={(i) => onInspect(tripIds[i] ?? null)}
          onClose={() => {
            onInspect(null);
            // changes made in the inspect modal (partner, notes, decline) show in the rows
            onRefetch();
          }}
        />
      )}
    </Stack>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Center py={48} style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Text component="div" role="status" ta="center">
        {children}
      </Text>
    </Center>
  );
}
