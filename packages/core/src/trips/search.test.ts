import { describe, expect, it } from 'vitest';
import { TripSearchQuery } from '../api/search.ts';
import { METERS_TO_MILES } from '../shell/constants.ts';
import {
  SEARCH_BATCH_SIZES,
  SEARCH_DEFAULT_BATCH,
  SEARCH_MSG,
  SEARCH_LIMIT_MAX,
  isInHouse,
  isTodayOrLater,
  parseBatchSize,
  parseDistanceMiles,
  parsePriority,
  parseSearchDate,
  priorityMatches,
  searchAnchors,
  splitReferenceNumbers,
  truncationWarning,
} from './search.ts';

const TODAY = '2026-11-22';

describe('spec 2 §5 texts', () => {
  it('are the exact words the search shows', () => {
    expect(SEARCH_MSG.TRUNCATED).toBe('Results are truncated! You must increase Max Results, or refine your search');
    expect(SEARCH_MSG.INVALID_DISTANCE).toBe('Invalid distance filter');
    expect(SEARCH_MSG.INVALID_PRIORITY.startsWith('Invalid priority search')).toBe(true);
    expect(SEARCH_MSG.TOP_LEVEL_AND).toBe('A custom query needs a top-level AND');
    expect(SEARCH_MSG.NO_TRIPS).toBe('No trips found');
    expect(SEARCH_MSG.TRY_EXPANDING).toBe('Try expanding your search criteria');
    expect(SEARCH_MSG.INVALID_JSON('Unexpected token')).toBe('Invalid JSON: Unexpected token');
  });
});

describe('parsePriority (spec 2 §5: 1-3, 2+ or 4)', () => {
  it('reads one priority, a range and a minimum', () => {
    expect(parsePriority('4')).toEqual({ min: 4, max: 4 });
    expect(parsePriority('1-3')).toEqual({ min: 1, max: 3 });
    expect(parsePriority(' 1 - 3 ')).toEqual({ min: 1, max: 3 });
    expect(parsePriority('2+')).toEqual({ min: 2, max: null });
    expect(parsePriority('3-3')).toEqual({ min: 3, max: 3 });
    expect(parsePriority('1')).toEqual({ min: 1, max: 1 });
    expect(parsePriority('9')).toEqual({ min: 9, max: 9 });
  });

  it('refuses a reversed range, 0, two digits, text and nothing', () => {
    for (const bad of ['3-1', '0', '10', 'x', '', '1-', '-3', '+2', '2++', '1-3-5', '1.5', '0-3', '1-10']) {
      expect(parsePriority(bad), bad).toBeNull();
    }
  });

  it('matches priorities within the range, with no upper bound for a minimum', () => {
    expect(priorityMatches(3, { min: 2, max: null })).toBe(true);
    expect(priorityMatches(1, { min: 2, max: null })).toBe(false);
    expect(priorityMatches(3, { min: 1, max: 3 })).toBe(true);
    expect(priorityMatches(4, { min: 1, max: 3 })).toBe(false);
  });
});

describe('parseDistanceMiles (spec 2 §5: a miles range like 12-24)', () => {
  it('answers the range in meters, widened outward to whole meters', () => {
    expect(parseDistanceMiles('12-24')).toEqual({ minMeters: Math.floor(12 / METERS_TO_MILES), maxMeters: Math.ceil(24 / METERS_TO_MILES) });
    expect(parseDistanceMiles('12.5-13')).toEqual({ minMeters: Math.floor(12.5 / METERS_TO_MILES), maxMeters: Math.ceil(13 / METERS_TO_MILES) });
    expect(parseDistanceMiles('12-12')).toEqual({ minMeters: Math.floor(12 / METERS_TO_MILES), maxMeters: Math.ceil(12 / METERS_TO_MILES) });
    expect(parseDistanceMiles(' 0 - 5 ')).toEqual({ minMeters: 0, maxMeters: Math.ceil(5 / METERS_TO_MILES) });
  });

  it('refuses a reversed range, one number, nothing and text', () => {
    for (const bad of ['24-12', '12', '', 'x', '12-', '-12', '12-24-36', '1e3-2e3', '12345-12346']) {
      expect(parseDistanceMiles(bad), bad).toBeNull();
    }
  });
});

describe('batch sizes (spec 2 §9)', () => {
  it('are 100, 250, 500 and 1000, 250 by default', () => {
    expect(SEARCH_BATCH_SIZES).toEqual([100, 250, 500, 1000]);
    expect(SEARCH_DEFAULT_BATCH).toBe(250);
    expect(SEARCH_LIMIT_MAX).toBe(10_000);
  });

  it('reads a typed size and refuses anything else', () => {
    expect(parseBatchSize('100')).toBe(100);
    expect(parseBatchSize(1000)).toBe(1000);
    expect(parseBatchSize(' 500 ')).toBe(500);
    for (const bad of ['99', '101', '0', '-250', '2000', 'x', '', 250.5, null, undefined]) {
      expect(parseBatchSize(bad), String(bad)).toBeNull();
    }
  });

  it('warns of truncation only when more were found than shown', () => {
    expect(truncationWarning(251, 250)).toBe(SEARCH_MSG.TRUNCATED);
    expect(truncationWarning(250, 250)).toBeNull();
    expect(truncationWarning(0, 0)).toBeNull();
  });
});

describe('other search rules', () => {
  it('splits reference numbers on commas, spaces and new lines, once each', () => {
    expect(splitReferenceNumbers('2000001, 2000002\n2000003;2000001  ')).toEqual(['2000001', '2000002', '2000003']);
    expect(splitReferenceNumbers('  ')).toEqual([]);
  });

  it("counts a company as in-house when its name starts with 'Secure' (spec 2 §6)", () => {
    expect(isInHouse('Secure Transport')).toBe(true);
    expect(isInHouse('Secure')).toBe(true);
    expect(isInHouse('secure transport')).toBe(false);
    expect(isInHouse('Not Secure')).toBe(false);
    expect(isInHouse(null)).toBe(false);
    expect(isInHouse('')).toBe(false);
  });

  it('applies bulk actions to today or later only', () => {
    expect(isTodayOrLater(TODAY, TODAY)).toBe(true);
    expect(isTodayOrLater('2026-11-23', TODAY)).toBe(true);
    expect(isTodayOrLater('2026-11-21', TODAY)).toBe(false);
  });

  it('reads a search date in every accepted form and relative to today', () => {
    expect(parseSearchDate('2026-11-22', TODAY)).toBe('2026-11-22');
    expect(parseSearchDate('11/22/2026', TODAY)).toBe('2026-11-22');
    expect(parseSearchDate('11/22/26', TODAY)).toBe('2026-11-22');
    expect(parseSearchDate('11/22', TODAY)).toBe('2026-11-22');
    expect(parseSearchDate('Nov 22, 2026', TODAY)).toBe('2026-11-22');
    expect(parseSearchDate('+3', TODAY)).toBe('2026-11-25');
    expect(parseSearchDate('-7', TODAY)).toBe('2026-11-15');
    expect(parseSearchDate('+0', TODAY)).toBe(TODAY);
    expect(parseSearchDate('today', TODAY)).toBe(TODAY);
    expect(parseSearchDate('+10', '2026-12-25')).toBe('2027-01-04');
    for (const bad of ['2026-02-30', '13/01/2026', 'tomorrow', '+1000', '', 'x']) expect(parseSearchDate(bad, TODAY), bad).toBeNull();
  });

  it('names the anchors present (date, passenger, reference number, member, driver)', () => {
    expect(searchAnchors({})).toEqual([]);
    expect(searchAnchors({ serviceDate: ' ', division: 'NM01' })).toEqual([]);
    expect(searchAnchors({ serviceDate: TODAY, memberId: 'M1', driverId: 'x' })).toEqual(['serviceDate', 'memberId', 'driverId']);
  });
});

describe('TripSearchQuery (GET drive-assignments)', () => {
  const issues = (q: Record<string, string>) => {
    const r = TripSearchQuery.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('needs an anchor unless a custom query or an id is given', () => {
    expect(issues({})).toEqual([SEARCH_MSG.CRITERIA_REQUIRED]);
    expect(issues({ division: 'NM01' })).toEqual([SEARCH_MSG.CRITERIA_REQUIRED]);
    expect(issues({ serviceDate: TODAY })).toEqual([]);
    expect(issues({ id: 'abc' })).toEqual([]);
    expect(issues({ filter: '{"logicalOp":"and","filters":[]}' })).toEqual([]);
  });

  it('refuses a bad priority, distance, batch size, reference list and custom query with their texts', () => {
    expect(issues({ serviceDate: TODAY, priority: '3-1' })).toEqual([SEARCH_MSG.INVALID_PRIORITY]);
    expect(issues({ serviceDate: TODAY, priority: '12345678901' })).toContain(SEARCH_MSG.INVALID_PRIORITY);
    expect(issues({ serviceDate: TODAY, distanceMiles: '24-12' })).toEqual([SEARCH_MSG.INVALID_DISTANCE]);
    expect(issues({ serviceDate: TODAY, limit: '0' })).toEqual([SEARCH_MSG.INVALID_BATCH]);
    expect(issues({ serviceDate: TODAY, limit: '1000' })).toEqual([]);
    expect(issues({ referenceNumber: '12345678901' })).toEqual(['A reference number has at most 10 characters']);
    expect(issues({ filter: '{' })[0]).toMatch(/^Invalid JSON: /);
    expect(issues({ filter: '{"logicalOp":"or","filters":[]}' })).toEqual([SEARCH_MSG.TOP_LEVEL_AND]);
  });
});
