import { isStaff } from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';
import { bind } from './search.ts';

const PASSENGER_TYPES = ['S/N Passenger', 'Passenger'];
export const isPassenger = (types: readonly string[]) => types.some((t) => PASSENGER_TYPES.includes(t));

/**
 * Row scope of contacts, applied in the data layer (spec 1 §6, 2 §6, 3 §6): staff see every
 * contact; an Affiliate its company, the company's users and drivers; a case manager the
 * passengers its bill-tos cover (read only: no write path takes this scope); a passenger
 * themselves. Everyone sees their own contact. Anything else is out of scope (404). `params`
 * receives the values; the answer is a condition on the contacts alias `c`.
 */
export function contactScope(user: SessionUser, params: unknown[], c = 'c'): string {
  if (isStaff(user)) return 'true';
  const parts = [`${c}.id = ${bind(params, user.id)}`];
  if (user.partnerId) {
    const partner = bind(params, user.partnerId);
    parts.push(`${c}.id = ${partner}`, `${c}.parent_id = ${partner}`);
  }
  if (user.types.includes('Case Manager') && user.billToIds.length > 0) {
    parts.push(
      `(${c}.types && ${bind(params, PASSENGER_TYPES)}::text[] and exists (select 1 from coverages cv_scope
         where cv_scope.contact_id = ${c}.id and not cv_scope.deleted and cv_scope.bill_to_id = any(${bind(params, user.billToIds)}::uuid[])))`,
    );
  }
  return `(${parts.join(' or ')})`;
}
