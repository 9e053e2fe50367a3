import type { WindowMember, WindowQuery } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/users.ts';
import { FoundSetRegistry, type Subscriber, type Subscription } from './registry.ts';
import type { LiveSource, MemberSelection } from './source.ts';

interface Row {
  id: string;
  day: string;
  owner: string;
  /** The sort column; a row without one is left out by the text filter 'keep'. */
  at: string;
  v?: number;
}

/** A table in memory whose members sort by `at` and whose text filter 'keep' needs an owner 'x'. */
function memorySource(rows: Row[]) {
  const calls = { evaluate: 0, rowsJson: 0 };
  const read = (r: Row) => ({ row: { ...r }, record: { ...r } });
  const source: LiveSource<{ day: string }, Row> = {
    table: 'SyncDriveAssv',
    changedBy: ['drive_assignments'],
    authorize: (u, f) => (u.id === 'nobody' ? { empty: true } : { filter: f }),
    evaluate: async (f) => {
      calls.evaluate++;
      return rows.filter((r) => r.day === f.day).map((r) => ({ ...r }));
    },
    load: async (ids) => rows.filter((r) => ids.includes(r.id)).map((r) => ({ ...r })),
    matches: (f, r) => r.day === f.day,
    visibleTo: (u, r) => u.partnerId === null || r.owner === u.partnerId,
    windowed: {
      evaluate: async (f) => {
        calls.evaluate++;
        return rows.filter((r) => r.day === f.day).map(read);
      },
      load: async (ids) => rows.filter((r) => ids.includes(r.id)).map(read),
      member: (q: WindowQuery, record): WindowMember | null => {
        const r = record as Row;
        // a key as core's sortKey makes them: rank, value, NUL (the day order's part left empty)
        return q.q === 'keep' && r.owner !== 'x' ? null : [r.id, key(r.at), r.v ?? 0, 0];
      },
      version: (r) => JSON.stringify(r),
      rowsJson: async (kept) => {
        calls.rowsJson++;
        return new Map(kept.map((r) => [r.id, JSON.stringify(r)]));
      },
    },
  };
  return { source, calls, rows };
}

class FakeSocket implements Subscriber {
  readonly messages: Record<string, any>[] = [];
  constructor(readonly user: SessionUser) {}
  send(text: string): void {
    this.messages.push(JSON.parse(text));
  }
  forget(): void {}
  last = () => this.messages.at(-1)!;
}

const user = (id: string, partnerId: string | null) => ({ id, partnerId }) as SessionUser;
const changed = (...ids: string[]) => () => new Map([['drive_assignments', new Set(ids)]]);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const memberIds = (ms: WindowMember[]) => ms.map((m) => m[0]);
const key = (at: string) => `0${at}\u0000`;

function setup(rows: Row[]) {
  const mem = memorySource(rows);
  return { ...mem, registry: new FoundSetRegistry([mem.source as unknown as LiveSource], () => {}) };
}

const day = (): Row[] => [
  { id: 'x1', day: 'mon', owner: 'x', at: '1' },
  { id: 'y1', day: 'mon', owner: 'y', at: '2' },
  { id: 'x2', day: 'mon', owner: 'x', at: '3' },
  { id: 'y2', day: 'mon', owner: 'y', at: '4' },
];

describe('windowed found sets in the registry', () => {
  it('shares one set per sort and text whatever the window, apart from the set without a view', async () => {
    const { registry, calls } = setup(day());
    const a = new FakeSocket(user('a', null));
    registry.subscribe('1', a, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 1 });
    registry.subscribe('2', a, 'SyncDriveAssv', { day: 'mon' }, { start: 2, count: 5 });
    registry.subscribe('3', a, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 1, sort: { key: 'dayOrder', dir: 'desc' } });
    registry.subscribe('4', a, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    expect(calls.evaluate).toBe(3);
    expect(calls.rowsJson).toBe(3);
    // sets are read beside each other: their answers may come in any order
    const bySubscription = [...a.messages].sort((x, y) => String(x.subscriptionId).localeCompare(String(y.subscriptionId)));
    expect(bySubscription.map((m) => [m.subscriptionId, ids(m.rows)])).toEqual([
      ['1', ['x1']],
      ['2', ['x2', 'y2']],
      ['3', ['y2']],
      ['4', ['x1', 'y1', 'x2', 'y2']],
    ]);
    expect(bySubscription[3]).not.toHaveProperty('members');
  });

  it('gives a narrower subscriber its own members, and narrows one that saw all when a row it may not see joins', async () => {
    const { registry, rows } = setup(day().filter((r) => r.owner === 'x'));
    const staff = new FakeSocket(user('st', null));
    const x = new FakeSocket(user('ux', 'x'));
    registry.subscribe('s', staff, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 10 });
    registry.subscribe('p', x, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 10 });
    await registry.idle();
    expect(memberIds(x.last().members)).toEqual(['x1', 'x2']);

    rows.push({ id: 'y9', day: 'mon', owner: 'y', at: '0' }, { id: 'x9', day: 'mon', owner: 'x', at: '5' });
    await registry.applyChanges(changed('y9', 'x9'));
    expect(staff.last()).toMatchObject({ total: 4, removed: [] });
    expect(ids(staff.last().added)).toEqual(['y9', 'x9']);
    expect(x.last()).toMatchObject({ total: 3, removed: [], members: [['x9', key('5'), 0, 0]] });
    expect(ids(x.last().added)).toEqual(['x9']);
    expect(JSON.stringify(x.messages)).not.toContain('y9');

    // a removal of a row it never saw sends it nothing
    const before = x.messages.length;
    rows.splice(rows.findIndex((r) => r.id === 'y9'), 1);
    await registry.applyChanges(changed('y9'));
    expect(x.messages).toHaveLength(before);
    expect(staff.last()).toMatchObject({ removed: ['y9'], total: 3, added: [], updated: [] });
  });

  it("leaves out what the view's text filter leaves out, and moves a row in and out as it changes", async () => {
    const { registry, rows } = setup(day());
    const s = new FakeSocket(user('st', null));
    registry.subscribe('k', s, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 10, q: 'keep' });
    await registry.idle();
    expect(ids(s.last().rows)).toEqual(['x1', 'x2']);
    rows[1].owner = 'x';
    rows[0].owner = 'z';
    await registry.applyChanges(changed('x1', 'y1'));
    expect(s.last()).toMatchObject({ removed: ['x1'], total: 2, members: [['y1', key('2'), 0, 0]] });
    expect(ids(s.last().added)).toEqual(['y1']);
  });

  it('answers every window message with FoundSetRows, in turn after the fetch, without evaluating again', async () => {
    const { registry, calls } = setup(day());
    const s = new FakeSocket(user('st', null));
    const sub = registry.subscribe('w', s, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 1 }) as Subscription;
    registry.moveWindow(sub, 1, 2);
    await registry.idle();
    expect(s.messages.map((m) => [m.type, m.start, ids(m.rows)])).toEqual([
      ['FetchedFoundSet', 0, ['x1']],
      ['FoundSetRows', 1, ['y1', 'x2']],
    ]);
    registry.moveWindow(sub, 3, 5);
    await registry.idle();
    expect(s.last()).toMatchObject({ type: 'FoundSetRows', subscriptionId: 'w', start: 3 });
    expect(ids(s.last().rows)).toEqual(['y2']);
    registry.moveWindow(sub, 9, 5);
    await registry.idle();
    expect(s.last()).toEqual({ type: 'FoundSetRows', subscriptionId: 'w', start: 9, rows: [] });
    expect(calls.evaluate).toBe(1);
  });

  it('decides a change from the version stamp: the same stamp sends nothing, a new one sends the row in the window', async () => {
    const { registry, rows } = setup(day());
    const s = new FakeSocket(user('st', null));
    registry.subscribe('v', s, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 1 });
    await registry.idle();
    await registry.applyChanges(changed('x1', 'y2'));
    expect(s.messages).toHaveLength(1);
    rows[0].v = 1;
    await registry.applyChanges(changed('x1'));
    expect(s.last()).toMatchObject({ type: 'FoundSetChanged', added: [], removed: [], members: [['x1', key('1'), 1, 0]], total: 4 });
    expect(s.last().updated).toEqual([{ ...rows[0] }]);
  });

  it('answers an empty window when the scope leaves nothing visible', async () => {
    const { registry } = setup(day());
    const s = new FakeSocket(user('nobody', 'q'));
    registry.subscribe('e', s, 'SyncDriveAssv', { day: 'mon' }, { start: 3, count: 5 });
    expect(s.last()).toEqual({ type: 'FetchedFoundSet', subscriptionId: 'e', table: 'SyncDriveAssv', rows: [], total: 0, start: 3, members: [] });
  });
});

describe('sets whose members a query decides', () => {
  /** The day source above, whose filter `{ search: true }` is a selection of owner x's rows that asks `decide` about each change. */
  function withSelection(rows: Row[], decide: () => Promise<void>) {
    const mem = memorySource(rows);
    const xs = () => rows.filter((r) => r.owner === 'x').map((r) => r.id);
    mem.source.windowed!.selection = (f): MemberSelection | null => {
      if (!(f as { search?: boolean }).search) return null;
      let held = new Set<string>();
      return {
        has: (id) => held.has(id),
        fields: () => '',
        read: async () => xs(),
        idsOf: (reading) => reading as string[],
        adopt: async (reading) => {
          held = new Set(reading as string[]);
          return { touched: new Set(held), read: null };
        },
        change: async (changedIds) => {
          await decide();
          held = new Set(xs());
          return { touched: new Set(changedIds), read: null };
        },
        dayChanged: () => false,
      };
    };
    return { ...mem, registry: new FoundSetRegistry([mem.source as unknown as LiveSource], () => {}) };
  }

  it("never hold up the changes of the sets matched in memory while they ask the database, and get every change in order", async () => {
    let release = () => {};
    let blocked = false;
    const decide = () => (blocked ? new Promise<void>((r) => (release = r)) : Promise.resolve());
    const { registry, rows } = withSelection(day(), decide);
    const dayWatcher = new FakeSocket(user('d', null));
    const searcher = new FakeSocket(user('s', null));
    registry.subscribe('day', dayWatcher, 'SyncDriveAssv', { day: 'mon' }, { start: 0, count: 10 });
    registry.subscribe('search', searcher, 'SyncDriveAssv', { day: 'mon', search: true } as never, { start: 0, count: 10 });
    await registry.idle();
    expect(ids(searcher.last().rows)).toEqual(['x1', 'x2']);

    blocked = true;
    rows[0].v = 1;
    await registry.applyChanges(changed('x1'));
    // the day's subscriber is told while the search still waits for its answer
    expect(dayWatcher.last()).toMatchObject({ type: 'FoundSetChanged', members: [['x1', key('1'), 1, 0]] });
    expect(searcher.messages).toHaveLength(1);
    rows[1].owner = 'x';
    await registry.applyChanges(changed('y1'));
    expect(dayWatcher.messages).toHaveLength(3);

    blocked = false;
    release();
    await registry.idle();
    expect(searcher.messages.map((m) => m.type)).toEqual(['FetchedFoundSet', 'FoundSetChanged', 'FoundSetChanged']);
    expect(searcher.messages[1].updated).toEqual([{ ...rows[0] }]);
    expect(ids(searcher.messages[2].added)).toEqual(['y1']);
    expect(searcher.last().total).toBe(3);
  });
});
