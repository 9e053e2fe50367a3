import { hasRole, type AccessSubject } from '../auth/roles.ts';
import { CARE_MSG } from './messages.ts';

/**
 * spec 2 §6: contact edit is staff's; clearing a preferred partner is SecureEmployee's only (an
 * administrator without that type may set one but not clear it). Null: allowed.
 */
export function preferredPartnerRefusal(user: AccessSubject, current: string | null, next: string | null): string | null {
  if (current !== null && next === null && !hasRole(user, 'SecureEmployee')) return CARE_MSG.CLEAR_PREFERRED;
  return null;
}
