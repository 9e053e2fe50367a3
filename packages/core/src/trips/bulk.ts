import { dateInZone } from '../time/zone.ts';
import { TRIP_MSG } from './messages.ts';
import type { DriveAssignment, TripLeg } from './model.ts';
import { legCancelled } from './rules.ts';
import { isTodayOrLater, SEARCH_MSG } from './search.ts';

/**
 * The bulk actions of the trip search (spec 2 §6, §7, §9) and which trips each one changes. A
 * trip that is not changed is skipped with the reason; the others are changed together.
 */
export const BULK_ACTIONS = ['unCancel', 'reset', 'assign', 'cancel', 'unassign'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Skip reasons of bulk actions; the spec words the first two, the rest are ours (docs/decisions.md). */
export const BULK_MSG = {
  TODAY_OR_LATER: SEARCH_MSG.BULK_TODAY_OR_LATER,
  FINALIZED: TRIP_MSG.FINALIZED_READ_ONLY,
  NO_SUCH_TRIP: 'No such trip',
  ALREADY_ASSIGNED: 'Already assigned to this partner',
  NOT_CANCELLED: 'This trip is not cancelled',
  ALREADY_CANCELLED: 'This trip is already cancelled',
  CANCELLED: 'This trip is cancelled',
  NO_PARTNER: 'This trip has no partner',
  NO_ANSWER: 'The partner has not answered this trip',
} as const;

/** What a bulk cancel by staff records: early, without charge (staff need no stats, spec 2 §6). */
export const STAFF_CANCEL_REASON = 'Other';

export type BulkTrip = Pick<
  DriveAssignment,
  'id' | 'referenceNumber' | 'serviceDate' | 'timeZone' | 'partnerPayStatus' | 'canceled' | 'accepted' | 'declined' | 'farmoutContactId'
> & { tripLegs?: readonly Pick<TripLeg, 'status' | 'cancelNc'>[] };

/**
 * What un-cancel restores: a trip cancelled as a whole, or one with a cancelled leg (staff cancel
 * legs one at a time from the editor, spec 2 §5).
 */
export const hasCancellation = (t: Pick<BulkTrip, 'canceled' | 'tripLegs'>): boolean => t.canceled || (t.tripLegs?.some(legCancelled) ?? false);

export interface BulkOptions {
  now: Date;
  /** The partner of bulk-assign. */
  providerId?: string;
}

/** Why one trip is skipped by a bulk action, or null when the action changes it. */
export function bulkSkipReason(action: BulkAction, trip: BulkTrip, opts: BulkOptions): string | null {
  // spec 2 §6, §9: bulk actions apply only to service dates today or later, in the trip's zone
  if (!isTodayOrLater(trip.serviceDate, dateInZone(opts.now, trip.timeZone))) return BULK_MSG.TODAY_OR_LATER;
  // spec 2 §4: a Final trip is read-only
  if (trip.partnerPayStatus === 'Final') return BULK_MSG.FINALIZED;
  switch (action) {
    case 'unCancel':
      return hasCancellation(trip) ? null : BULK_MSG.NOT_CANCELLED;
    case 'cancel':
      return trip.canceled ? BULK_MSG.ALREADY_CANCELLED : null;
    case 'reset':
      if (trip.canceled) return BULK_MSG.CANCELLED;
      return trip.accepted || trip.declined ? null : BULK_MSG.NO_ANSWER;
    case 'assign':
      if (trip.canceled) return BULK_MSG.CANCELLED;
      return opts.providerId !== undefined && trip.farmoutContactId === opts.providerId ? BULK_MSG.ALREADY_ASSIGNED : null;
    case 'unassign':
      if (trip.canceled) return BULK_MSG.CANCELLED;
      return trip.farmoutContactId ? null : BULK_MSG.NO_PARTNER;
  }
}

export interface BulkSkip {
  id: string | null;
  referenceNumber: string | null;
  reason: string;
}

export interface BulkPlan<T extends BulkTrip> {
  change: T[];
  skipped: BulkSkip[];
}

/**
 * Splits the requested trips into those the action changes and those it skips. `requested` are the
 * ids or reference numbers as sent (each once, in the order sent); `found` the trips among them
 * that exist in the caller's scope, keyed the same way. Unknown keys are skipped as 'No such trip'.
 */
export function planBulk<T extends BulkTrip>(
  action: BulkAction,
  requested: readonly string[],
  found: ReadonlyMap<string, T>,
  opts: BulkOptions,
  by: 'id' | 'referenceNumber',
): BulkPlan<T> {
  const change: T[] = [];
  const skipped: BulkSkip[] = [];
  const seen = new Set<string>();
  for (const key of requested) {
    if (seen.has(key)) continue;
    seen.add(key);
    const trip = found.get(key);
    if (!trip) {
      skipped.push({ id: by === 'id' ? key : null, referenceNumber: by === 'referenceNumber' ? key : null, reason: BULK_MSG.NO_SUCH_TRIP });
      continue;
    }
    // the same trip asked for twice (an id in other letter case) is decided once
    if (seen.has(`trip:${trip.id}`)) continue;
    seen.add(`trip:${trip.id}`);
    const reason = bulkSkipReason(action, trip, opts);
    if (reason) skipped.push({ id: trip.id, referenceNumber: trip.referenceNumber, reason });
    else change.push(trip);
  }
  return { change, skipped };
}

/** spec 2 §8: un-cancel needs at least one cancelled trip in the found set. */
export function hasCancelledTrip(trips: Iterable<Pick<BulkTrip, 'canceled' | 'tripLegs'>>): boolean {
  for (const t of trips) if (hasCancellation(t)) return true;
  return false;
}

/**
 * Why a bulk action is refused as a whole, or null when it runs (spec 2 §8): a found set without
 * any trip the caller may see matches nothing; un-cancel needs a cancelled trip among those it may
 * change, the trips of today or later (a cancelled trip of last week does not count).
 */
export function bulkRefusal(action: BulkAction, found: Iterable<Pick<BulkTrip, 'canceled' | 'tripLegs' | 'serviceDate' | 'timeZone'>>, now: Date): string | null {
  const trips = [...found];
  if (trips.length === 0) return SEARCH_MSG.NO_MATCH;
  if (action === 'unCancel' && !hasCancelledTrip(trips.filter((t) => isTodayOrLater(t.serviceDate, dateInZone(now, t.timeZone))))) {
    return SEARCH_MSG.NO_CANCELED_IN_FOUND_SET;
  }
  return null;
}
