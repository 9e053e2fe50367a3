import { describe, expect, it } from 'vitest';
import { compareHits, CONTACT_SEARCH_LIMIT, CONTACT_SEARCH_TEXT, searchesSimilar, tiersOf, topHits } from './rank.ts';
import { isEmptySearch, MAX_SEARCH_WORDS, nameWords, parseContactSearch, phoneDigitsOf } from './terms.ts';

const TODAY = '2026-11-25';
const parse = (q: string) => parseContactSearch(q, TODAY);

describe('parseContactSearch: dates of birth', () => {
  it('reads a date with a year in every accepted form as a date of birth', () => {
    for (const q of ['1948-03-02', '1948-3-2', '3/2/1948', '03/02/1948', '3/2/48', 'Mar 2, 1948']) {
      expect(parse(q), q).toMatchObject({ dob: '1948-03-02', words: [], phone: null, contactNumber: null, memberId: null });
    }
  });
  it('a two-digit year is at most 20 years ahead, so 3/2/46 is 2046 and 3/2/47 is 1947', () => {
    expect(parse('3/2/46').dob).toBe('2046-03-02');
    expect(parse('3/2/47').dob).toBe('1947-03-02');
  });
  it('a day that does not exist is no date, and a month and day without a year is no date of birth', () => {
    expect(parse('2/30/1950').dob).toBeNull();
    expect(parse('3/2').dob).toBeNull();
  });
});

describe('parseContactSearch: numbers', () => {
  it('ten digits with any punctuation or a leading +1 are a whole phone', () => {
    for (const q of ['5055550123', '(505) 555-0123', '505.555.0123', '+1 505 555 0123', '15055550123']) {
      expect(parse(q).phone, q).toEqual({ digits: '5055550123', whole: true });
    }
  });
  it('four to nine digits are the end of a phone; three are not', () => {
    expect(parse('0123').phone).toEqual({ digits: '0123', whole: false });
    expect(parse('555-0123').phone).toEqual({ digits: '5550123', whole: false });
    expect(parse('123').phone).toBeNull();
    expect(parse('123456789012').phone).toBeNull();
  });
  it('bare digits are also a contact number and a member id; punctuated ones are not', () => {
    expect(parse('100042')).toMatchObject({ contactNumber: 100042, memberId: '100042', words: [] });
    expect(parse('555-0123')).toMatchObject({ contactNumber: null, memberId: null });
    expect(parse('000').contactNumber).toBeNull();
    expect(parse('1234567890123456').contactNumber).toBeNull();
    expect(parse('123456789012345').contactNumber).toBe(123456789012345);
  });
  it('phoneDigitsOf strips +1 and punctuation, keeping 11 digits that do not start with 1', () => {
    expect(phoneDigitsOf('+1 (505) 555-0123')).toBe('5055550123');
    expect(phoneDigitsOf('25055550123')).toBe('25055550123');
  });
});

describe('parseContactSearch: names', () => {
  it('reads words in any order, lower case, without repeats', () => {
    expect(parse('  Montoya,   Rosa ').words).toEqual(['montoya', 'rosa']);
    expect(parse('rosa rosa').words).toEqual(['rosa']);
    expect(parse('Ramon Montoya-Baca').words).toEqual(['ramon', 'montoya', 'baca']);
    expect(parse('Rosa Montoya').text).toBe('rosa montoya');
  });
  it(`keeps at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(parse('a b c d e f g h').words).toHaveLength(MAX_SEARCH_WORDS);
  });
  it('a single word holding a digit is also a member id; a name is not', () => {
    expect(parse('NM7001001')).toMatchObject({ memberId: 'NM7001001', words: ['nm7001001'], contactNumber: null, phone: null });
    expect(parse('Rosa').memberId).toBeNull();
    expect(parse('NM70 Rosa').memberId).toBeNull();
  });
  it('an empty or punctuation-only text finds nothing', () => {
    expect(isEmptySearch(parse('   '))).toBe(true);
    expect(isEmptySearch(parse('- , .'))).toBe(true);
    expect(isEmptySearch(parse('ros'))).toBe(false);
  });
  it('nameWords splits on spaces, commas, hyphens, dots and slashes', () => {
    expect(nameWords("St. Mary's Clinic/East")).toEqual(['st', "mary's", 'clinic', 'east']);
  });
});

describe('ranking', () => {
  it('a number reaches identifiers and phone endings, never names; words never phones', () => {
    expect(tiersOf(parse('0123'))).toEqual(['identifier', 'phoneEnding']);
    expect(tiersOf(parse('5055550123'))).toEqual(['identifier']);
    expect(tiersOf(parse('555-0123'))).toEqual(['phoneEnding']);
    expect(tiersOf(parse('rosa m'))).toEqual(['namePrefix', 'wordPrefixes', 'contains', 'similar']);
    expect(tiersOf(parse('NM7001001'))).toEqual(['identifier', 'namePrefix', 'wordPrefixes', 'contains', 'similar']);
    expect(tiersOf(parse('3/2/1948'))).toEqual(['identifier']);
  });
  it('looks for similar names only when the words matched no one, and never for a number', () => {
    expect(searchesSimilar(parse('montoyo'), 0)).toBe(true);
    expect(searchesSimilar(parse('montoyo'), 1)).toBe(false);
    expect(searchesSimilar(parse('0123'), 0)).toBe(false);
  });
  it('orders by tier, then closer name, then name', () => {
    const hits = [
      { tier: 'similar' as const, closeness: 0.9, name: 'Rosa Montoyo' },
      { tier: 'wordPrefixes' as const, closeness: 0.4, name: 'Montoya Rosa' },
      { tier: 'namePrefix' as const, closeness: 0.5, name: 'Rosa Montoya Baca' },
      { tier: 'namePrefix' as const, closeness: 0.8, name: 'Rosa Montoya' },
      { tier: 'wordPrefixes' as const, closeness: 0.4, name: 'Montoya Baca Rosa' },
      { tier: 'identifier' as const, closeness: 0, name: 'Zed' },
    ];
    expect(hits.sort(compareHits).map((h) => h.name)).toEqual([
      'Zed',
      'Rosa Montoya',
      'Rosa Montoya Baca',
      'Montoya Baca Rosa',
      'Montoya Rosa',
      'Rosa Montoyo',
    ]);
  });
  it(`shows ${CONTACT_SEARCH_LIMIT} hits and says there are more only past that`, () => {
    const rows = Array.from({ length: CONTACT_SEARCH_LIMIT + 1 }, (_, i) => i);
    expect(topHits(rows)).toEqual({ rows: rows.slice(0, 50), more: true });
    expect(topHits(rows.slice(0, 50))).toEqual({ rows: rows.slice(0, 50), more: false });
    expect(topHits([])).toEqual({ rows: [], more: false });
  });
  it("uses the spec's texts", () => {
    expect(CONTACT_SEARCH_TEXT.enterTerm).toBe('Enter a search term');
    expect(CONTACT_SEARCH_TEXT.noContacts).toBe('No contacts found');
  });
});
