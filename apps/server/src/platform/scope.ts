import { isStaff } from '@tripline/core';
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
