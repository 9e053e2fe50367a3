/**
 * Password rules (spec 2 §5, DECISIONS 3). Five rules are shown as a live checklist; what is
 * enforced, identically in the browser and on the server, is at least 6 characters, at least 3 of
 * the 4 character classes and a verify field that matches.
 */
export const PASSWORD_MIN_LENGTH = 6;
/** Enough for any passphrase; a longer text is refused before it is hashed. */
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MIN_CLASSES = 3;
/** spec 2 §5: the special characters the displayed rule names. */
export const PASSWORD_SPECIALS = '!#$%&';

export const PASSWORD_MSG = {
  TOO_SHORT: `The password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  TOO_LONG: `The password may have at most ${PASSWORD_MAX_LENGTH} characters`,
  CLASSES: `The password must mix at least ${PASSWORD_MIN_CLASSES} of: uppercase letters, lowercase letters, digits and other characters`,
  MISMATCH: 'The two new passwords do not match',
  CURRENT_REQUIRED: 'Enter the current password',
  CURRENT_WRONG: 'The current password is not correct',
  SAME_AS_CURRENT: 'The new password must differ from the current one',
} as const;

export type PasswordRuleKey = 'length' | 'special' | 'digit' | 'upper' | 'lower';

export interface PasswordRuleState {
  key: PasswordRuleKey;
  label: string;
  met: boolean;
}

const SPECIAL = /[!#$%&]/;
const DIGIT = /[0-9]/;
// spec 2 §5: "at least one uppercase (A-Z, also ? or @)"
const UPPER_DISPLAYED = /[A-Z?@]/;
const LOWER = /[a-z]/;

/** The five displayed rules, in the spec's order, each ticked or not for this password. */
export function passwordChecklist(password: string): PasswordRuleState[] {
  return [
    { key: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: password.length >= PASSWORD_MIN_LENGTH },
    { key: 'special', label: 'At least one special character (! # $ % &)', met: SPECIAL.test(password) },
    { key: 'digit', label: 'At least one digit', met: DIGIT.test(password) },
    { key: 'upper', label: 'At least one uppercase letter (A-Z, also ? or @)', met: UPPER_DISPLAYED.test(password) },
    { key: 'lower', label: 'At least one lowercase letter', met: LOWER.test(password) },
  ];
}

/** How many of the four enforced classes the password uses: A-Z, a-z, 0-9 and anything else. */
export function passwordClassCount(password: string): number {
  let upper = false;
  let lower = false;
  let digit = false;
  let other = false;
  for (const ch of password) {
    if (ch >= 'A' && ch <= 'Z') upper = true;
    else if (ch >= 'a' && ch <= 'z') lower = true;
    else if (ch >= '0' && ch <= '9') digit = true;
    else other = true;
  }
  return Number(upper) + Number(lower) + Number(digit) + Number(other);
}

/** Why a new password is refused (the first reason), or null when it is accepted. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MSG.TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MSG.TOO_LONG;
  if (passwordClassCount(password) < PASSWORD_MIN_CLASSES) return PASSWORD_MSG.CLASSES;
  return null;
}

/** The new password and its verify field together. */
export function passwordPairProblem(password: string, verify: string): string | null {
  return newPasswordProblem(password) ?? (password === verify ? null : PASSWORD_MSG.MISMATCH);
}
