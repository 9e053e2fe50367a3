import { useCallback, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Badge, Checkbox, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFlag } from '@tabler/icons-react';
import { displayStatus, isHighPriority, isInHouse, type TripListRow } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { STATUS_LOOK, formatMoney, serviceDateLabel, serviceTypeLabel, summarise, type Stop } from '../trips/home/trip-format.ts';
import home from '../trips/home/trip-list.module.css';
import type { Sort, SortKey } from './results.ts';
import classes from './admin-trips.module.css';

export const ROW_HEIGHT = 56;

const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

/** What a row of the search shows besides its trip. */
interface RowContext {
  selected: boolean;
  selectable: boolean;
  onToggle(id: string): void;
}
type Column = TableColumn<TripListRow, RowContext> & { key: SortKey | 'select' };

function StopCell({ stop }: { stop: Stop }) {
  return (
    <>
      <span className={home.line} title={stop.actual ? `Ordered ${stop.ordered}, actual ${stop.actual}` : `Ordered ${stop.ordered || '—'}`}>
        <strong>{stop.ordered || '—'}</strong>
        {stop.actual && <span style={{ color: 'var(--mantine-color-teal-9)' }}> · act {stop.actual}</span>}
      </span>
      <span className={home.sub} title={stop.address}>
        {stop.address}
      </span>
    </>
  );
}

function Status({ trip }: { trip: TripListRow }) {
  if (trip.canceled)
    return (
      <Badge color="gray" variant="outline" size="sm" title={trip.cancelledReason ?? undefined}>
        Cancelled
      </Badge>
    );
  const status = STATUS_LOOK[displayStatus(trip)];
  return (
    <Badge color={status.color} variant="light" size="sm" data-status={displayStatus(trip)}>
      {status.label}
    </Badge>
  );
}

function Priority({ trip }: { trip: TripListRow }) {
  const high = isHighPriority(trip);
  return (
    <span className={`${home.line} ${high ? classes.high : ''}`} title={high ? `High priority (${trip.schedulePriority})` : undefined}>
      {trip.schedulePriority}
      {high && (
        <>
          !<VisuallyHidden> high priority</VisuallyHidden>
        </>
      )}
    </span>
  );
}

const line = (content: ReactNode, title?: string) => (
  <span className={home.line} title={title}>
    {content}
  </span>
);
const miles = (trip: TripListRow) => {
  const m = summarise(trip).miles;
  return m === null ? '—' : m.toFixed(1);
};
const driver = (trip: TripListRow) =>
  trip.driverName ?? trip.driverEmpNumberAssigned ?? <span style={{ color: 'var(--mantine-color-gray-7)' }}>Unassigned</span>;
const flag = (trip: TripListRow) =>
  trip.flag ? (
    <span className={`${home.line} ${classes.flag}`} title={trip.flag}>
      <IconFlag size={12} aria-label="Flag" role="img" /> {trip.flag}
    </span>
  ) : null;

/**
 * The columns of the search. Service, Miles, Driver, Pay and Flag fold into the detail line
 * when the table is narrow; the trip, its date, status, passenger, stops and partner stay.
 */
const COLUMNS: readonly Column[] = [
  {
    key: 'select',
    label: 'Selection',
    width: '24px',
    minWidth: 24,
    cell: (trip, { selected, selectable, onToggle }) =>
      selectable && (
        <Checkbox size="xs" tabIndex={-1} aria-label={`Select trip ${trip.referenceNumber}`} checked={selected} onChange={() => onToggle(trip.id)} />
      ),
  },
  {
    key: 'referenceNumber',
    label: 'Trip',
    width: '72px',
    minWidth: 72,
    cell: (trip) => (
      <>
        {line(<strong>{trip.referenceNumber}</strong>)}
        <span className={home.sub}>{trip.tripLegs.length > 1 ? `${trip.tripLegs.length} legs` : (trip.tripLegs[0]?.whichLeg ?? '')}</span>
      </>
    ),
  },
  {
    key: 'serviceDate',
    label: 'Date',
    width: '84px',
    minWidth: 84,
    cell: (trip) => (
      <>
        {line(serviceDateLabel(trip.serviceDate))}
        <span className={home.sub}>{trip.division ?? ''}</span>
      </>
    ),
  },
  { key: 'status', label: 'Status', width: '118px', minWidth: 118, cell: (trip) => <Status trip={trip} /> },
  { key: 'priority', label: 'Pri', width: '40px', minWidth: 40, cell: (trip) => <Priority trip={trip} /> },
  {
    key: 'passenger',
    label: 'Passenger',
    width: 'minmax(120px, 1fr)',
    minWidth: 120,
    cell: (trip) => {
      const passenger = summarise(trip).passenger;
      return (
        <>
          {line(passenger || '—', passenger)}
          <span className={home.sub}>{trip.tripLegs[0]?.apptType ?? ''}</span>
        </>
      );
    },
  },
  { key: 'pickup', label: 'Pickup', width: 'minmax(150px, 1.2fr)', minWidth: 150, cell: (trip) => <StopCell stop={summarise(trip).pickup} /> },
  { key: 'dropoff', label: 'Drop-off', width: 'minmax(150px, 1.2fr)', minWidth: 150, cell: (trip) => <StopCell stop={summarise(trip).dropoff} /> },
  {
    key: 'service',
    label: 'Service',
    width: '84px',
    minWidth: 84,
    foldable: true,
    cell: (trip) => (
      <>
        {line(serviceTypeLabel(trip.serviceTypeRequested))}
        <span className={home.sub}>{trip.willCall ? 'Will call' : ''}</span>
      </>
    ),
    detail: (trip) => [serviceTypeLabel(trip.serviceTypeRequested) || '—', trip.willCall ? 'Will call' : ''].filter(Boolean).join(' · '),
  },
  { key: 'miles', label: 'Miles', width: '58px', minWidth: 58, numeric: true, foldable: true, cell: (trip) => line(miles(trip)), detail: miles },
  {
    key: 'partner',
    label: 'Partner',
    width: 'minmax(110px, 1fr)',
    minWidth: 110,
    cell: (trip) => (
      <>
        {line(trip.farmoutName ?? <span style={{ color: 'var(--mantine-color-gray-7)' }}>Not farmed out</span>, trip.farmoutName ?? undefined)}
        <span className={home.sub}>{trip.farmoutName ? (isInHouse(trip.farmoutName) ? 'In-house' : formatMoney(trip.farmoutRate)) : ''}</span>
      </>
    ),
  },
  { key: 'driver', label: 'Driver', width: 'minmax(90px, 0.8fr)', minWidth: 90, foldable: true, cell: (trip) => line(driver(trip), trip.driverName ?? undefined), detail: driver },
  { key: 'pay', label: 'Pay', width: '60px', minWidth: 60, foldable: true, cell: (trip) => line(trip.partnerPayStatus), detail: (trip) => trip.partnerPayStatus },
  { key: 'flag', label: 'Flag', width: 'minmax(64px, 0.5fr)', minWidth: 64, foldable: true, cell: flag, detail: (trip) => flag(trip) ?? '—' },
];

export interface ResultsTableProps {
  /** Every trip shown, in order: its row, or undefined while it loads. */
  slots: readonly (TripListRow | undefined)[];
  /** The trip id at a place, loaded or not. */
  keyAt(index: number): string;
  /** Every trip shown, by id in order: what "select all" chooses. */
  ids: readonly string[];
  /** Rows `first`…`last` are in view: the rows around them are read. */
  onRangeChange(first: number, last: number): void;
  /** The table goes back to its top when this changes (another search or order). */
  resetKey: string;
  sort: Sort | null;
  onSort(key: SortKey): void;
  /** Row selection for bulk actions; off for read-only users. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onSelectAll(): void;
  onOpen(id: string): void;
}

/**
 * The found trips as a windowed table sorted by its headers (the server orders them): a click or
 * Enter on a row opens trip inspect, Space selects it; the arrow keys, Page Up/Down, Home and End
 * move between rows. A row not loaded yet shows as a placeholder of the same height.
 */
export function ResultsTable(props: ResultsTableProps) {
  const { slots, keyAt, ids, onRangeChange, resetKey, sort, onSort, selectable, selected, onToggle, onSelectAll, onOpen } = props;
  const rowProps = useCallback(
    (trip: TripListRow) => ({
      'aria-selected': selectable ? selected.has(trip.id) : undefined,
      'data-selected': String(selected.has(trip.id)),
      'data-canceled': String(trip.canceled),
      'data-trip-id': trip.id,
      'aria-label': `Trip ${trip.referenceNumber}`,
      onClick: (e: MouseEvent<HTMLDivElement>) => {
        if ((e.target as HTMLElement).closest('input,button,a')) return;
        onOpen(trip.id);
      },
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(trip.id);
        } else if (e.key === ' ' && selectable) {
          e.preventDefault();
          onToggle(trip.id);
        }
      },
    }),
    [selected, selectable, onOpen, onToggle],
  );
  const rowContext = useCallback((trip: TripListRow): RowContext => ({ selected: selected.has(trip.id), selectable, onToggle }), [selected, selectable, onToggle]);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = selected.size > 0;
  const renderHeader = (c: Column): ReactNode => {
    if (c.key === 'select')
      return selectable ? (
        <Checkbox size="xs" aria-label="Select all shown trips" checked={allSelected} indeterminate={someSelected && !allSelected} onChange={onSelectAll} />
      ) : (
        <VisuallyHidden>Selection</VisuallyHidden>
      );
    const key = c.key;
    const active = sort?.key === key ? sort : null;
    const Icon = active ? (active.dir === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
    return (
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(key)} title={`Sort by ${c.label}`}>
        {c.label}
        <Icon size={12} aria-hidden style={{ opacity: active ? 1 : 0.35 }} />
      </UnstyledButton>
    );
  };
  const sortOf = (c: Column) => (c.key === 'select' ? undefined : sort?.key === c.key ? SORT_NAMES[sort.dir] : 'none');
  return (
    <VirtualTable
      items={slots}
      columns={COLUMNS}
      label="Trips found"
      rowHeight={ROW_HEIGHT}
      overscan={10}
      getKey={(trip) => trip.id}
      keyAt={keyAt}
      onRangeChange={onRangeChange}
      scrollResetKey={resetKey}
      rowContext={rowContext}
      rowProps={rowProps}
      renderHeader={renderHeader}
      sortOf={sortOf}
      focusableRows
      className={classes.table}
      headerClassName={classes.header}
      rowClassName={classes.row}
      style={{ flex: 1, minHeight: 360 }}
    />
  );
}
