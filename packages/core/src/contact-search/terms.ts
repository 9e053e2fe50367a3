import { parseDateInput } from '../time/date-input.ts';

/**
 * What a typed contact search means (spec 2 §2, §5): the one reading shared by the navigation
 * bar's global search, the contact register (GET contacts?q), the editors' autocomplete and the
 * 834 member search (GET members).
 *
 * - A date with a year ("3/2/1948", "1948-03-02", "Mar 2, 1948") is a date of birth.
 * - Only digits and phone punctuation ("(505) 555-0123", "0123", "100042") is a number: a phone
 *   (all ten digits, or its last four or more), a contact number or a member id.
 * - Anything else is words of a name, in any order; a single word holding a digit ("NM7001001")
 *   may also be a member id.
 */
export interface ContactSearchTerms {
  /** The text as typed, trimmed, spaces collapsed, lower case. */
  text: string;
  /** Name words, lower case, at most MAX_SEARCH_WORDS; empty for a number or a date. */
  words: string[];
  /** The phone digits to look for: ten is a whole number, fewer the end of one. */
  phone: { digits: string; whole: boolean } | null;
  contactNumber: number | null;
  /** Compared without regard to case. */
  memberId: string | null;
  /** YYYY-MM-DD. */
  dob: string | null;
}

/** Fewer digits than this are too many phones' endings to be a useful phone search. */
export const PHONE_ENDING_MIN_DIGITS = 4;
/** More words than this add nothing to a name search but cost. */
export const MAX_SEARCH_WORDS = 6;
/** Contact numbers are positive and fit a bigint; 15 digits keep them exact in JavaScript too. */
const MAX_NUMBER_DIGITS = 15;

const PHONE_LIKE = /^[\d\s().+-]+$/;
const HAS_YEAR_DATE = /^\d{1,4}[-/]\d{1,2}[-/]\d{1,4}$|^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

const none = (text: string): ContactSearchTerms => ({ text, words: [], phone: null, contactNumber: null, memberId: null, dob: null });

/** The digits of a North American phone number as typed: punctuation and a leading +1 or 1 dropped. */
export function phoneDigitsOf(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Splits a name into its lower-case words (spaces, commas, hyphens and dots separate them). */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s,.\-/]+/)
    .filter((w) => w.length > 0);
}

export function parseContactSearch(typed: string, today: string): ContactSearchTerms {
  const raw = typed.trim().replace(/\s+/g, ' ');
  const text = raw.toLowerCase();
  if (raw === '') return none(text);

  if (HAS_YEAR_DATE.test(raw)) {
    const dob = parseDateInput(raw, today);
    if (dob) return { ...none(text), dob };
  }

  if (PHONE_LIKE.test(raw) && /\d/.test(raw)) {
    const digits = phoneDigitsOf(raw);
    const bare = /^\d+$/.test(raw);
    return {
      ...none(text),
      phone: digits.length >= PHONE_ENDING_MIN_DIGITS && digits.length <= 10 ? { digits, whole: digits.length === 10 } : null,
      contactNumber: bare && raw.length <= MAX_NUMBER_DIGITS && Number(raw) > 0 ? Number(raw) : null,
      memberId: bare ? raw : null,
    };
  }

  const words = [...new Set(nameWords(raw))].slice(0, MAX_SEARCH_WORDS);
  const memberId = !raw.includes(' ') && /\d/.test(raw) ? raw : null;
  return { ...none(text), words, memberId };
}

/** True when the search finds nothing by its nature (an empty or punctuation-only text). */
export function isEmptySearch(t: ContactSearchTerms): boolean {
  return t.words.length === 0 && !t.phone && t.contactNumber === null && t.memberId === null && t.dob === null;
}
