import { describe, expect, it } from 'vitest';
import type { MarketplaceTrip, MarketplaceTripRow } from '@tripline/core';
import { applyLiveChange, keepOffered } from './live-merge.ts';

const trip = (id: string, extra: Partial<MarketplaceTrip> = {}) => ({ id, state: 'available', rate: 42.5, distanceMiles: 3.1, outOfArea: false, ...extra }) as MarketplaceTrip;
const row = (id: string, extra: Partial<MarketplaceTripRow> = {}) => ({ id, state: 'available', ...extra }) as MarketplaceTripRow;
const none = { added: [], updated: [], removed: [] };

describe('the list and the live found set', () => {
  it('drops trips the found set no longer holds', () => {
    const trips = [trip('a'), trip('b')];
    expect(keepOffered(trips, [row('b'), row('z')]).map((t) => t.id)).toEqual(['b']);
    expect(keepOffered(trips, [row('a'), row('b')])).toBe(trips);
  });
  it('drops a trip claimed elsewhere', () => {
    const out = applyLiveChange([trip('a'), trip('b')], { ...none, removed: ['a'] });
    expect(out.trips.map((t) => t.id)).toEqual(['b']);
    expect(out.reload).toBe(false);
  });
  it('takes an updated row but keeps the caller’s rate and distance', () => {
    const out = applyLiveChange([trip('a')], { ...none, updated: [row('a', { state: 'reserved', reservedUntil: '2026-11-27T10:00:00Z' })] });
    expect(out.trips[0]).toMatchObject({ id: 'a', state: 'reserved', reservedUntil: '2026-11-27T10:00:00Z', rate: 42.5, distanceMiles: 3.1 });
  });
  it('asks for the list again when a trip is newly offered, and not for one already shown', () => {
    expect(applyLiveChange([trip('a')], { ...none, added: [row('n')] }).reload).toBe(true);
    const same = [trip('a')];
    const out = applyLiveChange(same, { ...none, added: [row('a')] });
    expect(out).toEqual({ trips: same, reload: false });
  });
});
