import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../auth/users.ts';
import { FoundSetRegistry, LOAD_FAILED, type Subscriber, type Subscription } from './registry.ts';
import type { LiveSource } from './source.ts';

interface Row {
  id: string;
  day: string;
  owner: string;
  v?: number;
}
interface Filter {
  day: string;
}

/** A table held in memory, counting how often it is read. */
function memorySource(rows: Row[]) {
  const calls = { evaluate: 0, load: 0 };
  let failLoad = false;
  const source: LiveSource<Filter, Row> = {
    table: 'SyncDriveAssv',
    changedBy: ['drive_assignments'],
    authorize: (user, f) => (user.id === 'refused' ? { error: 'No' } : user.id === 'nobody' ? { empty: true } : { filter: f }),
    evaluate: async (f) => {
      calls.evaluate++;
      return rows.filter((r) => r.day === f.day).map((r) => ({ ...r }));
    },
    load: async (ids) => {
      calls.load++;
      if (failLoad) throw new Error('database went away');
      return rows.filter((r) => ids.includes(r.id)).map((r) => ({ ...r }));
    },
    matches: (f, r) => r.day === f.day,
    visibleTo: (user, r) => user.partnerId === null || r.owner === user.partnerId,
  };
  return { source, calls, rows, failLoad: (v: boolean) => (failLoad = v) };
}

class FakeSocket implements Subscriber {
  readonly messages: Record<string, unknown>[] = [];
  forgotten: string[] = [];
  constructor(readonly user: SessionUser) {}
  send(text: string): void {
    this.messages.push(JSON.parse(text));
  }
  forget(sub: Subscription): void {
    this.forgotten.push(sub.subscriptionId);
  }
  types = () => this.messages.map((m) => m.type);
}

const user = (id: string, partnerId: string | null) => ({ id, partnerId }) as SessionUser;
const changed = (...ids: string[]) => () => new Map([['drive_assignments', new Set(ids)]]);

function setup(rows: Row[]) {
  const mem = memorySource(rows);
  const registry = new FoundSetRegistry([mem.source as unknown as LiveSource], () => {});
  return { ...mem, registry };
}

describe('FoundSetRegistry', () => {
  it('evaluates a filter once for all its subscribers and sends each only the rows in its scope', async () => {
    const { registry, calls } = setup([
      { id: 'x1', day: 'mon', owner: 'x' },
      { id: 'y1', day: 'mon', owner: 'y' },
    ]);
    const x = new FakeSocket(user('ux', 'x'));
    const staff = new FakeSocket(user('st', null));
    registry.subscribe('a', x, 'SyncDriveAssv', { day: 'mon' });
    registry.subscribe('b', staff, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    expect(calls.evaluate).toBe(1);
    expect(registry.foundSetCount).toBe(1);
    expect(x.messages).toEqual([{ type: 'FetchedFoundSet', subscriptionId: 'a', table: 'SyncDriveAssv', rows: [{ id: 'x1', day: 'mon', owner: 'x' }] }]);
    expect((staff.messages[0].rows as Row[]).map((r) => r.id)).toEqual(['x1', 'y1']);

    const late = new FakeSocket(user('ux2', 'x'));
    registry.subscribe('c', late, 'SyncDriveAssv', { day: 'mon' });
    expect(late.types()).toEqual(['FetchedFoundSet']);
    expect(calls.evaluate).toBe(1);
  });

  it('sends FetchedFoundSet before any change, even when the change was queued right behind the evaluation', async () => {
    const { registry, rows } = setup([{ id: 'x1', day: 'mon', owner: 'x' }]);
    const x = new FakeSocket(user('ux', 'x'));
    registry.subscribe('a', x, 'SyncDriveAssv', { day: 'mon' });
    rows.push({ id: 'x2', day: 'mon', owner: 'x' });
    void registry.applyChanges(changed('x2'));
    await registry.idle();
    // The evaluation already read x2, so the change to it is not news.
    expect(x.types()).toEqual(['FetchedFoundSet']);
    rows[0].v = 2;
    await registry.applyChanges(changed('x1'));
    expect(x.types()).toEqual(['FetchedFoundSet', 'FoundSetChanged']);
    expect(x.messages[1]).toMatchObject({ updated: [{ id: 'x1', v: 2 }], added: [], removed: [] });
  });

  it('loads changed rows once per batch, and not at all when nobody watches that table', async () => {
    const { registry, calls, rows } = setup([{ id: 'x1', day: 'mon', owner: 'x' }]);
    await registry.applyChanges(changed('x1'));
    expect(calls.load).toBe(0);
    const a = new FakeSocket(user('ua', null));
    registry.subscribe('mon', a, 'SyncDriveAssv', { day: 'mon' });
    registry.subscribe('tue', a, 'SyncDriveAssv', { day: 'tue' });
    await registry.idle();
    rows[0].day = 'tue';
    await registry.applyChanges(changed('x1'));
    expect(calls.load).toBe(1);
    expect(a.messages.slice(2)).toEqual([
      expect.objectContaining({ subscriptionId: 'mon', removed: ['x1'] }),
      expect.objectContaining({ subscriptionId: 'tue', added: [expect.objectContaining({ id: 'x1' })] }),
    ]);
  });

  it('forgets a found set when its last subscriber leaves, without evaluating it if it had not started', async () => {
    const { registry, calls } = setup([]);
    const a = new FakeSocket(user('ua', null));
    const sub = registry.subscribe('s', a, 'SyncDriveAssv', { day: 'mon' }) as Subscription;
    registry.unsubscribe(sub);
    await registry.idle();
    expect(calls.evaluate).toBe(0);
    expect(registry.foundSetCount).toBe(0);
    expect(a.messages).toEqual([]);
  });

  it('refuses or answers empty as the source decides, without evaluating', async () => {
    const { registry, calls } = setup([{ id: 'x1', day: 'mon', owner: 'x' }]);
    expect(registry.subscribe('s', new FakeSocket(user('refused', null)), 'SyncDriveAssv', { day: 'mon' })).toEqual({ error: 'No' });
    const nobody = new FakeSocket(user('nobody', null));
    registry.subscribe('s', nobody, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    expect(nobody.messages).toEqual([{ type: 'FetchedFoundSet', subscriptionId: 's', table: 'SyncDriveAssv', rows: [] }]);
    expect(calls.evaluate).toBe(0);
  });

  it('invalidates the found sets whose changes could not be loaded, and all evaluated ones on request', async () => {
    const { registry, failLoad } = setup([{ id: 'x1', day: 'mon', owner: 'x' }]);
    const a = new FakeSocket(user('ua', null));
    registry.subscribe('s', a, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    failLoad(true);
    await registry.applyChanges(changed('x1'));
    expect(a.messages[1]).toEqual({ type: 'FoundSetInvalidated', subscriptionId: 's' });
    expect(a.forgotten).toEqual(['s']);
    expect(registry.foundSetCount).toBe(0);

    failLoad(false);
    registry.subscribe('t', a, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    await registry.invalidateAll();
    expect(a.messages.slice(2).map((m) => m.type)).toEqual(['FetchedFoundSet', 'FoundSetInvalidated']);

    // a set being read when changes may have been missed is read again before it is answered
    const { registry: r2, calls, rows } = setup([{ id: 'x1', day: 'mon', owner: 'x' }]);
    const b = new FakeSocket(user('ub', null));
    r2.subscribe('u', b, 'SyncDriveAssv', { day: 'mon' });
    await r2.invalidateAll();
    rows.push({ id: 'x2', day: 'mon', owner: 'x' });
    await r2.idle();
    expect(calls.evaluate).toBe(2);
    expect(b.messages).toEqual([{ type: 'FetchedFoundSet', subscriptionId: 'u', table: 'SyncDriveAssv', rows: rows.map((r) => ({ ...r })) }]);
  });

  it('answers Error when the evaluation fails', async () => {
    const { registry, source } = setup([]);
    source.evaluate = async () => {
      throw new Error('boom');
    };
    const a = new FakeSocket(user('ua', null));
    registry.subscribe('s', a, 'SyncDriveAssv', { day: 'mon' });
    await registry.idle();
    expect(a.messages).toEqual([{ type: 'Error', subscriptionId: 's', message: LOAD_FAILED }]);
    expect(registry.foundSetCount).toBe(0);
  });

  it('keeps a found set current for a while after its last subscriber leaves, so coming back needs no evaluation', async () => {
    vi.useFakeTimers();
    try {
      const mem = memorySource([{ id: 'x1', day: 'mon', owner: 'x' }]);
      const registry = new FoundSetRegistry([mem.source as unknown as LiveSource], () => {}, 60_000);
      const x = new FakeSocket(user('ux', 'x'));
      const first = registry.subscribe('a', x, 'SyncDriveAssv', { day: 'mon' });
      await registry.idle();
      registry.unsubscribe(first as Subscription);
      expect(registry.foundSetCount).toBe(0);
      mem.rows[0].v = 2;
      await registry.applyChanges(changed('x1'));
      vi.advanceTimersByTime(59_000);
      const back = new FakeSocket(user('ux', 'x'));
      registry.subscribe('b', back, 'SyncDriveAssv', { day: 'mon' });
      expect(mem.calls.evaluate).toBe(1);
      expect(back.messages[0]).toMatchObject({ type: 'FetchedFoundSet', rows: [{ id: 'x1', v: 2 }] });
      registry.unsubscribe(registry.subscribe('c', back, 'SyncDriveAssv', { day: 'mon' }) as Subscription);
      vi.advanceTimersByTime(120_000);
      expect(registry.foundSetCount).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a found set once the lingering time has passed', async () => {
    vi.useFakeTimers();
    try {
      const mem = memorySource([{ id: 'x1', day: 'mon', owner: 'x' }]);
      const registry = new FoundSetRegistry([mem.source as unknown as LiveSource], () => {}, 60_000);
      const x = new FakeSocket(user('ux', 'x'));
      const sub = registry.subscribe('a', x, 'SyncDriveAssv', { day: 'mon' });
      await registry.idle();
      registry.unsubscribe(sub as Subscription);
      vi.advanceTimersByTime(60_001);
      registry.subscribe('b', x, 'SyncDriveAssv', { day: 'mon' });
      await registry.idle();
      expect(mem.calls.evaluate).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
