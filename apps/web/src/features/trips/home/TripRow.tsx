import { memo } from 'react';
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconFlag, IconLock } from '@tabler/icons-react';
import { displayStatus, isHighPriority, isReadOnly, type DriveAssignment } from '@tripline/core';
import { TripMenuButton } from '../actions/TripActionMenu.tsx';
import classes from './trip-list.module.css';
import { STATUS_LOOK, formatMoney, serviceDateLabel, serviceTypeLabel, summarise, type Stop } from './trip-format.ts';

export const ROW_HEIGHT = 58;

export function TripHeader() {
  return (
    <div className={classes.header}>
      <span role="columnheader">Status</span>
      <span role="columnheader">Trip</span>
      <span role="columnheader">Passenger</span>
      <span role="columnheader">Pickup</span>
      <span role="columnheader">Drop-off</span>
      <span role="columnheader">Service</span>
      <span role="columnheader" className={classes.numeric}>
        Miles
      </span>
      <span role="columnheader">Pay</span>
      <span role="columnheader">Driver</span>
      <span role="columnheader">
        <VisuallyHidden>Actions</VisuallyHidden>
      </span>
    </div>
  );
}

function StopCell({ stop }: { stop: Stop }) {
  return (
    <div role="cell" className={classes.cell}>
      <span className={classes.line} title={stop.actual ? `Ordered ${stop.ordered}, actual ${stop.actual}` : undefined}>
        <strong>{stop.ordered || '—'}</strong>
        {stop.actual && <span style={{ color: 'var(--mantine-color-teal-8)' }}> · act {stop.actual}</span>}
      </span>
      <span className={classes.sub} title={stop.address}>
        {stop.address}
      </span>
    </div>
  );
}

/** One trip of the Home list. Memoised: a live change re-renders only the rows it touched. */
export const TripRow = memo(function TripRow({
  trip,
  conflicted,
  menuOpen,
  onMenu,
}: {
  trip: DriveAssignment;
  conflicted: boolean;
  menuOpen: boolean;
  onMenu(trip: DriveAssignment, button: HTMLElement): void;
}) {
  const status = STATUS_LOOK[displayStatus(trip)];
  const summary = summarise(trip);
  const readOnly = isReadOnly(trip);
  return (
    <div className={classes.grid}>
      <div role="cell" className={classes.cell}>
        <Group gap={4} wrap="nowrap">
          <Badge color={status.color} variant="light" size="sm" data-status={displayStatus(trip)}>
            {status.label}
          </Badge>
          {/* A title, not a Tooltip: hundreds of rows mount while scrolling, and each Tooltip measures itself. */}
          {readOnly && (
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
      </div>
      <div role="cell" className={classes.cell}>
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
      </div>
      <div role="cell" className={classes.cell}>
        <span className={classes.line} title={summary.passenger}>
          {summary.passenger || '—'}
        </span>
        <span className={classes.sub}>{summary.legs > 1 ? `${summary.legs} legs` : trip.tripLegs[0]?.apptType ?? ''}</span>
      </div>
      <StopCell stop={summary.pickup} />
      <StopCell stop={summary.dropoff} />
      <div role="cell" className={classes.cell}>
        <span className={classes.line}>{serviceTypeLabel(trip.serviceTypeRequested)}</span>
      </div>
      <div role="cell" className={`${classes.cell} ${classes.numeric}`}>
        <span className={classes.line}>{summary.miles === null ? '—' : summary.miles.toFixed(1)}</span>
      </div>
      <div role="cell" className={classes.cell}>
        <span className={classes.line}>{trip.partnerPayStatus}</span>
        <span className={classes.sub}>{formatMoney(trip.farmoutRate)}</span>
      </div>
      <div role="cell" className={classes.cell}>
        <span className={classes.line} title={trip.driverName ?? undefined}>
          {trip.driverName ?? trip.driverEmpNumberAssigned ?? <span style={{ color: 'var(--mantine-color-dimmed)' }}>Unassigned</span>}
        </span>
      </div>
      <div role="cell" className={classes.cell}>
        <TripMenuButton trip={trip} expanded={menuOpen} onOpen={onMenu} />
      </div>
    </div>
  );
});
