import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DriveAssignment, ReservationDetail } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { RecentLocalChanges } from '../../lib/found-set.ts';
import type { LiveRequest } from '../../lib/live.ts';
import { useLiveFoundSet } from '../../lib/use-live-found-set.ts';
import { loadTrip } from '../admin-trips/inspect/api.ts';
import { loadReservation } from './api.ts';

export type LoadState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; trip: ReservationDetail };

/**
 * The reservation the editor shows, loaded by the route's {id} and followed live by the found set
 * SyncDriveAssv filtered by its id, as trip inspect follows its trip (spec 2 §7, §8). A live change
 * with another modCount that this tab did not make in the last 5 seconds is another's change:
 * `onRemoteChange` decides whether to take it in (reload) or to ask first.
 */
export function useReservation(param: string | null, onRemoteChange: () => void) {
  const [state, setState] = useState<LoadState>({ kind: param ? 'loading' : 'missing' });
  const recent = useMemo(() => new RecentLocalChanges(), []);
  const remote = useRef(onRemoteChange);
  remote.current = onRemoteChange;
  const trip = state.kind === 'ready' ? state.trip : null;
  const modCount = useRef<number | null>(null);
  modCount.current = trip?.modCount ?? null;

  const load = useCallback(async () => {
    if (!param) return;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    try {
      setState({ kind: 'ready', trip: await loadReservation(param) });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ kind: 'missing' });
      else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [param]);

  useEffect(() => {
    // the trip just saved under its new address is shown while it is read again
    setState((s) => (s.kind === 'ready' && (s.trip.id === param || s.trip.referenceNumber === param) ? s : { kind: param ? 'loading' : 'missing' }));
    void load();
  }, [load, param]);

  const id = trip?.id ?? null;
  const request = useMemo<LiveRequest | null>(() => (id ? { table: 'SyncDriveAssv', filter: { id } } : null), [id]);
  const live = useLiveFoundSet<DriveAssignment>({
    request,
    load: (signal) => loadTrip(id ?? '', signal),
    filterChange: (change) => {
      const kept = recent.filter(change);
      if (kept.updated.some((t) => t.id === id && t.modCount !== modCount.current)) remote.current();
      return kept;
    },
  });

  return {
    state,
    /** Loads the reservation again (after another's change, or a failed load). */
    reload: load,
    /** Takes the server's answer of a save or a conflict as the reservation shown. */
    put: (next: ReservationDetail) => setState({ kind: 'ready', trip: next }),
    /** This tab is about to change the reservation: its live echo is not another's change. */
    touch: (tripId: string) => recent.mark(tripId),
    /** DECISIONS 8: the back office's text when the live connection is lost. */
    liveLost: live.lost,
    /** The single-record subscription was refused or could not be made: live updates are not shown. */
    noLock: id !== null && live.source === 'http',
  };
}
