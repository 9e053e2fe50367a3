import { ACCOUNT_CODE_TTL_MS, RESET_LINK_TTL_MS } from './texts.ts';

/** An email the portal accounts send: subject and plain-text body. */
export interface AccountEmail {
  subject: string;
  body: string;
}

const minutes = (ms: number) => ms / 60_000;

/** The wizard's email when the request matched one person on file: the code and the link. */
export function accountCodeEmail(code: string, link: string): AccountEmail {
  return {
    subject: 'Your Tripline account code',
    body:
      `Your code to create your Tripline account is ${code}.\n\n` +
      `Type it on the page where you asked for it, or open this link:\n${link}\n\n` +
      `The code and the link work for ${minutes(ACCOUNT_CODE_TTL_MS)} minutes. If you did not ask for an account, you can ignore this email.`,
  };
}

/** The wizard's email when no single person on file has that email and phone. */
export function accountNotFoundEmail(caseManager: boolean): AccountEmail {
  const who = caseManager ? 'case manager' : 'passenger';
  return {
    subject: 'Your Tripline account request',
    body:
      `Someone asked to create a Tripline ${who} account with this email address, but we could not match it to one ${who} on file with this email address and phone number, or that person can already sign in.\n\n` +
      (caseManager
        ? 'To get access, ask your organization or our support team to add you as a case manager with this email address and phone number.\n'
        : 'To get access, call us or use the contact form so that we can put this email address and phone number on your file.\n') +
      'If you already have an account, sign in or use "Forgot your password?".\n\nIf you did not ask for this, you can ignore this email.',
  };
}

/** A password reset link (60 minutes, once). */
export function resetLinkEmail(link: string, username: string): AccountEmail {
  return {
    subject: 'Reset your Tripline password',
    body:
      `To choose a new password for your Tripline sign-in "${username}", open this link:\n${link}\n\n` +
      `The link works once, for ${minutes(RESET_LINK_TTL_MS)} minutes. If you did not ask for it, you can ignore this email: your password stays the same.`,
  };
}

/** Sent to the new address of an email change: the link that confirms it. */
export function emailChangeConfirmEmail(link: string): AccountEmail {
  return {
    subject: 'Confirm your new Tripline email address',
    body:
      `To use this email address for your Tripline account, open this link:\n${link}\n\n` +
      'The link works once, for 24 hours. Until then your account keeps its current email address. If you did not ask for this, you can ignore this email.',
  };
}

/** Sent to the old address of an email change. */
export function emailChangeNoticeEmail(maskedNewEmail: string): AccountEmail {
  return {
    subject: 'Your Tripline email address is being changed',
    body:
      `Someone signed in to your Tripline account asked to change its email address to ${maskedNewEmail}. ` +
      'The change happens when the link sent to the new address is opened.\n\n' +
      'If this was not you, change your password and contact us.',
  };
}

/** Sent to the old address once the new one is confirmed. */
export function emailChangedEmail(maskedNewEmail: string): AccountEmail {
  return {
    subject: 'Your Tripline email address was changed',
    body: `Your Tripline account now uses the email address ${maskedNewEmail}. If this was not you, contact us.`,
  };
}
