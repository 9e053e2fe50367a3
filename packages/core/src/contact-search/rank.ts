import type { ContactSearchTerms } from './terms.ts';

/**
 * How search hits are ranked, best first. A hit takes the first tier it meets; within a tier the
 * closer name (closeness) and then the name in alphabetical order come first.
 * - identifier: the contact number, member id or date of birth, or all ten digits of a phone;
 * - phoneEnding: a phone ends with the digits typed;
 * - namePrefix: the name starts with the text as typed;
 * - wordPrefixes: every word typed starts a word of the name, in any order;
 * - contains: every word typed occurs in the name;
 * - similar: the name is like the text (a typo, a missing letter), by trigram similarity; looked
 *   for only when no other tier finds anyone (see searchesSimilar), so a name that is found is
 *   not buried under look-alikes.
 */
export const CONTACT_SEARCH_TIERS = ['identifier', 'phoneEnding', 'namePrefix', 'wordPrefixes', 'contains', 'similar'] as const;
export type ContactSearchTier = (typeof CONTACT_SEARCH_TIERS)[number];

/** The register, the global search and the 834 search show this many hits, then "more". */
export const CONTACT_SEARCH_LIMIT = 50;

/** The tiers a search can reach, in rank order: a number never matches names, words never phones. */
export function tiersOf(t: ContactSearchTerms): ContactSearchTier[] {
  const tiers: ContactSearchTier[] = [];
  if (t.contactNumber !== null || t.memberId !== null || t.dob !== null || t.phone?.whole) tiers.push('identifier');
  if (t.phone && !t.phone.whole) tiers.push('phoneEnding');
  if (t.words.length > 0) tiers.push('namePrefix', 'wordPrefixes', 'contains', 'similar');
  return tiers;
}

/** Whether to look again for similar names: only when the words matched no one. */
export function searchesSimilar(t: ContactSearchTerms, found: number): boolean {
  return found === 0 && t.words.length > 0;
}

/** The rank number of a tier (0 is best), as the database orders by it. */
export const tierRank = (tier: ContactSearchTier): number => CONTACT_SEARCH_TIERS.indexOf(tier);

export interface RankedHit {
  tier: ContactSearchTier;
  /**
   * How close a similar name is to the text, 0 to 1 (trigram word similarity); 0 in the other
   * tiers, whose hits meet the text exactly and so go by name.
   */
  closeness: number;
  name: string;
}

/** Orders two hits by the rules above. */
export function compareHits(a: RankedHit, b: RankedHit): number {
  return tierRank(a.tier) - tierRank(b.tier) || b.closeness - a.closeness || a.name.localeCompare(b.name, 'en');
}

/** The first `limit` hits of a list fetched one longer, and whether there are more. */
export function topHits<T>(rows: readonly T[], limit = CONTACT_SEARCH_LIMIT): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** What the register shows before a search is typed, and when it finds nothing (spec 2 §5). */
export const CONTACT_SEARCH_TEXT = {
  enterTerm: 'Enter a search term',
  noContacts: 'No contacts found',
  noMembers: 'No members found',
} as const;
