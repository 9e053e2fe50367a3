import { isStaff, type DriveAssignment, type SyncDriveAssvFilter } from '@tripline/core';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { TripFilter } from '../trips/repository.ts';

export type TripFoundSetFilter = z.output<typeof SyncDriveAssvFilter>;

/** The repository filter of a found set, so live rows are exactly the rows the HTTP list answers. */
export function toTripFilter(f: TripFoundSetFilter): TripFilter {
  return {
    ...(f.pickupDate ? { serviceDate: f.pickupDate } : {}),
    ...(f.division ? { division: f.division } : {}),
    ...(f.affiliateId ? { affiliateId: f.affiliateId } : {}),
    ...(f.id ? { ids: [f.id] } : {}),
  };
}

/** Whether a trip belongs to a found set: the same conditions as the repository's WHERE clause. */
export function tripMatches(f: TripFoundSetFilter, trip: Pick<DriveAssignment, 'id' | 'serviceDate' | 'division' | 'farmoutContactId'>): boolean {
  return (
    (!f.pickupDate || trip.serviceDate === f.pickupDate) &&
    (!f.division || trip.division === f.division) &&
    (!f.affiliateId || trip.farmoutContactId === f.affiliateId) &&
    (!f.id || trip.id === f.id)
  );
}

const PASSENGER_TYPES = ['S/N Passenger', 'Passenger'];

/**
 * The found set a user's fetch is evaluated as. Empty fields are dropped so they share with absent
 * ones, and ids are lower-cased. A user whose only scope is one partner can never see another partner's trips, so the filter
 * is narrowed to that partner: all of the partner's users share one small found set instead of
 * the whole day, and a request for another partner is answered empty without a query. Null: no
 * row can be visible. Row scope is still applied to every row sent (tripVisibleTo).
 */
export function narrowTripFilter(user: SessionUser, filter: TripFoundSetFilter): TripFoundSetFilter | null {
  // One trip by id follows that trip whatever its date becomes; a date given as well still applies.
  const f: TripFoundSetFilter = filter.pickupDate ? { pickupDate: filter.pickupDate } : {};
  if (filter.division) f.division = filter.division;
  // Ids compare as uuids in SQL (any letter case); in memory they are the lower-case text.
  if (filter.affiliateId) f.affiliateId = filter.affiliateId.toLowerCase();
  if (filter.id) f.id = filter.id.toLowerCase();
  if (isStaff(user)) return f;
  const caseManager = user.types.includes('Case Manager') && user.billToIds.length > 0;
  const passenger = user.types.some((t) => PASSENGER_TYPES.includes(t));
  if (caseManager || passenger) return f;
  if (!user.partnerId) return null;
  if (f.affiliateId && f.affiliateId !== user.partnerId) return null;
  return { ...f, affiliateId: user.partnerId };
}
