import { isStaff, rolesOf, type AccessSubject } from './roles.ts';

/**
 * Impersonation (su, spec 1 §6, 2 §6) never reaches more than its user holds.
 *
 * Roles that do not make a contact staff: partners' users, drivers, case managers, passengers and
 * the record-only types (bill-to, MCO, facility). Every other contact type or directory group, known
 * or not, counts as a staff role, so a new group is guarded until it is listed here.
 */
const NON_STAFF_ROLES: ReadonlySet<string> = new Set([
  'All',
  'Affiliate',
  'AffiliateAdmin',
  'AffiliateEmployee',
  'Driver',
  'Case Manager',
  'Passenger',
  'S/N Passenger',
  'Bill To',
  'MCO',
  'Facility',
]);

/** Marks adminAccess among a target's staff roles: more than the Admin contact type. */
export const ADMIN_ACCESS_ROLE = 'adminAccess';

/** What su needs to know about the contact to become. */
export interface SuTarget extends AccessSubject {
  name: string;
  /** Signs in with a code (MFA) as well as a password. */
  mfaRequired: boolean;
}

/** Who asks: the signed-in user as they really are (null su when not impersonating). */
export interface SuCaller extends AccessSubject {
  id: string;
  su?: { id: string } | null;
}

export type SuRefusalReason = 'not-staff' | 'impersonating' | 'self' | 'wider' | 'code';

export interface SuRefusal {
  reason: SuRefusalReason;
  message: string;
  /** For 'wider': the target's staff roles the caller does not hold. */
  missing?: string[];
}

export const SU_MSG = {
  NOT_STAFF: 'Only staff can log in as another contact.',
  IMPERSONATING: 'Sign out to end the current impersonation first',
  SELF: 'You are already signed in as this contact',
  WIDER: (name: string, missing: readonly string[]) =>
    `You cannot log in as ${name}: their account holds ${missing.join(', ')}, which yours does not.`,
  CODE: (name: string) =>
    `You cannot log in as ${name}: staff who sign in with a code can only be impersonated by an administrator.`,
} as const;

const label = (role: string) => (role === ADMIN_ACCESS_ROLE ? 'administrator access' : role);

/** The roles that make a contact staff: staff contact types, directory groups and adminAccess. */
export function staffRolesOf(subject: AccessSubject): string[] {
  const roles = [...rolesOf(subject)].filter((r) => !NON_STAFF_ROLES.has(r));
  if (subject.adminAccess) roles.push(ADMIN_ACCESS_ROLE);
  return roles.sort();
}

/** A staff target: it holds any staff role (a partner user with a directory group is one too). */
export function isStaffTarget(target: AccessSubject): boolean {
  return staffRolesOf(target).length > 0;
}

/**
 * Why the caller may not become the target, or null when su may go ahead.
 * - only staff (SecureEmployee or adminAccess) impersonate, one impersonation at a time, not themselves;
 * - partners' users, drivers, case managers and passengers are reachable however they sign in;
 * - a staff target only when its staff roles are a subset of the caller's (adminAccess holds all);
 * - a staff target that signs in with a code only by adminAccess.
 */
export function suRefusal(caller: SuCaller, target: SuTarget & { id?: string }): SuRefusal | null {
  if (!isStaff(caller)) return { reason: 'not-staff', message: SU_MSG.NOT_STAFF };
  if (caller.su) return { reason: 'impersonating', message: SU_MSG.IMPERSONATING };
  if (target.id !== undefined && target.id === caller.id) return { reason: 'self', message: SU_MSG.SELF };
  if (!isStaffTarget(target) || caller.adminAccess) return null;
  const held = new Set(staffRolesOf(caller));
  const missing = staffRolesOf(target).filter((r) => !held.has(r));
  if (missing.length > 0) {
    return { reason: 'wider', message: SU_MSG.WIDER(target.name, missing.map(label)), missing };
  }
  if (target.mfaRequired) return { reason: 'code', message: SU_MSG.CODE(target.name) };
  return null;
}

export function mayImpersonate(caller: SuCaller, target: SuTarget & { id?: string }): boolean {
  return suRefusal(caller, target) === null;
}
