import { useEffect, useRef } from 'react';
import { live, useLiveStatus } from '../../lib/live.ts';

export interface LiveTripsState {
  /**
   * The connection was lost and is being made again; the screen may be out of date meanwhile. (Its
   * return is announced by the app's own 'Connection restored'.)
   */
  lost: boolean;
}

/**
 * Follows some trips by id over the live connection (a SyncDriveAssv found set per trip) and calls
 * `onChange` whenever one of them changes, or when the connection is back after a loss (what changed
 * meanwhile is not known). The screen then reads its HTTP answer again: that answer carries what
 * the portal works out from the trip (label, step, ETA, the actions offered), which a live row does
 * not. A trip the server refuses to follow (out of scope) is simply not followed.
 */
export function useLiveTrips(tripIds: readonly string[], onChange: () => void): LiveTripsState {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = [...tripIds].sort().join(',');
  const status = useLiveStatus();

  useEffect(() => {
    if (!key) return;
    const stops = key.split(',').map((id) => {
      let answered = false;
      return live.subscribe({ table: 'SyncDriveAssv', filter: { id } }, {
        // the first answer is what the screen already shows; a later one follows a reconnect
        fetched: () => {
          if (answered) latest.current();
          answered = true;
        },
        changed: () => latest.current(),
        error: () => undefined,
      });
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);

  return { lost: key !== '' && status.lost };
}
