import { ACCOUNT_CODE_LENGTH, CONTACT_MSG, SendReminderEmailBody } from '@tripline/core';

/**
 * The steps of the portal's sign-in page (spec 2 §2, §4; rules 186, 187): signing in, creating an
 * account (newAccount → contactInfo → enterVerification → enterPhone → accountCreationComplete)
 * and resetting a forgotten password (sendReminderEmail, and enterNewPassword from the emailed link).
 */
export type WizardStep =
  | 'existingAccount'
  | 'newAccount'
  | 'contactInfo'
  | 'enterVerification'
  | 'enterPhone'
  | 'accountCreationComplete'
  | 'sendReminderEmail'
  | 'enterNewPassword';

/** Who the account is for; a passenger's page starts with "passenger", a case manager's with "case manager". */
export type AccountRole = 'passenger' | 'caseManager';

export const STEP_TITLES: Record<WizardStep, string> = {
  existingAccount: 'Sign in',
  newAccount: 'Create an account',
  contactInfo: 'Choose a password',
  enterVerification: 'Check your email',
  enterPhone: 'Add your phone',
  accountCreationComplete: 'Your account is ready',
  sendReminderEmail: 'Reset your password',
  enterNewPassword: 'Choose a new password',
};

/** The account-creation steps in order, for the "Step 2 of 4" line. */
const CREATION: readonly WizardStep[] = ['newAccount', 'contactInfo', 'enterVerification', 'enterPhone'];

/** "Step 2 of 4" on the account-creation steps that ask something; null elsewhere. */
export function stepProgress(step: WizardStep): string | null {
  const i = CREATION.indexOf(step);
  return i < 0 ? null : `Step ${i + 1} of ${CREATION.length}`;
}

/** Where the page starts, from its address: a reset link (token), an email-change link (emailToActivate and token), or sign-in. */
export type PageStart =
  | { kind: 'signIn'; email: string }
  | { kind: 'resetLink'; token: string }
  | { kind: 'activateEmail'; email: string; token: string };

export function pageStart(query: URLSearchParams): PageStart {
  const token = query.get('token')?.trim() ?? '';
  const emailToActivate = query.get('emailToActivate')?.trim() ?? '';
  if (token && emailToActivate) return { kind: 'activateEmail', email: emailToActivate, token };
  if (token) return { kind: 'resetLink', token };
  return { kind: 'signIn', email: query.get('email')?.trim() ?? '' };
}

/** The role a new account starts with: the page's own audience. */
export function defaultRole(pathname: string): AccountRole {
  return pathname.startsWith('/case-manager') ? 'caseManager' : 'passenger';
}

/** Keeps the digits of a typed or pasted code ("123 456", "123-456" → "123456"). */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, ACCOUNT_CODE_LENGTH);
}

/** Why a typed email address is refused, by the same rule the server applies; null when it is fine. */
export function emailProblem(typed: string): string | null {
  const parsed = SendReminderEmailBody.shape.email.safeParse(typed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? CONTACT_MSG.EMAIL_FORMAT);
}
