import { useCallback } from 'react';
import { isReadOnly, type DriveAssignment } from '@tripline/core';
import { VirtualRows } from '../../../components/VirtualRows.tsx';
import { formatUsDate } from '../../../lib/date-input.ts';
import { useRowMenu } from '../actions/TripActionMenu.tsx';
import type { TripAction } from '../actions/use-trip-actions.tsx';
import classes from './trip-list.module.css';
import { ROW_HEIGHT, TripHeader, TripRow } from './TripRow.tsx';

/** The day's trips as a windowed table: only the rows in view are in the page. */
export function TripList({
  date,
  trips,
  conflicts,
  developerMode,
  onAction,
}: {
  date: string;
  trips: readonly DriveAssignment[];
  conflicts: ReadonlySet<string>;
  /** Staff developer mode: past trips can still be accepted or declined, with a warning. */
  developerMode: boolean;
  onAction(kind: TripAction, trip: DriveAssignment): void;
}) {
  const rowMenu = useRowMenu(onAction, developerMode);
  const { openFor, openId, follow } = rowMenu;
  const rowProps = useCallback(
    (trip: DriveAssignment) => ({
      className: classes.row,
      'data-readonly': String(isReadOnly(trip)),
      'data-conflict': String(conflicts.has(trip.id)),
      'data-trip-id': trip.id,
    }),
    [conflicts],
  );
  return (
    <>
      <VirtualRows
        items={trips}
        rowHeight={ROW_HEIGHT}
        overscan={10}
        label={`Trips for ${formatUsDate(date)}`}
        header={<TripHeader />}
        minWidth={1080}
        getKey={(trip) => trip.id}
        rowProps={rowProps}
        renderRow={(trip) => <TripRow trip={trip} conflicted={conflicts.has(trip.id)} menuOpen={openId === trip.id} onMenu={openFor} />}
        className={classes.table}
        style={{ flex: 1, minHeight: 320 }}
        onScroll={openId ? follow : undefined}
      />
      {rowMenu.menu}
    </>
  );
}
