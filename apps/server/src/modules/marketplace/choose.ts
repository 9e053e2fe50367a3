import { isOffered, matchesMarketplaceText, milesBetween, type MarketplaceTripRow, type MarketplaceTrips } from '@tripline/core';
import type { Pool } from 'pg';
import { servedZips } from '../assignment/partners.ts';
import type { OfferedTrip } from './records.ts';

/** What a listing is asked for, after validation. */
export interface Listing {
  date: string;
  byReference: boolean;
  referenceNumbers: readonly string[];
  q: string | undefined;
  range: number;
  origin: MarketplaceTrips['origin'];
  now: Date;
}

/**
 * Which of the offered trips a listing shows (offered now, not declined by the viewing partner,
 * matching q, within range of the origin) with each one's distance, and the day's count of
 * offered trips per passenger key among those the viewer may see.
 */
export function chooseOffers<T extends { trip: OfferedTrip; row: MarketplaceTripRow }>(
  items: readonly T[],
  partnerId: string | null,
  l: Listing,
): { chosen: { item: T; distanceMiles: number | null }[]; counts: Record<string, number> } {
  const visible = items.filter((i) => isOffered(i.trip.record, l.now) && (partnerId === null || !i.trip.record.declinedBy.includes(partnerId)));
  const counts: Record<string, number> = {};
  for (const i of visible) {
    const key = i.trip.record.passengerKey;
    if (key) counts[key] = (counts[key] ?? 0) + 1;
  }
  const chosen: { item: T; distanceMiles: number | null }[] = [];
  for (const item of visible) {
    if (l.q && !matchesMarketplaceText(item.row, l.q)) continue;
    const first = item.trip.record.legs[0]?.pickup;
    const distanceMiles = l.origin && first && first.lat !== null && first.lng !== null ? milesBetween(l.origin, { lat: first.lat, lng: first.lng }) : null;
    // the range applies to a date's list with an origin; named trips are shown wherever they are
    if (!l.byReference && l.origin && (distanceMiles === null || distanceMiles > l.range)) continue;
    chosen.push({ item, distanceMiles });
  }
  return { chosen, counts };
}

/** The pickup ZIP codes among the rows that the partner serves. */
export async function zipsServed(pool: Pool, partnerId: string, rows: readonly Pick<MarketplaceTripRow, 'pickup'>[]): Promise<Set<string>> {
  const zips = rows.flatMap((r) => (r.pickup.zip ? [r.pickup.zip] : []));
  return (await servedZips(pool, zips, partnerId)).get(partnerId) ?? new Set<string>();
}
