import { hasRole, isStaff, type AccessSubject } from '../auth/roles.ts';
import { ADMIN_ACCESS_ROLE, staffRolesOf } from '../auth/su.ts';

/** A contact as the password rules see it: who it is, what it holds and whose it is. */
export interface PasswordParty extends AccessSubject {
  id: string;
  name: string;
  /** The company (or person) this contact belongs to: a partner's users and drivers name the partner. */
  parentId: string | null;
}

export const PASSWORD_ACCESS_MSG = {
  WIDER: (name: string, missing: readonly string[]) =>
    `You cannot change the password of ${name}: their account holds ${missing.join(', ')}, which yours does not.`,
  NO_USERNAME: (name: string) => `${name} has no user name, so there is no password to change`,
  RESET_SELF: 'To change your own password, use Change password',
  RESET_NOT_ALLOWED: 'Only staff and partner administrators can reset passwords',
  NO_EMAIL: (name: string) => `${name} has no email address to send a temporary password to`,
} as const;

/**
 * - out-of-scope: the caller may not reach this contact at all (the server answers 404);
 * - wider: the contact holds staff access the caller lacks (403);
 * - self: a reset of one's own password (400: change it instead);
 * - not-allowed: the caller may not reset passwords (403).
 */
export type PasswordRefusal = { ok: false; reason: 'out-of-scope' | 'wider' | 'self' | 'not-allowed'; message: string };
export type PasswordDecision = { ok: true; currentRequired: boolean } | PasswordRefusal;

const label = (role: string) => (role === ADMIN_ACCESS_ROLE ? 'administrator access' : role);

/** The target's staff roles the caller does not hold; adminAccess holds them all. */
function rolesAbove(caller: PasswordParty, target: PasswordParty): string[] {
  if (caller.adminAccess) return [];
  const held = new Set(staffRolesOf(caller));
  return staffRolesOf(target).filter((r) => !held.has(r));
}

/** The target is the caller's own child: a partner's user or driver, for the partner's account. */
const isChild = (caller: PasswordParty, target: PasswordParty) => target.parentId !== null && target.parentId === caller.id;

/** Caller and target belong to the same parent and the caller is its AffiliateAdmin. */
const isSiblingUnderAffiliateAdmin = (caller: PasswordParty, target: PasswordParty) =>
  hasRole(caller, 'AffiliateAdmin') && caller.parentId !== null && target.parentId === caller.parentId;

const outOfScope = (): PasswordRefusal => ({ ok: false, reason: 'out-of-scope', message: 'The record was not found.' });

function wider(caller: PasswordParty, target: PasswordParty): PasswordRefusal | null {
  const missing = rolesAbove(caller, target);
  return missing.length > 0 ? { ok: false, reason: 'wider', message: PASSWORD_ACCESS_MSG.WIDER(target.name, missing.map(label)) } : null;
}

/**
 * Who may change whose password (spec 2 §5, rule 149): everyone their own; staff (and adminAccess)
 * anyone at or below their access; a partner's account its users and drivers (its children); an
 * AffiliateAdmin the other users of its company (its siblings). The current password is asked for
 * unless the caller has adminAccess, the target is the caller's child, or a sibling under an
 * AffiliateAdmin.
 */
export function passwordEditDecision(caller: PasswordParty, target: PasswordParty): PasswordDecision {
  if (caller.id === target.id) return { ok: true, currentRequired: !caller.adminAccess };
  const child = isChild(caller, target);
  const sibling = isSiblingUnderAffiliateAdmin(caller, target);
  if (!child && !sibling && !isStaff(caller)) return outOfScope();
  return wider(caller, target) ?? { ok: true, currentRequired: !(caller.adminAccess || child || sibling) };
}

/**
 * Who may reset another's password to a temporary one (3 §7): staff anyone at or below their
 * access; an AffiliateAdmin its company's users. Never one's own, never above the caller.
 */
export function passwordResetDecision(caller: PasswordParty, target: PasswordParty): PasswordDecision {
  if (caller.id === target.id) return { ok: false, reason: 'self', message: PASSWORD_ACCESS_MSG.RESET_SELF };
  if (isStaff(caller)) return wider(caller, target) ?? { ok: true, currentRequired: false };
  if (!hasRole(caller, 'AffiliateAdmin')) return { ok: false, reason: 'not-allowed', message: PASSWORD_ACCESS_MSG.RESET_NOT_ALLOWED };
  if (!isChild(caller, target) && !isSiblingUnderAffiliateAdmin(caller, target)) return outOfScope();
  return wider(caller, target) ?? { ok: true, currentRequired: false };
}
