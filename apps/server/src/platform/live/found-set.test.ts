import { describe, expect, it } from 'vitest';
import { applyChanges, changedMessage, diffFoundSet, fetchedMessage, foundSetKey, subscriberDelta, type RowEntry } from './found-set.ts';

interface Row {
  id: string;
  day: string;
  owner: string;
  note?: string;
}
const entry = (row: Row): RowEntry => ({ row, json: JSON.stringify(row) });
const stored = (...rows: Row[]) => new Map(rows.map((r) => [r.id, entry(r)]));
const byId = (...rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
const onDay = (day: string) => (r: Row) => r.day === day;

describe('foundSetKey', () => {
  it('is the same for the same question whatever the field order, and ignores undefined fields', () => {
    expect(foundSetKey('SyncDriveAssv', { pickupDate: '2026-11-22', division: 'NM01' })).toBe(
      foundSetKey('SyncDriveAssv', { division: 'NM01', pickupDate: '2026-11-22', affiliateId: undefined }),
    );
  });
  it('differs between tables and between values', () => {
    expect(foundSetKey('SyncDriveAssv', { id: 'a' })).not.toBe(foundSetKey('VOGDelivery', { id: 'a' }));
    expect(foundSetKey('SyncDriveAssv', { pickupDate: '2026-11-22' })).not.toBe(foundSetKey('SyncDriveAssv', { pickupDate: '2026-11-23' }));
  });
});

describe('diffFoundSet', () => {
  const a = { id: 'a', day: 'mon', owner: 'x' };
  const b = { id: 'b', day: 'mon', owner: 'y' };

  it('adds a row that now matches, updates a changed one, removes one that left or was deleted', () => {
    const current = stored(a, b, { id: 'c', day: 'mon', owner: 'x' });
    const loaded = byId({ ...a, note: 'late' }, { id: 'd', day: 'mon', owner: 'x' }, { ...b, day: 'tue' });
    const changes = diffFoundSet(current, ['a', 'b', 'c', 'd'], loaded, onDay('mon'));
    expect(changes.map((c) => [c.id, c.kind])).toEqual([
      ['a', 'updated'],
      ['b', 'removed'],
      ['c', 'removed'],
      ['d', 'added'],
    ]);
  });

  it('reports nothing for a row whose content did not change, or a changed row that never matched', () => {
    expect(diffFoundSet(stored(a), ['a', 'z'], byId(a, { id: 'z', day: 'tue', owner: 'x' }), onDay('mon'))).toEqual([]);
  });

  it('keeps the stored rows in step when applied', () => {
    const rows = stored(a, b);
    applyChanges(rows, diffFoundSet(rows, ['a', 'b'], byId({ ...a, note: 'n' }), onDay('mon')));
    expect([...rows.keys()]).toEqual(['a']);
    expect(rows.get('a')!.row).toEqual({ ...a, note: 'n' });
  });
});

describe('subscriberDelta', () => {
  const mine = (r: { id: string }) => (r as Row).owner === 'x';
  const x1 = { id: 'x1', day: 'mon', owner: 'x' };
  const y1 = { id: 'y1', day: 'mon', owner: 'y' };

  it('sends only rows in scope and never names an id the subscriber did not hold', () => {
    const held = new Set(['x1']);
    const d = subscriberDelta(
      [
        { id: 'y1', kind: 'added', entry: entry(y1) },
        { id: 'x1', kind: 'updated', entry: entry({ ...x1, note: 'n' }) },
        { id: 'y2', kind: 'removed' },
      ],
      held,
      mine,
    );
    expect(d).toEqual({ added: [], updated: [entry({ ...x1, note: 'n' })], removed: [] });
    expect([...held]).toEqual(['x1']);
  });

  it('turns a row that moved out of scope into removed, and one that moved in into added', () => {
    const held = new Set(['x1']);
    const d = subscriberDelta(
      [
        { id: 'x1', kind: 'updated', entry: entry({ ...x1, owner: 'y' }) },
        { id: 'y1', kind: 'updated', entry: entry({ ...y1, owner: 'x' }) },
      ],
      held,
      mine,
    );
    expect(d.removed).toEqual(['x1']);
    expect(d.added.map((e) => e.row.id)).toEqual(['y1']);
    expect([...held]).toEqual(['y1']);
  });
});

describe('messages', () => {
  it('are the protocol shapes, built from the cached row JSON', () => {
    const rows = [entry({ id: 'a', day: 'mon', owner: 'x' })];
    expect(JSON.parse(fetchedMessage('s"1', 'SyncDriveAssv', rows))).toEqual({
      type: 'FetchedFoundSet',
      subscriptionId: 's"1',
      table: 'SyncDriveAssv',
      rows: [{ id: 'a', day: 'mon', owner: 'x' }],
    });
    expect(JSON.parse(changedMessage('s', 'VOGDelivery', { added: [], updated: rows, removed: ['b'] }))).toEqual({
      type: 'FoundSetChanged',
      subscriptionId: 's',
      table: 'VOGDelivery',
      added: [],
      updated: [{ id: 'a', day: 'mon', owner: 'x' }],
      removed: ['b'],
    });
  });
});
