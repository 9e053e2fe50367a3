import { useCallback } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { isReadOnly, type TripListRow, type WindowSort, type WindowSortKey } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../../components/VirtualTable.tsx';
import { formatUsDate } from '../../../lib/date-input.ts';
import { useRowMenu } from '../actions/TripActionMenu.tsx';
import type { TripAction } from '../actions/use-trip-actions.tsx';
import classes from './trip-list.module.css';
import { ROW_HEIGHT, TRIP_COLUMNS, type TripRowContext } from './TripRow.tsx';

type Column = TableColumn<TripListRow, TripRowContext>;

/** The columns whose header sorts the list, and the server's sort key for each. */
const SORT_KEYS: Partial<Record<string, WindowSortKey>> = { status: 'status', trip: 'referenceNumber', passenger: 'passName', pickup: 'time' };
const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

/** A header's next order: ascending, then descending, then back to the day's order. */
export function nextSort(current: WindowSort | null, key: WindowSortKey): WindowSort | null {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/**
 * The day's trips as a windowed table: only the rows in view are in the page, and only the rows
 * around them in the browser; a row not loaded yet shows as a placeholder of the same height.
 */
export function TripList({
  date,
  slots,
  keyAt,
  conflicts,
  developerMode,
  onAction,
  sort,
  onSort,
  onRangeChange,
  resetKey,
}: {
  date: string;
  /** Every trip of the list in order: its row, or undefined while it loads. */
  slots: readonly (TripListRow | undefined)[];
  /** The trip id at a place, loaded or not. */
  keyAt(index: number): string;
  conflicts: ReadonlySet<string>;
  /** Staff developer mode: past trips can still be accepted or declined, with a warning. */
  developerMode: boolean;
  onAction(kind: TripAction, trip: TripListRow): void;
  /** The column order; null: the day's order. */
  sort: WindowSort | null;
  onSort(sort: WindowSort | null): void;
  onRangeChange(first: number, last: number): void;
  /** The list goes back to its top when this changes (the answer to another order or search shows). */
  resetKey: string;
}) {
  const rowMenu = useRowMenu(onAction, developerMode);
  const { openFor, openId, follow } = rowMenu;
  const rowProps = useCallback(
    (trip: TripListRow) => ({
      'aria-label': `Trip ${trip.referenceNumber}`,
      'data-readonly': String(isReadOnly(trip)),
      'data-conflict': String(conflicts.has(trip.id)),
      'data-trip-id': trip.id,
    }),
    [conflicts],
  );
  const rowContext = useCallback(
    (trip: TripListRow): TripRowContext => ({ conflicted: conflicts.has(trip.id), menuOpen: openId === trip.id, onMenu: openFor }),
    [conflicts, openId, openFor],
  );
  const header = (c: Column) => {
    if (c.key === 'actions') return <VisuallyHidden>Actions</VisuallyHidden>;
    const key = SORT_KEYS[c.key];
    if (!key) return c.label;
    const active = sort?.key === key ? sort : null;
    const Icon = active ? (active.dir === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
    return (
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(nextSort(sort, key))}>
        {c.label}
        <Icon size={12} aria-hidden style={{ opacity: active ? 1 : 0.35 }} />
      </UnstyledButton>
    );
  };
  const sortOf = (c: Column) => {
    const key = SORT_KEYS[c.key];
    if (!key) return undefined;
    return sort?.key === key ? SORT_NAMES[sort.dir] : 'none';
  };
  return (
    <>
      <VirtualTable
        items={slots}
        columns={TRIP_COLUMNS}
        label={`Trips for ${formatUsDate(date)}`}
        rowHeight={ROW_HEIGHT}
        overscan={10}
        gap={10}
        getKey={(trip) => trip.id}
        keyAt={keyAt}
        onRangeChange={onRangeChange}
        scrollResetKey={resetKey}
        rowContext={rowContext}
        rowProps={rowProps}
        renderHeader={header}
        sortOf={sortOf}
        focusableRows
        className={classes.table}
        headerClassName={classes.header}
        rowClassName={classes.row}
        style={{ flex: 1, minHeight: 320 }}
        onScroll={openId ? follow : undefined}
      />
      {rowMenu.menu}
    </>
  );
}
