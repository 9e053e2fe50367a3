import { useCallback, useMemo, useState } from 'react';
import type { DriveAssignment } from '@tripline/core';
import { RecentLocalChanges } from '../../../lib/found-set.ts';
import type { LiveRequest } from '../../../lib/live.ts';
import { useLiveFoundSet } from '../../../lib/use-live-found-set.ts';
import { loadDayTrips } from '../api.ts';

/** What a trip write needs from the list: mark the record as changed here, and put answers in. */
export interface TripRows {
  /** A write on this trip starts: its live echo must not undo what the answer brings. */
  touch(id: string): void;
  /** The server's answer replaces the rows. */
  replace(trips: readonly DriveAssignment[]): void;
  /** spec 1 §8: after a 409 the row is reset to the server's copy and flagged. */
  conflict(trip: DriveAssignment): void;
}

/**
 * The partner's trips of a day: the live found set SyncDriveAssv (pickup date, the user's
 * partner), falling back to GET drive-assignments; local answers go straight into the rows.
 */
export function useDayTrips(date: string | null, partnerId: string | null, enabled: boolean) {
  const recent = useMemo(() => new RecentLocalChanges(), []);
  const [conflicts, setConflicts] = useState<ReadonlySet<string>>(() => new Set());

  const request = useMemo<LiveRequest | null>(
    () => (enabled && date ? { table: 'SyncDriveAssv', filter: { pickupDate: date, ...(partnerId ? { affiliateId: partnerId } : {}) } } : null),
    [enabled, date, partnerId],
  );
  const found = useLiveFoundSet<DriveAssignment>({
    request,
    load: (signal) => loadDayTrips(date ?? '', signal),
    filterChange: (change) => recent.filter(change),
  });
  const { setRows } = found;

  const [shownDate, setShownDate] = useState(date);
  if (shownDate !== date) {
    setShownDate(date);
    setConflicts(new Set());
  }

  const put = useCallback(
    (trips: readonly DriveAssignment[]) => {
      if (trips.length === 0) return;
      const byId = new Map(trips.map((t) => [t.id, t]));
      for (const id of byId.keys()) recent.mark(id);
      setRows((rows) => rows?.map((r) => byId.get(r.id) ?? r));
    },
    [recent, setRows],
  );

  const rowsApi = useMemo<TripRows>(
    () => ({
      touch: (id) => recent.mark(id),
      replace: (trips) => {
        put(trips);
        setConflicts((current) => {
          if (!trips.some((t) => current.has(t.id))) return current;
          const next = new Set(current);
          for (const t of trips) next.delete(t.id);
          return next;
        });
      },
      conflict: (trip) => {
        put([trip]);
        setConflicts((current) => new Set(current).add(trip.id));
      },
    }),
    [put, recent],
  );

  return { ...found, conflicts, rowsApi };
}
