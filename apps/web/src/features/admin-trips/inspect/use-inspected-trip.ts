import { useCallback, useMemo } from 'react';
import { TRIP_MSG, type DriveAssignment } from '@tripline/core';
import { RecentLocalChanges } from '../../../lib/found-set.ts';
import type { LiveRequest } from '../../../lib/live.ts';
import { toast } from '../../../lib/toast.tsx';
import { useLiveFoundSet } from '../../../lib/use-live-found-set.ts';
import type { TripRows } from '../../trips/home/use-day-trips.ts';
import { loadTrip } from './api.ts';

/**
 * The trip shown in trip inspect, kept current by the live found set SyncDriveAssv filtered by its
 * id (spec 2 §7), with GET drive-assignments?id as the fallback. spec 2 §8: when the answer is not
 * exactly one row, the trip is `missing` ('No trip found for id').
 */
export function useInspectedTrip(id: string | null) {
  const recent = useMemo(() => new RecentLocalChanges(), []);
  const request = useMemo<LiveRequest | null>(() => (id ? { table: 'SyncDriveAssv', filter: { id } } : null), [id]);
  const found = useLiveFoundSet<DriveAssignment>({
    request,
    load: (signal) => loadTrip(id ?? '', signal),
    filterChange: (change) => {
      const kept = recent.filter(change);
      // spec 2 §8: someone else changed the open trip; the modal now shows their version
      if (kept.updated.length > 0) toast.success(TRIP_MSG.RESERVATION_REFRESHED, { id: 'reservation-refreshed', duration: 'short' });
      return kept;
    },
  });
  const { rows, setRows, reload } = found;

  const put = useCallback(
    (trip: DriveAssignment) => {
      recent.mark(trip.id);
      setRows((current) => (current?.length === 1 && current[0].id === trip.id ? [trip] : current));
    },
    [recent, setRows],
  );

  /** What a trip write (writeTrip of the partner actions) needs; a conflict fetches the trip again. */
  const rowsApi = useMemo<TripRows>(
    () => ({
      touch: (tripId) => recent.mark(tripId),
      replace: (trips) => trips.forEach(put),
      conflict: (trip) => {
        put(trip);
        void reload();
      },
    }),
    [put, recent, reload],
  );

  return {
    trip: rows?.length === 1 ? rows[0] : null,
    missing: rows !== undefined && rows.length !== 1,
    loading: rows === undefined && !found.error,
    error: found.error,
    /** spec 2 §8: the live connection is lost; TRIP_MSG.LIVE_LOST_BACK_OFFICE is shown until it is back. */
    liveLost: found.lost,
    reload,
    put,
    rowsApi,
  };
}
