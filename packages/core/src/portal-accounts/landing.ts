import { hasRole, type AccessSubject } from '../auth/roles.ts';
import { PORTAL_ACCOUNT_MSG } from './texts.ts';

/** Where a user goes after signing in on a portal login page, or why the sign-in is refused. */
export type PortalLanding = { kind: 'go'; to: string } | { kind: 'refused'; message: string };

/**
 * The portal login pages' landing rule (DECISIONS "Ambiguities settled"): a case
 * manager goes to /admin/trips, which sends a portal case manager on to /case-manager/ (a PaceStaff
 * or staff case manager stays on the trip search); an S/N Passenger goes to /passenger-portal/.
 * Anyone else is refused with NO_PORTAL_ACCESS and the screen ends the session. A temporary
 * password is changed first (3 §7), as on the staff login page.
 */
export function portalSignInLanding(user: AccessSubject): PortalLanding {
  const caseManager = hasRole(user, 'Case Manager');
  const passenger = hasRole(user, 'S/N Passenger');
  if (!caseManager && !passenger) return { kind: 'refused', message: PORTAL_ACCOUNT_MSG.NO_PORTAL_ACCESS };
  if (user.passwordChangeRequired) return { kind: 'go', to: '/edit-password' };
  return { kind: 'go', to: caseManager ? '/admin/trips' : '/passenger-portal/' };
}

/**
 * Accounts the portal's reset link and account settings serve: portal users who are not staff.
 * Staff and partner users change passwords through the staff screens (password-edit, password-reset).
 */
export function isPortalAccount(user: AccessSubject): boolean {
  if (user.adminAccess || hasRole(user, 'SecureEmployee') || hasRole(user, 'Affiliate')) return false;
  return hasRole(user, 'Case Manager') || hasRole(user, 'S/N Passenger');
}
