import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { SEARCH_BATCH_SIZES, SEARCH_MSG, TRIP_MSG, type SearchBatchSize } from '@tripline/core';
import { plural } from '../trips/home/trip-format.ts';
import { BulkActionsMenu } from './bulk/BulkActionsMenu.tsx';
import { TripInspectModal } from './inspect/TripInspectModal.tsx';
import { countText, outsideSwitchLabel, searchFigures } from './live-search.ts';
import { ROW_HEIGHT, ResultsTable } from './ResultsTable.tsx';
import { nextSort, type Sort, type SortKey } from './results.ts';
import { inspectPages } from './search-params.ts';
import type { LiveSearch } from './use-live-search.ts';
import classes from './admin-trips.module.css';

export interface ResultsPanelProps {
  /** The search's found set: its members, the rows around what is in view and its figures. */
  found: LiveSearch;
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
  /** The trip open in trip inspect, which pages through the trips in the table's order. */
  inspect: string | null;
  onInspect(id: string | null): void;
  /** The table goes back to its top when this changes (another search or order). */
  resetKey: string;
  onCsv(): void;
}

/** The found trips: count, truncation warning, outside partners switch, bulk actions and the table. */
export function ResultsPanel(props: ResultsPanelProps) {
  const { found, readOnly, limit, onLimit, sort, onSort, showOutside, onShowOutside, selected, onSelected, inspect, onInspect, resetKey, onCsv } = props;
  const { members, readRows, readTrips, refresh } = found;
  const figures = searchFigures(found.total, found.extras, limit, !showOutside);
  // Every trip shown, by id in the table's order: selection, "all", and the pager walk these.
  const ids = useMemo(() => members.map((m) => m[0]), [members]);
  const chosen = useMemo(() => ids.filter((id) => selected.has(id)), [ids, selected]);
  const targets = chosen.length > 0 ? chosen : ids;
  const count = countText(figures, chosen.length);
  const flags = useMemo(() => {
    const wanted = new Set(targets);
    return members.filter((m) => wanted.has(m[0])).map((m) => m[3]);
  }, [members, targets]);
  const { tripIds, index } = useMemo(() => inspectPages(ids, inspect), [ids, inspect]);
  const keyAt = useCallback((i: number) => members[i]?.[0] ?? `loading-${i}`, [members]);
  // Live, every change shows by itself; read from HTTP, the search is read again.
  const changed = () => {
    if (found.source !== 'live') void refresh();
  };

  const toggle = useCallback(
    (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelected(next);
    },
    [selected, onSelected],
  );
  const selectAll = () => onSelected(chosen.length === ids.length ? new Set() : new Set(ids));

  return (
    <Stack gap="xs">
      <Group justify="space-between" className={classes.toolbar} wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="trip-count">
            <strong>{count.trips}</strong>
            {count.rest}
          </Text>
          {found.pending && <Loader size="xs" aria-label="Searching" />}
          <Switch
            size="sm"
            checked={showOutside}
            onChange={(e) => onShowOutside(e.currentTarget.checked)}
            label={outsideSwitchLabel(figures.hidden)}
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
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void refresh()}>
            Refresh
          </Button>
          {!readOnly && (
            <>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={onCsv}>
                CSV
              </Button>
              <BulkActionsMenu count={targets.length} flags={flags} readRows={() => readRows(targets)} readTrips={() => readTrips(targets)} onDone={changed} />
            </>
          )}
        </Group>
      </Group>

      {found.lost && (
        <Alert color="red" py="xs" role="alert" icon={<IconPlugConnectedX size={16} aria-hidden />}>
          {TRIP_MSG.LIVE_LOST_BACK_OFFICE}
        </Alert>
      )}
      {figures.truncated && (
        <Alert color="yellow" py="xs" role="status">
          {figures.truncated}
        </Alert>
      )}

      {figures.shown === 0 ? (
        <Empty>
          {figures.hidden > 0 ? (
            <Stack gap={6} align="center">
              <Text fw={600}>{SEARCH_MSG.NO_TRIPS}</Text>
              <Text size="sm" c="dimmed">
                {plural(figures.hidden, 'trip')} of outside partners {figures.hidden === 1 ? 'is' : 'are'} hidden.
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
        <div style={{ height: `min(${figures.shown * ROW_HEIGHT + 42}px, max(420px, calc(100dvh - 260px)))`, display: 'flex' }}>
          <ResultsTable
            slots={found.slots}
            keyAt={keyAt}
            ids={ids}
            onRangeChange={found.show}
            resetKey={resetKey}
            sort={sort}
            onSort={(key: SortKey) => onSort(nextSort(sort, key))}
            selectable={!readOnly}
            selected={selected}
            onToggle={toggle}
            onSelectAll={selectAll}
            onOpen={onInspect}
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
            changed();
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
