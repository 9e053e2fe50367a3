/**
 * Texts and limits of the portal accounts (spec 2 §2, §7, §8): the sign-in wizard, the password
 * reset link and the account settings' email and password changes.
 */

/** A wizard email code: 6 digits, valid 10 minutes, 5 tries (the same as a sign-in code). */
export const ACCOUNT_CODE_LENGTH = 6;
export const ACCOUNT_CODE_TTL_MS = 10 * 60_000;
export const ACCOUNT_CODE_MAX_TRIES = 5;
/** An account request (find-my-account to save-phone) lives 2 hours; each step needs it unexpired. */
export const ACCOUNT_REQUEST_TTL_MS = 2 * 60 * 60_000;
/** A password reset link works once, for 60 minutes. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/** A link confirming a new email address works once, for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/**
 * Public steps that send mail (find-my-account and save-email, send-reminder-email): per address
 * typed and per client address, in a sliding hour.
 */
export const PORTAL_SEND_LIMIT = { windowMs: 60 * 60_000, perEmail: 5, perClient: 20 } as const;
/** Every public step (the wizard's and the reset link's), per client address, in a window from its first call. */
export const PORTAL_STEP_LIMIT = { max: 60, windowMs: 15 * 60_000 } as const;

export const PORTAL_ACCOUNT_MSG = {
  /** spec 2 §8, exact. */
  RESET_LINK_EXPIRED: 'This password reset link has expired! Try again.',
  /** A user signing in on a portal login page whose account has no portal page. */
  NO_PORTAL_ACCESS: 'Your account does not have case manager / passenger portal access',
  REQUEST_EXPIRED: 'This account request has expired. Start again with your email and phone number.',
  PASSWORD_FIRST: 'Choose your password first.',
  VERIFY_FIRST: 'Enter the code from the email first.',
  CODE_FORMAT: `Enter the ${ACCOUNT_CODE_LENGTH}-digit code from the email`,
  CODE_WRONG: 'That code is not correct. Check the email and try again.',
  CODE_EXPIRED: 'This code has expired or was tried too many times. Ask for a new email.',
  NO_CODE: 'No code was sent for this request. Ask for a new email.',
  LINK_EXPIRED: 'This link has expired or was already used. Ask for a new email.',
  CODE_OR_LINK: 'Enter the code from the email, or open the link in it',
  USERNAME_TAKEN: 'This email address is already used to sign in. Sign in, or reset your password.',
  EMAIL_SAME: 'This is already your email address.',
  EMAIL_TAKEN: 'This email address is already used by another sign-in.',
  NO_SIGN_IN: 'This account has no sign-in.',
  TOO_MANY_STEPS: (minutes: number) =>
    `Too many tries from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  TOO_MANY_EMAILS: (minutes: number) =>
    `Too many emails were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
