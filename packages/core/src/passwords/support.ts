/** The support form (spec 1 §7, §8): a message, and for a sender who is not signed in a way back. */
export const SUPPORT_MESSAGE_MAX = 5_000;
export const SUPPORT_NAME_MAX = 200;
export const SUPPORT_EMAIL_MAX = 320;
export const SUPPORT_PHONE_MAX = 40;
/** spec 1 §7: the answer of contact-support that means the message arrived. */
export const SUPPORT_OK = 'OK' as const;

export const SUPPORT_MSG = {
  MESSAGE_REQUIRED: 'Enter a message',
  MESSAGE_TOO_LONG: `The message may have at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  NAME_REQUIRED: 'Enter your name',
  NAME_TOO_LONG: `The name may have at most ${SUPPORT_NAME_MAX} characters`,
  CONTACT_REQUIRED: 'Enter an email address or a phone number so that we can answer you',
  EMAIL_INVALID: 'Enter a valid email address',
  PHONE_INVALID: 'Enter a valid phone number (10 digits)',
} as const;

export interface SupportMessageInput {
  message: string;
  name?: string;
  email?: string;
  phone?: string;
}

export type SupportField = keyof SupportMessageInput;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A US phone number: 10 digits, or 11 with the leading 1, whatever the punctuation. */
export function supportPhoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/**
 * Every problem of a support message, by field (empty when it may be sent). A signed-in sender is
 * known already; one who is not must give a name and an email address or a phone number.
 */
export function supportMessageProblems(input: SupportMessageInput, signedIn: boolean): { field: SupportField; message: string }[] {
  const problems: { field: SupportField; message: string }[] = [];
  const message = input.message.trim();
  if (!message) problems.push({ field: 'message', message: SUPPORT_MSG.MESSAGE_REQUIRED });
  else if (message.length > SUPPORT_MESSAGE_MAX) problems.push({ field: 'message', message: SUPPORT_MSG.MESSAGE_TOO_LONG });
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (name.length > SUPPORT_NAME_MAX) problems.push({ field: 'name', message: SUPPORT_MSG.NAME_TOO_LONG });
  if (email && (email.length > SUPPORT_EMAIL_MAX || !EMAIL.test(email))) problems.push({ field: 'email', message: SUPPORT_MSG.EMAIL_INVALID });
  if (phone && (phone.length > SUPPORT_PHONE_MAX || supportPhoneDigits(phone) === null)) {
    problems.push({ field: 'phone', message: SUPPORT_MSG.PHONE_INVALID });
  }
  if (!signedIn) {
    if (!name) problems.push({ field: 'name', message: SUPPORT_MSG.NAME_REQUIRED });
    if (!email && !phone) problems.push({ field: 'email', message: SUPPORT_MSG.CONTACT_REQUIRED });
  }
  return problems;
}

/** The mailbox support messages are emailed to (through the outbox until a mail gateway is configured). */
export const SUPPORT_INBOX = 'support@tripline.example';
