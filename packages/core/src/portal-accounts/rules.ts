import { ACCOUNT_CODE_MAX_TRIES, PORTAL_ACCOUNT_MSG } from './texts.ts';

/**
 * The steps of the portal's login and registration wizard (spec 2 §2): signing in, the four steps
 * of creating an account and its end, and the two steps of a forgotten password.
 */
export const PORTAL_WIZARD_STEPS = [
  'existingAccount',
  'newAccount',
  'contactInfo',
  'enterVerification',
  'enterPhone',
  'accountCreationComplete',
  'sendReminderEmail',
  'enterNewPassword',
] as const;
export type PortalWizardStep = (typeof PORTAL_WIZARD_STEPS)[number];

/** What moves the wizard on: the user's choice or an endpoint's answer. */
export type PortalWizardEvent =
  | 'createAccount' // "Create an account"
  | 'forgotPassword' // "Forgot your password?"
  | 'back' // back to signing in
  | 'accountFound' // find-my-account answered
  | 'emailSent' // save-email answered
  | 'verified' // save-email-verification-code answered enterPhone
  | 'phoneSaved' // save-phone signed the user in
  | 'resetLinkValid' // GET case-manager-login-reset-password: not expired
  | 'resetLinkExpired'; // … expired, used or unknown (or the POST said so)

const TRANSITIONS: Record<PortalWizardEvent, { from: readonly PortalWizardStep[] | 'any'; to: PortalWizardStep }> = {
  createAccount: { from: ['existingAccount'], to: 'newAccount' },
  forgotPassword: { from: ['existingAccount', 'enterNewPassword'], to: 'sendReminderEmail' },
  back: { from: 'any', to: 'existingAccount' },
  accountFound: { from: ['newAccount'], to: 'contactInfo' },
  emailSent: { from: ['contactInfo', 'enterVerification'], to: 'enterVerification' },
  verified: { from: ['enterVerification'], to: 'enterPhone' },
  phoneSaved: { from: ['enterPhone'], to: 'accountCreationComplete' },
  resetLinkValid: { from: ['enterNewPassword'], to: 'enterNewPassword' },
  resetLinkExpired: { from: ['enterNewPassword'], to: 'sendReminderEmail' },
};

/** The step after an event, or null when the event cannot happen on that step. */
export function nextWizardStep(step: PortalWizardStep, event: PortalWizardEvent): PortalWizardStep | null {
  const t = TRANSITIONS[event];
  return t.from === 'any' || t.from.includes(step) ? t.to : null;
}

/**
 * The first step for the wizard's address (/case-manager/login?email, token, emailToActivate): a
 * link confirming an email address verifies it; a reset link asks for a new password (once the
 * link is checked); otherwise the user signs in, with the email filled in when given.
 */
export function initialWizardStep(query: { token?: string | null; emailToActivate?: string | null }): PortalWizardStep {
  if (query.token && query.emailToActivate) return 'enterVerification';
  if (query.token) return 'enterNewPassword';
  return 'existingAccount';
}

/**
 * The contact an account request may become: exactly one active contact of the role without a
 * sign-in that has both the email and the phone on file. None or several: nobody (the email then
 * says how to get access), and the answer on screen is the same either way.
 */
export function accountRequestMatch<C>(candidates: readonly C[]): C | null {
  return candidates.length === 1 ? candidates[0]! : null;
}

/** An emailed code as the server holds it: its expiry and the wrong tries so far. */
export interface HeldCode {
  expiresAt: Date | null;
  tries: number;
}

/**
 * Why a typed code cannot be checked, or null when it can: none was sent, or it expired (10
 * minutes) or its 5 tries are spent. The try being checked counts: the fifth wrong code spends it.
 */
export function accountCodeProblem(code: HeldCode, now: Date): string | null {
  if (!code.expiresAt) return PORTAL_ACCOUNT_MSG.NO_CODE;
  if (now.getTime() >= code.expiresAt.getTime() || code.tries >= ACCOUNT_CODE_MAX_TRIES) return PORTAL_ACCOUNT_MSG.CODE_EXPIRED;
  return null;
}

/** Whether a link (reset or email change) still works: unused and before its expiry. */
export function linkWorks(link: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return link.usedAt === null && now.getTime() < link.expiresAt.getTime();
}

/**
 * When the next email may be sent for an address or a client, from the sends in the window, or
 * null when one may go now.
 */
export function nextSendAllowedAt(sentAt: readonly Date[], now: Date, limit: number, windowMs: number): Date | null {
  const counted = sentAt
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - windowMs)
    .sort((a, b) => b - a);
  if (counted.length < limit) return null;
  return new Date(counted[limit - 1]! + windowMs);
}
