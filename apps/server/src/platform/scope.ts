import { isStaff, type DriveAssignment } from '@tripline/core';
import type { SessionUser } from './auth/users.ts';

/**
 * Row scope of trips, applied in the data layer (spec 1 §6, 2 §6): staff see every trip; an
 * Affiliate only trips farmed out to its partner; a case manager only trips of its bill-to
 * accounts; a passenger only trips with a leg of theirs. Anyone else sees none. `params` receives
 * the values; the answer is a SQL condition on the drive_assignments alias `da`.
 */
export function tripScope(user: SessionUser, params: unknown[], da = 'da'): string {
  if (isStaff(user)) return 'true';
  const parts: string[] = [];
  if (user.partnerId) {
    params.push(user.partnerId);
    parts.push(`${da}.farmout_contact_id = $${params.length}`);
  }
  if (user.types.includes('Case Manager') && user.billToIds.length > 0) {
    params.push(user.billToIds);
    parts.push(`${da}.bill_to_contact_id = any($${params.length}::uuid[])`);
  }
  if (user.types.includes('S/N Passenger') || user.types.includes('Passenger')) {
    params.push(user.id);
    parts.push(`exists (select 1 from trip_legs tl_scope where tl_scope.drive_assignment_id = ${da}.id and tl_scope.passenger_id = $${params.length})`);
  }
  return parts.length ? `(${parts.join(' or ')})` : 'false';
}

/**
 * The same row scope as tripScope, for a trip already in memory: the live fan-out loads a found set
 * once for every subscriber and filters it per subscriber with this. The two must agree row for row
 * (test/live-scope.test.ts checks them against each other).
 */
export function tripVisibleTo(
  user: SessionUser,
  trip: Pick<DriveAssignment, 'farmoutContactId' | 'billToContactId'> & { tripLegs: readonly { passengerId: string | null }[] },
): boolean {
  if (isStaff(user)) return true;
  if (user.partnerId && trip.farmoutContactId === user.partnerId) return true;
  if (user.types.includes('Case Manager') && trip.billToContactId !== null && user.billToIds.includes(trip.billToContactId)) return true;
  if (user.types.includes('S/N Passenger') || user.types.includes('Passenger')) {
    return trip.tripLegs.some((leg) => leg.passengerId === user.id);
  }
  return false;
}
