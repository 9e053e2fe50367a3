import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconFlag, IconLock } from '@tabler/icons-react';
import { displayStatus, isHighPriority, isReadOnly, type TripListRow } from '@tripline/core';
import type { TableColumn } from '../../../components/VirtualTable.tsx';
import { TripMenuButton } from '../actions/TripActionMenu.tsx';
import classes from './trip-list.module.css';
import { STATUS_LOOK, formatMoney, serviceDateLabel, serviceTypeLabel, summarise, type Stop } from './trip-format.ts';

export const ROW_HEIGHT = 58;

/** What a row of Home shows besides its trip. */
export interface TripRowContext {
  conflicted: boolean;
  menuOpen: boolean;
  onMenu(trip: TripListRow, button: HTMLElement): void;
}

function StopCell({ stop }: { stop: Stop }) {
  return (
    <>
      <span className={classes.line} title={stop.actual ? `Ordered ${stop.ordered}, actual ${stop.actual}` : undefined}>
        <strong>{stop.ordered || '—'}</strong>
        {stop.actual && <span style={{ color: 'var(--mantine-color-teal-8)' }}> · act {stop.actual}</span>}
      </span>
      <span className={classes.sub} title={stop.address}>
        {stop.address}
      </span>
    </>
  );
}

function StatusCell({ trip, conflicted }: { trip: TripListRow; conflicted: boolean }) {
  const status = STATUS_LOOK[displayStatus(trip)];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={status.color} variant="light" size="sm" data-status={displayStatus(trip)}>
        {status.label}
      </Badge>
      {/* A title, not a Tooltip: hundreds of rows mount while scrolling, and each Tooltip measures itself. */}
      {isReadOnly(trip) && (
        <span title="Read-only" style={{ display: 'inline-flex' }}>
          <IconLock size={14} aria-label="Read-only" role="img" />
        </span>
      )}
      {conflicted && (
        <span title="Changed by someone else: reloaded from the server" style={{ display: 'inline-flex' }}>
          <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-label="Changed on the server" role="img" />
        </span>
      )}
    </Group>
  );
}

function TripCell({ trip }: { trip: TripListRow }) {
  return (
    <>
      <span className={classes.line}>
        <strong>{trip.referenceNumber}</strong>
        {isHighPriority(trip) && (
          <span title={`Priority ${trip.schedulePriority}`} style={{ color: 'var(--mantine-color-red-7)', fontWeight: 700 }}>
            {' '}
            !<VisuallyHidden> high priority</VisuallyHidden>
          </span>
        )}
      </span>
      <span className={classes.sub}>
        {trip.flag ? (
          <span title={trip.flag} style={{ color: 'var(--mantine-color-orange-8)' }}>
            <IconFlag size={11} aria-label="Flag" role="img" /> {trip.flag}
          </span>
        ) : (
          serviceDateLabel(trip.serviceDate)
        )}
      </span>
    </>
  );
}

const miles = (trip: TripListRow) => {
  const m = summarise(trip).miles;
  return m === null ? '—' : m.toFixed(1);
};
const driver = (trip: TripListRow) =>
  trip.driverName ?? trip.driverEmpNumberAssigned ?? <span style={{ color: 'var(--mantine-color-dimmed)' }}>Unassigned</span>;

/**
 * The columns of Home. Service, Miles, Pay and Driver fold into the detail line when the list is
 * too narrow for all; the status, the trip, who rides and where stay side by side.
 */
export const TRIP_COLUMNS: readonly TableColumn<TripListRow, TripRowContext>[] = [
  { key: 'status', label: 'Status', width: '128px', minWidth: 128, cell: (trip, { conflicted }) => <StatusCell trip={trip} conflicted={conflicted} /> },
  { key: 'trip', label: 'Trip', width: '86px', minWidth: 86, cell: (trip) => <TripCell trip={trip} /> },
  {
    key: 'passenger',
    label: 'Passenger',
    width: 'minmax(120px, 1fr)',
    minWidth: 120,
    cell: (trip) => {
      const summary = summarise(trip);
      return (
        <>
          <span className={classes.line} title={summary.passenger}>
            {summary.passenger || '—'}
          </span>
          <span className={classes.sub}>{summary.legs > 1 ? `${summary.legs} legs` : (trip.tripLegs[0]?.apptType ?? '')}</span>
        </>
      );
    },
  },
  { key: 'pickup', label: 'Pickup', width: 'minmax(170px, 1.5fr)', minWidth: 170, cell: (trip) => <StopCell stop={summarise(trip).pickup} /> },
  { key: 'dropoff', label: 'Drop-off', width: 'minmax(170px, 1.5fr)', minWidth: 170, cell: (trip) => <StopCell stop={summarise(trip).dropoff} /> },
  {
    key: 'service',
    label: 'Service',
    width: '84px',
    minWidth: 84,
    foldable: true,
    cell: (trip) => <span className={classes.line}>{serviceTypeLabel(trip.serviceTypeRequested)}</span>,
    detail: (trip) => serviceTypeLabel(trip.serviceTypeRequested) || '—',
  },
  { key: 'miles', label: 'Miles', width: '48px', minWidth: 48, numeric: true, foldable: true, cell: (trip) => <span className={classes.line}>{miles(trip)}</span>, detail: miles },
  {
    key: 'pay',
    label: 'Pay',
    width: '78px',
    minWidth: 78,
    foldable: true,
    cell: (trip) => (
      <>
        <span className={classes.line}>{trip.partnerPayStatus}</span>
        <span className={classes.sub}>{formatMoney(trip.farmoutRate)}</span>
      </>
    ),
    detail: (trip) => [trip.partnerPayStatus, formatMoney(trip.farmoutRate)].filter(Boolean).join(' · '),
  },
  {
    key: 'driver',
    label: 'Driver',
    width: 'minmax(96px, 0.8fr)',
    minWidth: 96,
    foldable: true,
    cell: (trip) => (
      <span className={classes.line} title={trip.driverName ?? undefined}>
        {driver(trip)}
      </span>
    ),
    detail: driver,
  },
  {
    key: 'actions',
    label: 'Actions',
    width: '36px',
    minWidth: 36,
    // On a phone the list scrolls sideways; the actions stay in reach at the right edge.
    cellClassName: classes.actions,
    cell: (trip, { menuOpen, onMenu }) => <TripMenuButton trip={trip} expanded={menuOpen} onOpen={onMenu} />,
  },
];
