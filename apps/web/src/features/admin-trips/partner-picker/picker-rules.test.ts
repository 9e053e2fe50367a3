import { describe, expect, it } from 'vitest';
import type { PartnerOption } from '@tripline/core';
import { describeCoverage, describeParts, filterOptions, nextHighlight, planPick, sortByScore } from './picker-rules.ts';

const option = (over: Partial<PartnerOption> & { providerId: string }): PartnerOption => ({
  name: `Partner ${over.providerId}`,
  contactNumber: 100,
  score: 50,
  parts: { distanceMiles: 3.2, capable: true, zipCovered: true, tripsThatDay: 2, acceptanceRate: 0.9 },
  coverage: { covered: 1, trips: 1 },
  outOfArea: false,
  inHouse: false,
  current: false,
  ...over,
});

describe('sortByScore', () => {
  it('puts the best score first and keeps the order of ties', () => {
    const list = [option({ providerId: 'a', score: 10 }), option({ providerId: 'b', score: 80 }), option({ providerId: 'c', score: 10 })];
    expect(sortByScore(list).map((o) => o.providerId)).toEqual(['b', 'a', 'c']);
  });
});

describe('filterOptions', () => {
  const list = [option({ providerId: 'a', name: 'Secure Transport', contactNumber: 5001 }), option({ providerId: 'b', name: 'Mesa Rides', contactNumber: 7002 })];
  it('matches every typed word in the name or partner number, ignoring case', () => {
    expect(filterOptions(list, 'secure').map((o) => o.providerId)).toEqual(['a']);
    expect(filterOptions(list, '7002').map((o) => o.providerId)).toEqual(['b']);
    expect(filterOptions(list, 'mesa  rides').map((o) => o.providerId)).toEqual(['b']);
    expect(filterOptions(list, 'mesa secure')).toEqual([]);
  });
  it('keeps everything for an empty filter', () => expect(filterOptions(list, '  ')).toHaveLength(2));
});

describe('nextHighlight', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(nextHighlight(0, 3, 'ArrowDown')).toBe(1);
    expect(nextHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(nextHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(nextHighlight(2, 3, 'ArrowUp')).toBe(1);
  });
  it('starts at the first row when nothing is highlighted', () => {
    expect(nextHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextHighlight(7, 3, 'ArrowDown')).toBe(0);
  });
  it('jumps to the ends and by pages without leaving the list', () => {
    expect(nextHighlight(1, 3, 'Home')).toBe(0);
    expect(nextHighlight(1, 3, 'End')).toBe(2);
    expect(nextHighlight(1, 20, 'PageDown')).toBe(6);
    expect(nextHighlight(18, 20, 'PageDown')).toBe(19);
    expect(nextHighlight(3, 20, 'PageUp')).toBe(0);
  });
  it('highlights nothing in an empty list', () => expect(nextHighlight(0, 0, 'ArrowDown')).toBe(-1));
});

describe('planPick (spec 3 §5 partner change)', () => {
  it('just closes for the current partner', () => {
    expect(planPick(option({ providerId: 'a', current: true }), { id: 'a', name: 'A' })).toEqual({ kind: 'close' });
  });
  it("assigns the scored trip's partner to trips that do not share it (bulk)", () => {
    expect(planPick(option({ providerId: 'a', current: true }), null)).toEqual({ kind: 'assign', confirmations: [] });
  });
  it('assigns without asking when the trip has no partner and the new one covers the ZIP', () => {
    expect(planPick(option({ providerId: 'a' }), null)).toEqual({ kind: 'assign', confirmations: [] });
  });
  it('asks to confirm replacing an existing partner', () => {
    const plan = planPick(option({ providerId: 'b', name: 'Mesa Rides' }), { id: 'a', name: 'Secure Transport' });
    expect(plan).toMatchObject({ kind: 'assign', confirmations: [{ kind: 'replace', message: 'Replace Secure Transport with Mesa Rides?' }] });
  });
  it("asks to confirm 'Out-Of-Area' after the replacement", () => {
    const plan = planPick(option({ providerId: 'b', outOfArea: true }), { id: 'a', name: 'A' });
    expect(plan.kind === 'assign' && plan.confirmations.map((c) => [c.kind, c.title])).toEqual([
      ['replace', 'Replace partner'],
      ['outOfArea', 'Out-Of-Area'],
    ]);
  });
});

describe('planPick for a bulk assignment', () => {
  it('leaves the Out-Of-Area question to the caller when asked to', () => {
    const plan = planPick(option({ providerId: 'b', outOfArea: true }), null, false);
    expect(plan).toEqual({ kind: 'assign', confirmations: [] });
  });
});

describe('describeParts', () => {
  const one = (covered: number) => ({ covered, trips: 1 });
  it('explains each part of the score, the distance in miles', () => {
    expect(describeParts({ parts: { distanceMiles: 3.24, capable: true, zipCovered: false, tripsThatDay: 1, acceptanceRate: 0.875 }, coverage: one(0) })).toEqual([
      '3.2 mi',
      'capable',
      'ZIP not covered',
      '1 trip that day',
      '88% accepted',
    ]);
    expect(describeParts({ parts: { distanceMiles: null, capable: false, zipCovered: true, tripsThatDay: 0, acceptanceRate: null }, coverage: one(1) })).toEqual([
      'distance unknown',
      'not capable',
      'ZIP covered',
      '0 trips that day',
      'no acceptance history',
    ]);
  });
  it('never says km', () => {
    const text = describeParts({ parts: { distanceMiles: 120, capable: true, zipCovered: true, tripsThatDay: 0, acceptanceRate: 1 }, coverage: one(1) }).join(' ');
    expect(text).toContain('120.0 mi');
    expect(text).not.toMatch(/km/);
  });
  it('gives the mean distance and the coverage count for several trips', () => {
    expect(describeParts({ parts: { distanceMiles: 12.25, capable: true, zipCovered: false, tripsThatDay: 3, acceptanceRate: 1 }, coverage: { covered: 2, trips: 5 } }).slice(0, 3)).toEqual([
      'avg 12.3 mi',
      'capable',
      'ZIP covered for 2 of 5 trips',
    ]);
  });
});

describe('describeCoverage', () => {
  it('words one trip, all, none and some of several', () => {
    expect(describeCoverage({ covered: 1, trips: 1 })).toBe('ZIP covered');
    expect(describeCoverage({ covered: 0, trips: 1 })).toBe('ZIP not covered');
    expect(describeCoverage({ covered: 4, trips: 4 })).toBe('ZIP covered for all 4 trips');
    expect(describeCoverage({ covered: 0, trips: 4 })).toBe('ZIP not covered for any of the 4 trips');
    expect(describeCoverage({ covered: 1, trips: 4 })).toBe('ZIP covered for 1 of 4 trips');
  });
});
