import { useEffect, useRef } from 'react';
import { live, useLiveStatus, type LiveClient } from '../../lib/live.ts';

/** How long changes are gathered before the screen reads its answer again. */
const GATHER_MS = 300;

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
    // changes that come together (a bulk assignment of many of today's trips) make one read
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = followTrips(live, key.split(','), () => {
      timer ??= setTimeout(() => {
        timer = null;
        latest.current();
      }, GATHER_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [key]);

  return { lost: key !== '' && status.lost };
}

/**
 * Subscribes to each trip by id (a SyncDriveAssv found set filtered by `id`) and calls `onChange`
 * on a change, or on a fresh answer after a reconnect; the first answer of each is what the
 * screen already holds. Answers the function that ends every subscription.
 */
export function followTrips(client: Pick<LiveClient, 'subscribe'>, tripIds: readonly string[], onChange: () => void): () => void {
  const stops = tripIds.map((id) => {
    let answered = false;
    return client.subscribe(
      { table: 'SyncDriveAssv', filter: { id } },
      {
        fetched: () => {
          if (answered) onChange();
          answered = true;
        },
        changed: () => onChange(),
        // a trip the server will not follow (out of scope) simply is not followed
        error: () => undefined,
      },
    );
  });
  return () => {
    for (const stop of stops) stop();
  };
}
