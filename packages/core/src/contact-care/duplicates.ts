import { formatPhone } from '../contacts/phones.ts';

/**
 * Possible duplicates of a contact: a similar name plus the same date of birth,
 * member id, phone or address, each match given as a reason.
 */

/** Names at least this similar (trigram similarity, as PostgreSQL's pg_trgm measures it) are alike. */
export const NAME_SIMILARITY = 0.45;

function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const word of s.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two names' words. */
export function nameSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** The last ten digits of a phone number, so '+1 (505) 555-0100' and '5055550100' match. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** An address as one comparable line: street and ZIP code, letters and digits only. */
export function addressKey(a: { street: string | null; zip: string | null }): string | null {
  if (!a.street) return null;
  const street = a.street.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return `${street}|${(a.zip ?? '').slice(0, 5)}`;
}

export interface DuplicateFacts {
  name: string;
  dateOfBirth: string | null;
  memberId: string | null;
  phones: readonly string[];
  addresses: readonly { street: string | null; zip: string | null }[];
}

export const DUPLICATE_REASON = {
  NAME: 'Similar name',
  DOB: 'Same date of birth',
  MEMBER_ID: 'Same member id',
  PHONE: (p: string) => `Same phone ${p}`,
  ADDRESS: (street: string) => `Same address ${street}`,
} as const;

/**
 * Why `other` may be the same person or company as `contact`: [] unless the names are alike and
 * at least one of date of birth, member id, phone or address is the same.
 */
export function duplicateReasons(contact: DuplicateFacts, other: DuplicateFacts): string[] {
  if (nameSimilarity(contact.name, other.name) < NAME_SIMILARITY) return [];
  const reasons: string[] = [];
  if (contact.dateOfBirth && contact.dateOfBirth === other.dateOfBirth) reasons.push(DUPLICATE_REASON.DOB);
  const member = (m: string | null) => (m ?? '').trim().toUpperCase();
  if (member(contact.memberId) && member(contact.memberId) === member(other.memberId)) reasons.push(DUPLICATE_REASON.MEMBER_ID);
  const phones = new Set(contact.phones.map(phoneKey).filter((p) => p.length >= 7));
  const phone = other.phones.find((p) => phones.has(phoneKey(p)));
  if (phone) reasons.push(DUPLICATE_REASON.PHONE(formatPhone(phone)));
  const addresses = new Set(contact.addresses.map(addressKey).filter((k) => k !== null));
  const address = other.addresses.find((a) => addresses.has(addressKey(a) ?? ''));
  if (address?.street) reasons.push(DUPLICATE_REASON.ADDRESS(address.street));
  return reasons.length > 0 ? [DUPLICATE_REASON.NAME, ...reasons] : [];
}
