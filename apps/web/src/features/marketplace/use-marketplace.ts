import { useCallback, useEffect, useRef, useState } from 'react';
import type { MarketplaceTrip, MarketplaceTripRow, MarketplaceTrips } from '@tripline/core';
import { live } from '../../lib/live.ts';
import { loadMarketplace, type MarketplaceAsk } from './api.ts';
import { applyLiveChange, keepOffered } from './live-merge.ts';

/** A newly offered trip is priced by reading the list again, at most this often. */
const RELOAD_AFTER_MS = 1_000;

export interface MarketplaceList {
  /** Undefined while the first answer for these filters is awaited. */
  trips: MarketplaceTrip[] | undefined;
  counts: Record<string, number>;
  /** The question the trips answer (changes with every new list, not with live changes to it). */
  answered: string | null;
  /** Where distances were measured from (the filter's ZIP or the partner's base), when known. */
  origin: MarketplaceTrips['origin'];
  error: unknown;
  reload(): void;
  /** Takes trips off the list at once (claimed here: the found set's word follows). */
  drop(ids: readonly string[]): void;
}

/**
 * The offered trips of the filters: GET marketplace-trips for the caller's rates and distances, kept
 * current by the MarketplaceTrip found set of the same day, so a trip claimed or withdrawn anywhere
 * leaves the list and the map without a reload.
 */
export function useMarketplace(ask: MarketplaceAsk | null): MarketplaceList {
  const [trips, setTrips] = useState<MarketplaceTrip[] | undefined>(undefined);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [origin, setOrigin] = useState<MarketplaceTrips['origin']>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const key = ask ? JSON.stringify(ask) : null;
  // what the found set last said is offered: a list read again is held to it
  const offered = useRef<MarketplaceTripRow[] | null>(null);

  useEffect(() => {
    setTrips(undefined);
    setError(null);
    offered.current = null;
    if (!key) return;
    const asked = JSON.parse(key) as MarketplaceAsk;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = (first: boolean) =>
      loadMarketplace(asked, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const known = offered.current;
          setTrips(known ? keepOffered(answer.driveAssignments, known) : answer.driveAssignments);
          setCounts(answer.tripCountsByPassenger);
          setOrigin(answer.origin ?? null);
          setAnswered(key);
          setError(null);
          if (first) follow();
        },
        (failure: unknown) => {
          if (!controller.signal.aborted && first) setError(failure);
        },
      );
    const later = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void read(false);
      }, RELOAD_AFTER_MS);
    };
    // Followed once the list is in (the found set's first answer then says what has gone meanwhile),
    // so the page does not take in two copies of the day at once. Exact reference numbers may name
    // trips of any day: only the list's own day is followed.
    let unsubscribe = () => {};
    const follow = () => {
      if (asked.referenceNumbers || controller.signal.aborted) return;
      unsubscribe = live.subscribe<MarketplaceTripRow>(
        { table: 'MarketplaceTrip', filter: { date: asked.date } },
        {
          fetched: (rows) => {
            offered.current = rows;
            setTrips((current) => (current ? keepOffered(current, rows) : current));
          },
          changed: (change) => {
            setTrips((current) => {
              if (!current) return current;
              const out = applyLiveChange(current, change);
              if (out.reload) later();
              return out.trips;
            });
          },
        },
      );
    };
    void read(true);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const drop = useCallback((ids: readonly string[]) => {
    const gone = new Set(ids);
    setTrips((current) => current?.filter((t) => !gone.has(t.id)));
  }, []);
  return { trips, counts, answered, origin, error, reload, drop };
}
