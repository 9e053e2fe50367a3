/**
 * Phone numbers (spec 2 §5; rule 137): shown as (###) ###-#### with an optional extension;
 * formatting strips a leading +1 and every character that is not a digit. Stored as the ten digits,
 * then ' x' and the extension, so that the contact search (its digits) finds either form.
 */
import { CONTACT_MSG } from './messages.ts';

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}(?: x\d{1,6})?$/;

/** Phone preference options of spec 2 §3. */
export const PHONE_PREFERENCES = ['SMS', 'Voice'] as const;
export type PhonePreference = (typeof PHONE_PREFERENCES)[number];

/** Phone types a contact's phone may have (the contact_phones table's list). */
export const PHONE_TYPES = ['Main', 'Cell', 'Mobile', 'Home', 'Work', 'Fax', 'Other'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

const EXTENSION = /\s*(?:x|ext\.?|extension|#)\s*(\d{1,6})\s*$/i;

/** Splits off a trailing extension ('x12', 'ext. 12', '#12'). */
function splitExtension(input: string): { main: string; ext: string | null } {
  const m = EXTENSION.exec(input);
  return m ? { main: input.slice(0, m.index), ext: m[1]! } : { main: input, ext: null };
}

/**
 * The phone as shown: '(505) 555-0101' or '(505) 555-0101 x12'. A leading +1 (or 1 before eleven
 * digits) and non-digits are dropped; a text that does not make ten digits comes back trimmed, as
 * typed, for the field to flag.
 */
export function formatPhone(input: string): string {
  const { main, ext } = splitExtension(input.trim());
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return input.trim();
  const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return ext ? `${shown} x${ext}` : shown;
}

/** Null when the phone formats to (###) ###-#### with an optional extension, else the problem. */
export function phoneProblem(input: string): string | null {
  return PHONE_PATTERN.test(formatPhone(input)) ? null : CONTACT_MSG.PHONE_FORMAT;
}

/** The stored form: '5055550101' or '5055550101 x12'; null when the text is not a phone number. */
export function phoneToStore(input: string): string | null {
  const shown = formatPhone(input);
  if (!PHONE_PATTERN.test(shown)) return null;
  const { main, ext } = splitExtension(shown);
  const digits = main.replace(/\D/g, '');
  return ext ? `${digits} x${ext}` : digits;
}

/** How many phones are marked main (spec 2 §5: at most one). */
export function mainPhoneCount(phones: readonly { main: boolean }[]): number {
  return phones.filter((p) => p.main).length;
}

/** A phone list that has exactly one main phone when it has any: the one chosen, else the first. */
export function withOneMainPhone<P extends { main: boolean }>(phones: readonly P[]): P[] {
  if (phones.length === 0 || mainPhoneCount(phones) === 1) return [...phones];
  const chosen = Math.max(0, phones.findIndex((p) => p.main));
  return phones.map((p, i) => ({ ...p, main: i === chosen }));
}
