/**
 * Roles (spec 1 §6, 2 §6). A user's roles are the union of its contact types, its directory groups
 * (ldapGroups) and Admin when it has adminAccess; every signed-in user also holds All.
 */
export const ROLES = [
  'Affiliate',
  'SecureEmployee',
  'Admin',
  'S/N Passenger',
  'Case Manager',
  'FleetManagement',
  'PartnerCredentialing',
  'PartnerManagement',
  'All',
  'Encounters',
  'PaceStaff',
  'AffiliateAdmin',
  'ItinerisAdmin',
  'AffiliateEmployee',
  'Dispatch',
  'Finance',
  'QA',
] as const;
export type Role = (typeof ROLES)[number];

/** Contact types a contact record may carry (spec 1 §3, 2 §1). Roles among them grant access. */
export const CONTACT_TYPES = [
  'Passenger',
  'S/N Passenger',
  'Affiliate',
  'AffiliateAdmin',
  'AffiliateEmployee',
  'Driver',
  'SecureEmployee',
  'Admin',
  'Case Manager',
  'PaceStaff',
  'Bill To',
  'MCO',
  'Facility',
  'Finance',
  'PartnerCredentialing',
  'ItinerisAdmin',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** What access decisions need to know about a signed-in user. */
export interface AccessSubject {
  types: readonly string[];
  ldapGroups: readonly string[];
  adminAccess: boolean;
  /** May POST to the auto-scheduler (lands on /trip-import). */
  autoSchedulerPost?: boolean;
  /** Holds a temporary password that must be changed at this sign-in (3 §7). */
  passwordChangeRequired?: boolean;
}

export function rolesOf(user: AccessSubject): Set<string> {
  const roles = new Set<string>(['All', ...user.types, ...user.ldapGroups]);
  if (user.adminAccess) roles.add('Admin');
  return roles;
}

export function hasRole(user: AccessSubject, role: Role): boolean {
  return rolesOf(user).has(role);
}

/** Staff of the operator (spec 1 §6: SecureEmployee and Admin). */
export function isStaff(user: AccessSubject): boolean {
  return user.adminAccess || hasRole(user, 'SecureEmployee');
}

/**
 * Whether a user may use something that names its allowed roles.
 * adminAccess bypasses every check; no list means SecureEmployee (spec 1 §6).
 */
export function mayAccess(user: AccessSubject, roles: readonly Role[] | undefined | null): boolean {
  if (user.adminAccess) return true;
  const held = rolesOf(user);
  const needed = roles && roles.length > 0 ? roles : (['SecureEmployee'] as const);
  return needed.some((r) => held.has(r));
}

/** Case managers who are not PaceStaff use the case manager portal (spec 2 §6, DECISIONS). */
export function isPortalCaseManager(user: AccessSubject): boolean {
  const held = rolesOf(user);
  return held.has('Case Manager') && !held.has('PaceStaff') && !held.has('SecureEmployee') && !user.adminAccess;
}

/**
 * Default landing page after sign-in (spec 1 §2, 2 §2; DECISIONS: case managers who are not
 * PaceStaff land on /case-manager/). Null means the user has no page: show NO_SITE_ACCESS.
 */
export function defaultLanding(user: AccessSubject): string | null {
  const held = rolesOf(user);
  if (user.adminAccess) return '/admin';
  if (held.has('Affiliate')) return '/';
  if (held.has('PartnerCredentialing')) return '/compliance';
  if (held.has('SecureEmployee')) return '/admin/trips';
  if (held.has('Case Manager')) return isPortalCaseManager(user) ? '/case-manager/' : '/admin/trips';
  if (user.autoSchedulerPost) return '/trip-import';
  if (held.has('S/N Passenger')) return '/passenger-portal/';
  return null;
}
