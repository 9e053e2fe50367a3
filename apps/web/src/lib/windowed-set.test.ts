import { describe, expect, it } from 'vitest';
import type { WindowMember } from '@tripline/core';
import {
  KEEP_MARGIN,
  WINDOW_PAD,
  WINDOW_SLACK,
  changedWindow,
  emptyWindowedSet,
  fetchedWindow,
  localRows,
  movedWindow,
  receivedRows,
  rowAt,
  slotsOf,
  staleInWindow,
  windowFor,
  type WindowedSet,
} from './windowed-set.ts';

type Row = { id: string; modCount: number; v?: string };

const key = (i: number) => `k${String(i).padStart(5, '0')}`;
const member = (i: number, modCount = 0, flags = 0): WindowMember => [`t${i}`, key(i), modCount, flags];
const row = (i: number, modCount = 0, v = ''): Row => ({ id: `t${i}`, modCount, v });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const ids = (set: WindowedSet<Row>) => set.members.map((m) => m[0]);
const held = (set: WindowedSet<Row>) => [...set.rows.keys()].sort();

function fetched(n: number, window: { start: number; count: number }, rows = range(window.start, Math.min(n, window.start + window.count))) {
  return fetchedWindow(emptyWindowedSet<Row>(window), { rows: rows.map((i) => row(i)), start: window.start, total: n, members: range(0, n).map((i) => member(i)) });
}

describe('fetchedWindow', () => {
  it('takes every member in order, the total and the rows of the window', () => {
    const set = fetched(5, { start: 1, count: 2 });
    expect(set.fetched).toBe(true);
    expect(ids(set)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(set.total).toBe(5);
    expect(slotsOf(set)).toEqual([undefined, row(1), row(2), undefined, undefined]);
    expect(emptyWindowedSet({ start: 0, count: 1 }).fetched).toBe(false);
  });

  it('keeps rows held before that are still current, and drops those older than their member now', () => {
    const before = fetched(5, { start: 0, count: 3 });
    const after = fetchedWindow(before, { rows: [row(2, 1, 'new')], start: 2, total: 4, members: [member(0), member(1, 1), member(2, 1), member(4)] });
    expect(held(after)).toEqual(['t0', 't2']);
    expect(rowAt(after, 1)).toBeUndefined();
    expect(rowAt(after, 2)).toEqual(row(2, 1, 'new'));
    expect(after.total).toBe(4);
  });

  it('passes the extra figures through', () => {
    const set = fetchedWindow(emptyWindowedSet<Row>({ start: 0, count: 1 }), { rows: [], start: 0, total: 0, members: [], extras: { matches: 3 } });
    expect(set.extras).toEqual({ matches: 3 });
  });
});

describe('rows kept near the window only', () => {
  const n = 2_000;
  const window = { start: 1_000, count: 100 };

  it('keeps the window and KEEP_MARGIN rows on each side, no more', () => {
    const everything = fetched(n, window, range(0, n));
    const kept = [...everything.rows.keys()].map((id) => Number(id.slice(1)));
    expect(Math.min(...kept)).toBe(window.start - KEEP_MARGIN);
    expect(Math.max(...kept)).toBe(window.start + window.count + KEEP_MARGIN - 1);
    expect(kept).toHaveLength(window.count + 2 * KEEP_MARGIN);
  });

  it('lets rows go as the window moves away from them, and keeps the same set for the same window', () => {
    const set = fetched(n, window, range(0, n));
    expect(movedWindow(set, window)).toBe(set);
    const moved = movedWindow(set, { start: 1_500, count: 100 });
    expect(moved.window).toEqual({ start: 1_500, count: 100 });
    expect(moved.rows.has(`t${1_500 - KEEP_MARGIN}`)).toBe(true);
    expect(moved.rows.has(`t${1_500 - KEEP_MARGIN - 1}`)).toBe(false);
    expect(rowAt(moved, 1_500 - KEEP_MARGIN - 1)).toBeUndefined();
  });
});

describe('changedWindow', () => {
  it('inserts a joining member by its key, moves a changed one, drops a removed one and takes the total', () => {
    const set = fetched(4, { start: 0, count: 4 });
    const joined: WindowMember = ['new', `${key(1)}x`, 0, 0];
    const movedLast: WindowMember = ['t0', key(9), 1, 1];
    const next = changedWindow(set, { added: [{ id: 'new', modCount: 0 }], updated: [], removed: ['t2'], members: [joined, movedLast], total: 4 });
    expect(ids(next)).toEqual(['t1', 'new', 't3', 't0']);
    expect(next.byId.get('t0')).toEqual(movedLast);
    expect(next.byId.has('t2')).toBe(false);
    expect(next.rows.has('t2')).toBe(false);
    expect(next.total).toBe(4);
    expect(rowAt(next, 1)).toEqual({ id: 'new', modCount: 0 });
    // t0's member is newer than its row: it loads until its row comes
    expect(rowAt(next, 3)).toBeUndefined();
    expect(staleInWindow(next)).toEqual(['t0']);
    const filled = changedWindow(next, { added: [], updated: [row(0, 1, 'late')], removed: [] });
    expect(rowAt(filled, 3)).toEqual(row(0, 1, 'late'));
    expect(staleInWindow(filled)).toEqual([]);
  });

  it('orders by key descending for a descending sort, equal keys by id', () => {
    const set = fetchedWindow(emptyWindowedSet<Row>({ start: 0, count: 10 }, 'desc'), {
      rows: [],
      start: 0,
      total: 3,
      members: [member(3), member(2), member(1)],
    });
    const next = changedWindow(set, { added: [], updated: [], removed: [], members: [['a', key(2), 0, 0], member(1, 1)] });
    expect(ids(next)).toEqual(['t3', 'a', 't2', 't1']);
    expect(next.total).toBe(4);
  });

  it('ignores rows of non-members, rows older than the ones held, and removals it never had', () => {
    const set = fetched(3, { start: 0, count: 3 });
    const newer = changedWindow(set, { added: [], updated: [row(1, 5, 'five')], removed: [] });
    const next = changedWindow(newer, { added: [row(7)], updated: [row(1, 4, 'four')], removed: ['nobody'] });
    expect(rowAt(next, 1)).toEqual(row(1, 5, 'five'));
    expect(next.rows.has('t7')).toBe(false);
    expect(ids(next)).toEqual(['t0', 't1', 't2']);
    // the same version again (a no-op update resent) is taken
    expect(rowAt(changedWindow(next, { added: [], updated: [row(1, 5, 'again')], removed: [] }), 1)?.v).toBe('again');
  });

  it('answers the same set for an empty change, and merges extra figures', () => {
    const set = fetched(2, { start: 0, count: 2 });
    expect(changedWindow(set, { added: [], updated: [], removed: [] })).toBe(set);
    expect(changedWindow(set, { added: [], updated: [], removed: [], total: 2, extras: { hidden: 1 } }).extras).toEqual({ hidden: 1 });
  });

  it('drops rows that a change pushed far from the window', () => {
    const n = 600;
    const set = fetched(n, { start: 0, count: 100 }, range(0, 100 + KEEP_MARGIN));
    const last = `t${100 + KEEP_MARGIN - 1}`;
    expect(set.rows.has(last)).toBe(true);
    const before: WindowMember[] = [['first', 'a', 0, 0]];
    expect(changedWindow(set, { added: [], updated: [], removed: [], members: before }).rows.has(last)).toBe(false);
  });
});

describe('receivedRows and localRows', () => {
  it('fills the moved window with its rows, except an older copy of a row held', () => {
    const set = movedWindow(fetched(1_000, { start: 0, count: 10 }), { start: 500, count: 10 });
    // a row far from the window is not kept, even one written here
    expect(localRows(set, [row(900, 3, 'mine')]).rows.has('t900')).toBe(false);
    const filled = receivedRows(set, [...range(500, 510).map((i) => row(i)), row(5_000)]);
    expect(slotsOf(filled).slice(500, 510)).toEqual(range(500, 510).map((i) => row(i)));
    expect(filled.rows.has('t5000')).toBe(false);
    const written = localRows(filled, [row(501, 3, 'mine')]);
    expect(rowAt(receivedRows(written, [row(501, 2, 'old')]), 501)).toEqual(row(501, 3, 'mine'));
    expect(receivedRows(set, [])).toBe(set);
  });

  it('takes a local row even over a newer one (the server copy of a conflict), only for members', () => {
    const set = changedWindow(fetched(2, { start: 0, count: 2 }), { added: [], updated: [row(0, 9)], removed: [] });
    expect(rowAt(localRows(set, [row(0, 8, 'server')]), 0)).toEqual(row(0, 8, 'server'));
    expect(localRows(set, [row(7)])).toBe(set);
  });
});

describe('windowFor', () => {
  const current = { start: 200, count: 200 };

  it('keeps the window while the rows in view are inside it with room to spare', () => {
    expect(windowFor(200 + WINDOW_SLACK, 400 - WINDOW_SLACK - 1, 2_000, current)).toBeNull();
    expect(windowFor(0, 20, 50, { start: 0, count: 100 })).toBeNull();
    // at the end of the set there is nothing more to ask for
    expect(windowFor(1_990, 1_999, 2_000, { start: 1_900, count: 100 })).toBeNull();
  });

  it('asks for a window around the rows in view once they near an edge or leave it', () => {
    // WINDOW_PAD rows before the first in view, WINDOW_PAD after the last
    expect(windowFor(200 + WINDOW_SLACK - 1, 250, 2_000, current)).toEqual({ start: 124, count: 227 });
    expect(windowFor(300, 400 - WINDOW_SLACK, 2_000, current)).toEqual({ start: 200, count: 276 });
    expect(windowFor(1_985, 1_999, 2_000, current)).toEqual({ start: 1_985 - WINDOW_PAD, count: 2_000 - 1_885 });
    expect(windowFor(5, 20, 2_000, current)).toEqual({ start: 0, count: 21 + WINDOW_PAD });
  });

  it('asks for at most the largest window', () => {
    expect(windowFor(0, 900, 2_000, { start: 0, count: 100 })).toEqual({ start: 0, count: 500 });
    expect(windowFor(0, 900, 2_000, { start: 0, count: 100 }, 50)).toEqual({ start: 0, count: 50 });
  });
});
