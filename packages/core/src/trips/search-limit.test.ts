import { describe, expect, it } from 'vitest';
import '../api/messages.ts';
import { TripSearchQuery } from '../api/search.ts';
import { SEARCH_BATCH_SIZES, SEARCH_DEFAULT_BATCH, SEARCH_LIMIT_MAX, SEARCH_MSG, searchLimit } from './search.ts';

describe('searchLimit (spec 2 §9: batch size default 250; options 100, 250, 500, 1000)', () => {
  it('answers the default 250 when no limit is sent, or a blank one', () => {
    expect(SEARCH_DEFAULT_BATCH).toBe(250);
    for (const none of [undefined, '', '   ']) expect(searchLimit(none)).toBe(250);
  });

  it("takes the screen's four sizes", () => {
    for (const n of SEARCH_BATCH_SIZES) expect(searchLimit(String(n))).toBe(n);
  });

  it('takes any whole number from 1 to 10,000 for API clients, spaces around it ignored', () => {
    expect(SEARCH_LIMIT_MAX).toBe(10_000);
    expect(searchLimit('1')).toBe(1);
    expect(searchLimit('99')).toBe(99);
    expect(searchLimit(' 9999 ')).toBe(9999);
    expect(searchLimit('10000')).toBe(10_000);
    expect(searchLimit('010')).toBe(10);
  });

  it('refuses 0, more than 10,000, fractions, signs, exponents and text', () => {
    for (const bad of ['0', '00', '10001', '999999', '1000000', '2.5', '250.0', '-1', '+5', '1e3', '0x10', 'all', '1 000', '１００'])
      expect(searchLimit(bad), bad).toBeNull();
  });
});

describe('TripSearchQuery limit', () => {
  const messages = (limit: string) => {
    const r = TripSearchQuery.safeParse({ serviceDate: '2026-11-22', limit });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('refuses what searchLimit refuses, with the batch-size message', () => {
    expect(SEARCH_MSG.INVALID_BATCH).toBe('Max Results is a whole number from 1 to 10,000 (the screen offers 100, 250, 500 and 1000)');
    for (const bad of ['0', '10001', '2.5']) expect(messages(bad)).toEqual([SEARCH_MSG.INVALID_BATCH]);
    for (const good of ['', '1', '250', '10000']) expect(messages(good)).toEqual([]);
  });
});
