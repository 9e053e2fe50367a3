import type { MarketplaceTrip, MarketplaceTripRow } from '@tripline/core';
import type { FoundSetChange } from '../../lib/live.ts';

/**
 * The list holds GET marketplace-trips' answer (rows with the caller's rate, distance and coverage);
 * the MarketplaceTrip found set says which trips are still offered and how they stand. These put
 * the two together.
 */

/** The found set's first answer: trips it no longer holds (claimed or withdrawn meanwhile) leave the list. */
export function keepOffered(trips: readonly MarketplaceTrip[], offered: readonly Pick<MarketplaceTripRow, 'id'>[]): MarketplaceTrip[] {
  const ids = new Set(offered.map((r) => r.id));
  const kept = trips.filter((t) => ids.has(t.id));
  return kept.length === trips.length ? (trips as MarketplaceTrip[]) : kept;
}

/**
 * A change of the found set: removed trips leave, updated ones take the new row but keep what only
 * the HTTP answer knows (rate, distance, coverage). A trip added to the found set is not priced
 * for the caller yet: `reload` says the list should be read again.
 */
export function applyLiveChange(trips: readonly MarketplaceTrip[], change: FoundSetChange<MarketplaceTripRow>): { trips: MarketplaceTrip[]; reload: boolean } {
  const removed = new Set(change.removed);
  const updated = new Map(change.updated.map((r) => [r.id, r]));
  const known = new Set(trips.map((t) => t.id));
  const reload = change.added.some((r) => !known.has(r.id));
  if (removed.size === 0 && updated.size === 0) return { trips: trips as MarketplaceTrip[], reload };
  const next: MarketplaceTrip[] = [];
  for (const t of trips) {
    if (removed.has(t.id)) continue;
    const row = updated.get(t.id);
    next.push(row ? { ...t, ...row } : t);
  }
  return { trips: next, reload };
}
