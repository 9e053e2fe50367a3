import { memo, useCallback, type KeyboardEvent, type MouseEvent } from 'react';
import { Badge, Checkbox, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFlag } from '@tabler/icons-react';
import { displayStatus, isHighPriority, isInHouse, type DriveAssignment } from '@tripline/core';
import { VirtualRows } from '../../components/VirtualRows.tsx';
import { STATUS_LOOK, formatMoney, serviceDateLabel, serviceTypeLabel, summarise, type Stop } from '../trips/home/trip-format.ts';
import home from '../trips/home/trip-list.module.css';
import type { Sort, SortKey } from './results.ts';
import classes from './admin-trips.module.css';

export const ROW_HEIGHT = 56;

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'referenceNumber', label: 'Trip' },
  { key: 'serviceDate', label: 'Date' },
  { key: 'status', label: 'Status' },
  { key: 'priority', label: 'Pri' },
  { key: 'passenger', label: 'Passenger' },
  { key: 'pickup', label: 'Pickup' },
  { key: 'dropoff', label: 'Drop-off' },
  { key: 'service', label: 'Service' },
  { key: 'miles', label: 'Miles', numeric: true },
  { key: 'partner', label: 'Partner' },
  { key: 'driver', label: 'Driver' },
  { key: 'pay', label: 'Pay' },
  { key: 'flag', label: 'Flag' },
];

const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

function Header({
  sort,
  onSort,
  allSelected,
  someSelected,
  onSelectAll,
  selectable,
}: {
  sort: Sort | null;
  onSort(key: SortKey): void;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll(): void;
  selectable: boolean;
}) {
  return (
    <div className={classes.header}>
      <span role="columnheader">
        {selectable ? (
          <Checkbox size="xs" aria-label="Select all shown trips" checked={allSelected} indeterminate={someSelected && !allSelected} onChange={onSelectAll} />
        ) : (
          <VisuallyHidden>Selection</VisuallyHidden>
        )}
      </span>
      {COLUMNS.map((c) => {
        const active = sort?.key === c.key ? sort : null;
        const Icon = active ? (active.dir === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
        return (
          <span
            key={c.key}
            role="columnheader"
            aria-sort={active ? SORT_NAMES[active.dir] : 'none'}
            className={c.numeric ? home.numeric : undefined}
          >
            <UnstyledButton className={classes.sortButton} onClick={() => onSort(c.key)} title={`Sort by ${c.label}`}>
              {c.label}
              <Icon size={12} aria-hidden style={{ opacity: active ? 1 : 0.35 }} />
            </UnstyledButton>
          </span>
        );
      })}
    </div>
  );
}

function StopCell({ stop }: { stop: Stop }) {
  return (
    <div role="cell" className={home.cell}>
      <span className={home.line} title={stop.actual ? `Ordered ${stop.ordered}, actual ${stop.actual}` : `Ordered ${stop.ordered || '—'}`}>
        <strong>{stop.ordered || '—'}</strong>
        {stop.actual && <span style={{ color: 'var(--mantine-color-teal-9)' }}> · act {stop.actual}</span>}
      </span>
      <span className={home.sub} title={stop.address}>
        {stop.address}
      </span>
    </div>
  );
}

const Row = memo(function Row({
  trip,
  selected,
  selectable,
  onToggle,
}: {
  trip: DriveAssignment;
  selected: boolean;
  selectable: boolean;
  onToggle(id: string): void;
}) {
  const status = STATUS_LOOK[displayStatus(trip)];
  const summary = summarise(trip);
  const high = isHighPriority(trip);
  return (
    <div className={classes.grid}>
      <div role="cell" onClick={(e) => e.stopPropagation()}>
        {selectable && (
          <Checkbox
            size="xs"
            tabIndex={-1}
            aria-label={`Select trip ${trip.referenceNumber}`}
            checked={selected}
            onChange={() => onToggle(trip.id)}
          />
        )}
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line}>
          <strong>{trip.referenceNumber}</strong>
        </span>
        <span className={home.sub}>{trip.tripLegs.length > 1 ? `${trip.tripLegs.length} legs` : (trip.tripLegs[0]?.whichLeg ?? '')}</span>
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line}>{serviceDateLabel(trip.serviceDate)}</span>
        <span className={home.sub}>{trip.division ?? ''}</span>
      </div>
      <div role="cell" className={home.cell}>
        {trip.canceled ? (
          <Badge color="gray" variant="outline" size="sm" title={trip.cancelledReason ?? undefined}>
            Cancelled
          </Badge>
        ) : (
          <Badge color={status.color} variant="light" size="sm" data-status={displayStatus(trip)}>
            {status.label}
          </Badge>
        )}
      </div>
      <div role="cell" className={home.cell}>
        <span className={`${home.line} ${high ? classes.high : ''}`} title={high ? `High priority (${trip.schedulePriority})` : undefined}>
          {trip.schedulePriority}
          {high && (
            <>
              !<VisuallyHidden> high priority</VisuallyHidden>
            </>
          )}
        </span>
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line} title={summary.passenger}>
          {summary.passenger || '—'}
        </span>
        <span className={home.sub}>{trip.tripLegs[0]?.apptType ?? ''}</span>
      </div>
      <StopCell stop={summary.pickup} />
      <StopCell stop={summary.dropoff} />
      <div role="cell" className={home.cell}>
        <span className={home.line}>{serviceTypeLabel(trip.serviceTypeRequested)}</span>
        <span className={home.sub}>{trip.willCall ? 'Will call' : ''}</span>
      </div>
      <div role="cell" className={`${home.cell} ${home.numeric}`}>
        <span className={home.line}>{summary.miles === null ? '—' : summary.miles.toFixed(1)}</span>
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line} title={trip.farmoutName ?? undefined}>
          {trip.farmoutName ?? <span style={{ color: 'var(--mantine-color-gray-7)' }}>Not farmed out</span>}
        </span>
        <span className={home.sub}>{trip.farmoutName ? (isInHouse(trip.farmoutName) ? 'In-house' : formatMoney(trip.farmoutRate)) : ''}</span>
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line} title={trip.driverName ?? undefined}>
          {trip.driverName ?? trip.driverEmpNumberAssigned ?? <span style={{ color: 'var(--mantine-color-gray-7)' }}>Unassigned</span>}
        </span>
      </div>
      <div role="cell" className={home.cell}>
        <span className={home.line}>{trip.partnerPayStatus}</span>
      </div>
      <div role="cell" className={home.cell}>
        {trip.flag && (
          <span className={`${home.line} ${classes.flag}`} title={trip.flag}>
            <IconFlag size={12} aria-label="Flag" role="img" /> {trip.flag}
          </span>
        )}
      </div>
    </div>
  );
});

export interface ResultsTableProps {
  trips: readonly DriveAssignment[];
  sort: Sort | null;
  onSort(key: SortKey): void;
  /** Row selection for bulk actions; off for read-only users. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onSelectAll(): void;
  onOpen(trip: DriveAssignment): void;
}

/**
 * The found trips as a windowed, sortable table: a click or Enter on a row opens trip inspect,
 * Space selects it; the arrow keys move between rows.
 */
export function ResultsTable({ trips, sort, onSort, selectable, selected, onToggle, onSelectAll, onOpen }: ResultsTableProps) {
  const byId = useCallback((id: string | undefined) => trips.find((t) => t.id === id), [trips]);
  const rowProps = useCallback(
    (trip: DriveAssignment) => ({
      className: classes.row,
      tabIndex: 0,
      'aria-selected': selectable ? selected.has(trip.id) : undefined,
      'data-selected': String(selected.has(trip.id)),
      'data-canceled': String(trip.canceled),
      'data-trip-id': trip.id,
      'aria-label': `Trip ${trip.referenceNumber}`,
      onClick: (e: MouseEvent<HTMLDivElement>) => {
        if ((e.target as HTMLElement).closest('input,button,a')) return;
        onOpen(trip);
      },
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter') {
          e.preventDefault();
          onOpen(trip);
        } else if (e.key === ' ' && selectable) {
          e.preventDefault();
          onToggle(trip.id);
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          const sibling = (e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling) as HTMLElement | null;
          if (sibling && byId(sibling.dataset.tripId)) {
            sibling.focus();
            sibling.scrollIntoView({ block: 'nearest' });
          }
        }
      },
    }),
    [selected, selectable, onOpen, onToggle, byId],
  );
  const allSelected = trips.length > 0 && trips.every((t) => selected.has(t.id));
  return (
    <VirtualRows
      items={trips}
      rowHeight={ROW_HEIGHT}
      overscan={10}
      label="Trips found"
      header={
        <Header sort={sort} onSort={onSort} allSelected={allSelected} someSelected={selected.size > 0} onSelectAll={onSelectAll} selectable={selectable} />
      }
      minWidth={1270}
      getKey={(trip) => trip.id}
      rowProps={rowProps}
      renderRow={(trip) => <Row trip={trip} selected={selected.has(trip.id)} selectable={selectable} onToggle={onToggle} />}
      className={classes.table}
      style={{ flex: 1, minHeight: 360 }}
    />
  );
}
