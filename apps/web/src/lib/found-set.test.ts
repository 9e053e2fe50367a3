import { describe, expect, it } from 'vitest';
import { RecentLocalChanges, applyFoundSetChange, parseLiveMessage, reconnectDelay, reduceFoundSet } from './found-set.ts';

type Row = { id: string; v: number };
const a = { id: 'a', v: 1 };
const b = { id: 'b', v: 1 };
const c = { id: 'c', v: 1 };

describe('applyFoundSetChange', () => {
  it('replaces updated rows in place, drops removed ones and appends added ones', () => {
    const next = applyFoundSetChange<Row>([a, b, c], { added: [{ id: 'd', v: 1 }], updated: [{ id: 'b', v: 2 }], removed: ['a'] });
    expect(next).toEqual([{ id: 'b', v: 2 }, c, { id: 'd', v: 1 }]);
    expect(next[1]).toBe(c);
  });

  it('treats an added row that is already listed as an update', () => {
    expect(applyFoundSetChange<Row>([a, b], { added: [{ id: 'a', v: 5 }], updated: [], removed: [] })).toEqual([{ id: 'a', v: 5 }, b]);
  });

  it('returns the same list for an empty change', () => {
    const rows = [a, b];
    expect(applyFoundSetChange<Row>(rows, { added: [], updated: [], removed: [] })).toBe(rows);
  });

  it('ignores an updated row that is not in the set', () => {
    expect(applyFoundSetChange<Row>([a], { added: [], updated: [{ id: 'x', v: 1 }], removed: [] })).toEqual([a]);
  });
});

describe('reduceFoundSet', () => {
  const empty = { rows: [] as Row[], fetched: false };

  it('takes the fetched rows, then applies changes', () => {
    const fetched = reduceFoundSet(empty, { type: 'FetchedFoundSet', subscriptionId: 's', table: 'SyncDriveAssv', rows: [a, b] });
    expect(fetched).toEqual({ rows: [a, b], fetched: true });
    const changed = reduceFoundSet(fetched, {
      type: 'FoundSetChanged',
      subscriptionId: 's',
      table: 'SyncDriveAssv',
      added: [],
      updated: [],
      removed: ['b'],
    });
    expect(changed.rows).toEqual([a]);
  });

  it('keeps the state for messages without rows', () => {
    const state = { rows: [a], fetched: true };
    expect(reduceFoundSet(state, { type: 'FoundSetInvalidated', subscriptionId: 's' })).toBe(state);
    expect(reduceFoundSet(state, { type: 'Error', message: 'no' })).toBe(state);
  });
});

describe('parseLiveMessage', () => {
  it('accepts the protocol messages', () => {
    expect(parseLiveMessage('{"type":"FetchedFoundSet","subscriptionId":"s","table":"VOGDelivery","rows":[]}')?.type).toBe('FetchedFoundSet');
    expect(parseLiveMessage('{"type":"FoundSetChanged","subscriptionId":"s","table":"SyncDriveAssv","added":[],"updated":[],"removed":[]}')?.type).toBe(
      'FoundSetChanged',
    );
    expect(parseLiveMessage('{"type":"Unsubscribed","subscriptionId":"s"}')?.type).toBe('Unsubscribed');
    expect(parseLiveMessage('{"type":"Error","message":"Unknown table"}')?.type).toBe('Error');
    expect(parseLiveMessage('{"type":"FoundSetRows","subscriptionId":"s","start":100,"rows":[]}')?.type).toBe('FoundSetRows');
    expect(parseLiveMessage('{"type":"FetchedFoundSet","subscriptionId":"s","table":"SyncDriveAssv","rows":[],"total":0,"start":0,"members":[]}')?.type).toBe(
      'FetchedFoundSet',
    );
  });

  it.each(['not json', '[]', '{"type":"Hello"}', '{"type":"FetchedFoundSet","subscriptionId":"s","table":"Other","rows":[]}', '{"type":"FoundSetChanged","subscriptionId":"s"}',
    '{"type":"FoundSetRows","subscriptionId":"s","rows":[]}',
    '{"type":"FoundSetRows","subscriptionId":"s","start":"0","rows":[]}',
    '{"type":"FetchedFoundSet","subscriptionId":"s","table":"SyncDriveAssv","rows":[],"members":{}}',
    '{"type":"FoundSetChanged","subscriptionId":"s","table":"SyncDriveAssv","added":[],"updated":[],"removed":[],"total":"3"}'])(
    'refuses %s',
    (text) => {
      expect(parseLiveMessage(text)).toBeNull();
    },
  );
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, top))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('waits at least half of the step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(5, () => 0)).toBe(15000);
  });
});

describe('RecentLocalChanges', () => {
  it('ignores live changes to records changed here within five seconds', () => {
    const recent = new RecentLocalChanges();
    recent.mark('a', 1_000);
    const change = { added: [a], updated: [a, b], removed: ['a', 'c'] };
    expect(recent.filter(change, 5_999)).toEqual({ added: [], updated: [b], removed: ['c'] });
    expect(recent.filter(change, 6_000)).toEqual(change);
  });

  it('drops the rows of a live change that this tab changed within five seconds', () => {
    const recent = new RecentLocalChanges();
    const rows = [a, b];
    expect(recent.keepRows(rows, 0)).toBe(rows);
    recent.mark('a', 1_000);
    expect(recent.keepRows(rows, 5_999)).toEqual([b]);
    expect(recent.keepRows(rows, 6_000)).toEqual(rows);
  });

  it('forgets a record once its window passed', () => {
    const recent = new RecentLocalChanges(100);
    recent.mark('a', 0);
    expect(recent.isRecent('a', 99)).toBe(true);
    expect(recent.isRecent('a', 100)).toBe(false);
    expect(recent.isRecent('a', 50)).toBe(false);
  });
});
