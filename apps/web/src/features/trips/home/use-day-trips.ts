import { useMemo, useRef } from 'react';
import { TripListRow, toTripListRow, type DriveAssignment, type LiveView, type WindowSort } from '@tripline/core';
import type { LiveRequest } from '../../../lib/live.ts';
import { useWindowedFoundSet } from '../../../lib/use-windowed-found-set.ts';
import { loadTripWindow, type DayFilter } from '../api.ts';

/** What a trip write needs from the list: mark the record as changed here, and put answers in. */
export interface TripRows {
  /** A write on this trip starts: its live echo must not undo what the answer brings. */
  touch(id: string): void;
  /** The server's answer replaces the rows. */
  replace(trips: readonly DriveAssignment[]): void;
  /** spec 1 §8: after a 409 the row is reset to the server's copy and flagged. */
  conflict(trip: DriveAssignment): void;
}

/** What decides the day's rows besides the day: the column order (null: the day's order) and the search text. */
export interface DayQuery {
  sort: WindowSort | null;
  q: string;
}

/** Rows asked for with the first request: a screen's worth and more, so rows show without another round trip. */
export const FIRST_WINDOW = 100;

const parse = (raw: unknown) => TripListRow.parse(raw);

function dayRequest(filter: DayFilter | null, view: LiveView): LiveRequest | null {
  return filter ? { table: 'SyncDriveAssv', filter, view } : null;
}

/**
 * The partner's trips of a day as a windowed live found set (pickup date, the user's partner),
 * ordered and searched by the server: the browser holds the members and the list rows around what
 * is in view, falling back to GET drive-assignments-window. While searching, a second set of the
 * same day without the search (one row) keeps the day's count for "N of M trips".
 */
export function useDayTrips(date: string | null, partnerId: string | null, query: DayQuery) {
  const { sort, q } = query;
  const filter = useMemo<DayFilter | null>(() => (date ? { pickupDate: date, ...(partnerId ? { affiliateId: partnerId } : {}) } : null), [date, partnerId]);
  const view = useMemo<LiveView>(() => ({ start: 0, count: FIRST_WINDOW, ...(sort ? { sort } : {}), ...(q ? { q } : {}) }), [sort, q]);
  const found = useWindowedFoundSet<TripListRow>({
    request: useMemo(() => dayRequest(filter, view), [filter, view]),
    parse,
    load: (window, signal) => loadTripWindow(filter!, view, window, signal),
  });
  const whole = useWindowedFoundSet<TripListRow>({
    request: useMemo(() => (q ? dayRequest(filter, { start: 0, count: 1 }) : null), [filter, q]),
    parse,
    load: (window, signal) => loadTripWindow(filter!, {}, window, signal),
  });

  // The day's count: the list's own without a search; while a search's second set loads, the last one known of the day.
  const known = useRef<{ date: string | null; total: number } | null>(null);
  let dayTotal: number | null = null;
  if (!q && found.fetched && !found.pending) dayTotal = found.total;
  else if (q && whole.fetched) dayTotal = whole.total;
  else if (known.current?.date === date) dayTotal = known.current.total;
  if (dayTotal !== null) known.current = { date, total: dayTotal };

  const { touch, put, conflict } = found;
  const rowsApi = useMemo<TripRows>(
    () => ({
      touch,
      replace: (trips) => put(trips.map(toTripListRow)),
      conflict: (trip) => conflict(toTripListRow(trip)),
    }),
    [touch, put, conflict],
  );

  return { ...found, dayTotal, rowsApi };
}
