import { isOfferable, MARKETPLACE_MSG, offerInstant, tripPickupAt, type DriveAssignment } from '@tripline/core';
import type { PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';

/**
 * Staff offer a trip in the marketplace or withdraw it (PATCH drive-assignments-detailed
 * marketplaceUntil): the new marketplace_until, or undefined when nothing changes.
 * An offer needs a trip the marketplace can offer and an instant from pickup − 3 days to
 * pickup − 16 h (or now once that range has passed); null withdraws it.
 */
export function offerChange(trip: DriveAssignment, asked: string | null, now: Date): string | null | undefined {
  const current = trip.marketplaceUntil ?? null;
  if (asked === null) return current === null ? undefined : null;
  const pickupAt = tripPickupAt(trip);
  if (!isOfferable({ ...trip, pickupAt }, now)) {
    throw badRequest(MARKETPLACE_MSG.NOT_OFFERABLE, [{ path: 'marketplaceUntil', message: MARKETPLACE_MSG.NOT_OFFERABLE }]);
  }
  const instant = offerInstant(pickupAt, new Date(asked), now);
  if ('error' in instant) throw badRequest(instant.error, [{ path: 'marketplaceUntil', message: instant.error }]);
  const at = instant.at.toISOString();
  return current !== null && Date.parse(current) === instant.at.getTime() ? undefined : at;
}

/**
 * A decline ends the exclusive window of the trip's partner, so every other partner
 * may claim the offered trip at once (the decliner no longer sees it).
 */
export async function endExclusiveWindow(client: PoolClient, tripId: string, now: Date): Promise<void> {
  await client.query('update drive_assignments set marketplace_until = $2 where id = $1 and marketplace_until > $2', [tripId, now]);
}
