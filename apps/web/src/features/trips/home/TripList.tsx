import { useCallback } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { isReadOnly, type DriveAssignment } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../../components/VirtualTable.tsx';
import { formatUsDate } from '../../../lib/date-input.ts';
import { useRowMenu } from '../actions/TripActionMenu.tsx';
import type { TripAction } from '../actions/use-trip-actions.tsx';
import classes from './trip-list.module.css';
import { ROW_HEIGHT, TRIP_COLUMNS, type TripRowContext } from './TripRow.tsx';

const header = (c: TableColumn<DriveAssignment, TripRowContext>) => (c.key === 'actions' ? <VisuallyHidden>Actions</VisuallyHidden> : c.label);

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
      'data-readonly': String(isReadOnly(trip)),
      'data-conflict': String(conflicts.has(trip.id)),
      'data-trip-id': trip.id,
    }),
    [conflicts],
  );
  const rowContext = useCallback(
    (trip: DriveAssignment): TripRowContext => ({ conflicted: conflicts.has(trip.id), menuOpen: openId === trip.id, onMenu: openFor }),
    [conflicts, openId, openFor],
  );
  return (
    <>
      <VirtualTable
        items={trips}
        columns={TRIP_COLUMNS}
        label={`Trips for ${formatUsDate(date)}`}
        rowHeight={ROW_HEIGHT}
        overscan={10}
        gap={10}
        getKey={(trip) => trip.id}
        rowContext={rowContext}
        rowProps={rowProps}
        renderHeader={header}
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
