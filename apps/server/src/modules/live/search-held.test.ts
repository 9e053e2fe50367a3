import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdSet } from './id-set.ts';
import { HeldMatches, type HeldMatch } from './search-held.ts';

/** Trips t0…t(n-1) whose day keys sort in that order. */
const trips = (n: number) => Array.from({ length: n }, (_, i) => ({ id: randomUUID(), key: `k${String(i).padStart(3, '0')}` }));
const now = (...ms: HeldMatch[]) => new Map(ms.map((m) => [m.id, m.key]));
const ids = (ms: HeldMatch[]) => ms.map((m) => m.id);
const every = (ms: HeldMatch[]) => IdSet.from(ids(ms));

describe('HeldMatches', () => {
  it('holds every match while there are no more than the limit, and takes new ones wherever they sort', () => {
    const t = trips(4);
    const h = new HeldMatches(3, 100);
    expect([...h.reset(t.slice(0, 2), 2, null)].sort()).toEqual(ids(t.slice(0, 2)).sort());
    expect(h.matches).toBe(2);
    // a late match joins while all are held
    expect(h.apply([t[3].id], now(t[3]))).toEqual({ touched: new Set([t[3].id]), read: null });
    expect(h.heldIds()).toEqual(ids([t[0], t[1], t[3]]));
    // one more before the last: the last falls out but is still counted
    expect(h.apply([t[2].id], now(t[2]))).toEqual({ touched: new Set([t[2].id, t[3].id]), read: null });
    expect(h.heldIds()).toEqual(ids(t.slice(0, 3)));
    expect(h.matches).toBe(4);
    // a later match that is not held stops matching: only the count changes
    expect(h.apply([t[3].id], now())).toEqual({ touched: new Set(), read: null });
    expect(h.matches).toBe(3);
  });

  it('asks to be read again when a held match leaves while more match than it holds', () => {
    const t = trips(5);
    const h = new HeldMatches(3, 100);
    h.reset(t.slice(0, 3), 5, every(t));
    expect(h.matches).toBe(5);
    const left = h.apply([t[1].id], now());
    expect(left).toEqual({ touched: new Set([t[1].id]), read: 'full' });
    expect(h.size).toBe(2);
    expect(h.matches).toBe(4);
    // a held match moving past the last held one leaves as well: it is a match further on
    h.reset([t[0], t[2], t[3]], 4, every([t[0], t[2], t[3], t[4]]));
    const moved = h.apply([t[0].id], now({ id: t[0].id, key: 'k999' }));
    expect(moved).toEqual({ touched: new Set([t[0].id]), read: 'full' });
    expect(h.matches).toBe(4);
    expect(h.has(t[0].id)).toBe(false);
  });

  it('answers which held ids changed when a reading is taken in', () => {
    const t = trips(4);
    const h = new HeldMatches(2, 100);
    h.reset(t.slice(0, 2), 4, every(t));
    const touched = h.reset([t[1], { id: t[2].id, key: t[2].key }], 4, every(t));
    expect([...touched].sort()).toEqual(ids([t[0], t[2]]).sort());
    expect(h.heldIds()).toEqual(ids([t[1], t[2]]));
  });

  it('beyond idsMax keeps only the count and asks for a count after a change to a trip it does not hold', () => {
    const t = trips(6);
    const h = new HeldMatches(2, 3);
    h.reset(t.slice(0, 2), 6, null);
    expect(h.countsById).toBe(false);
    expect(h.matches).toBe(6);
    // a held match leaving is counted at once; the one after is read again
    expect(h.apply([t[0].id], now())).toEqual({ touched: new Set([t[0].id]), read: 'full' });
    expect(h.matches).toBe(5);
    h.reset(t.slice(1, 3), 5, null);
    // a trip not held changed: it may or may not have matched before
    expect(h.apply([t[5].id], now())).toEqual({ touched: new Set(), read: 'count' });
    h.counted(4);
    expect(h.matches).toBe(4);
    // a reading with every id within idsMax counts by id again
    h.reset(t.slice(1, 3), 3, every(t.slice(1, 4)));
    expect(h.countsById).toBe(true);
    expect(h.apply([t[5].id], now(t[5]))).toEqual({ touched: new Set(), read: null });
    expect(h.matches).toBe(4);
  });
});
