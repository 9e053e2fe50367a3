import type { AddressInfo } from 'node:net';
import { SEARCH_MSG, TripSearchQuery } from '@tripline/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSessionUser } from '../src/platform/auth/users.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { SearchSelection } from '../src/modules/live/search-set.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase, quietOnRemoval, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { Fence, HttpSession, idsOf, insertTimedTrip, serve, type LiveClient, type Served } from './live-helpers.ts';
import { memberIds, search, SearchModel } from './live-search-helpers.ts';
import { SESSION_OPTIONS } from '../src/platform/db/database.ts';

// How a live search is read: beside change delivery, within the search's time limit, and again
// when the operator's date moves on.
let db: TestDatabase;
let a: Served;
/** A server whose searches may take only a moment. */
let hasty: Served;
let hastyPool: pg.Pool;
let staffName: string;
let staffId: string;
let fence: Fence;

beforeAll(async () => {
  db = await createTestDatabase();
  a = await serve(db.pool);
  hastyPool = quietOnRemoval(new pg.Pool({ connectionString: db.url, options: SESSION_OPTIONS, max: 5 }));
  const t = await buildTestApp(hastyPool, new ManualClock(), { searchTimeoutMs: 300 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  hasty = { ...t, base: `http://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
  const st = await createContact(db.pool, { types: ['SecureEmployee'] });
  staffName = st.username!;
  staffId = st.id;
  fence = await Fence.create(db.pool);
});
afterAll(async () => {
  await fence?.close();
  await a.app.close();
  await hasty.app.close();
  await hastyPool.end();
  await db.drop();
});

const socket = async (on: Served) => fence.socket(await HttpSession.signIn(on, staffName));

const settled = (live: LiveClient) => fence.settled(live);

/** A custom query that reads trip_declines, a table nothing else of a trip's reads: a lock on it holds up only the search. */
const declineSearch = (date: string) => ({
  filter: JSON.stringify({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: date }, { key: 'declinedByAffiliateId', op: 'eq', value: null }] }),
  cancelType: 'active',
});

/** Holds trip_declines until released; answers once a search waits for it. */
async function lockDeclines(): Promise<{ waiting(): Promise<boolean>; release(): Promise<void> }> {
  const locker = await db.pool.connect();
  await locker.query('begin');
  await locker.query('lock table trip_declines in access exclusive mode');
  const waiting = async () =>
    (await db.pool.query<{ n: number }>(`select count(*)::int as n from pg_locks where relation = 'trip_declines'::regclass and not granted`)).rows[0].n > 0;
  return {
    waiting,
    async release() {
      await locker.query('commit');
      locker.release();
    },
  };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the condition never came true');
}

describe('reading a live search', () => {
  it('runs beside change delivery: a change made while a search waits is delivered to others at once, and the search answers with it', async () => {
    const date = '2027-06-01';
    const x1 = await insertTimedTrip(db.pool, { date, time: '08:00:00' });
    const x2 = await insertTimedTrip(db.pool, { date, time: '09:00:00' });
    const x3 = await insertTimedTrip(db.pool, { date, time: '10:00:00' });
    const watcher = await socket(a);
    await watcher.fetch('day', 'SyncDriveAssv', { pickupDate: date });
    const live = await socket(a);

    const lock = await lockDeclines();
    live.send({ type: 'fetch', subscriptionId: 'slow', table: 'SyncDriveAssv', filter: { search: declineSearch(date) }, view: { start: 0, count: 10 } });
    await until(lock.waiting);
    // while the search's reading waits: x1 is cancelled (it leaves the search), x2 flagged
    await db.pool.query('update drive_assignments set canceled = true where id = $1', [x1]);
    await db.pool.query(`update drive_assignments set flag = 'Beside' where id = $1`, [x2]);
    const seen = new Set<string>();
    while (seen.size < 2) {
      const c = await watcher.changed('day');
      for (const row of c.updated as { id: string; canceled?: boolean; flag?: string }[]) {
        if (row.id === x1 && row.canceled) seen.add(x1);
        if (row.id === x2 && row.flag === 'Beside') seen.add(x2);
      }
    }
    expect(await lock.waiting()).toBe(true);
    expect(live.raw.some((t) => t.includes('"subscriptionId":"slow"'))).toBe(false);

    await lock.release();
    const f = await live.next('FetchedFoundSet', (m) => m.subscriptionId === 'slow');
    expect(memberIds(f.members)).toEqual([x2, x3]);
    expect(f).toMatchObject({ total: 2, matches: 2 });
    expect(f.rows[0]).toMatchObject({ id: x2, flag: 'Beside' });
  });

  it('answers a search too broad to read in time with the HTTP search words, and the socket goes on', async () => {
    const date = '2027-06-02';
    const t = await insertTimedTrip(db.pool, { date, time: '08:00:00' });
    const live = await socket(hasty);
    const lock = await lockDeclines();
    live.send({ type: 'fetch', subscriptionId: 'broad', table: 'SyncDriveAssv', filter: { search: declineSearch(date) }, view: { start: 0, count: 10 } });
    expect((await live.next('Error', (m) => m.subscriptionId === 'broad')).message).toBe(SEARCH_MSG.TOO_BROAD);
    await lock.release();
    const again = await search(live, 'again', declineSearch(date));
    expect(idsOf(again.fetched.rows)).toEqual([t]);
  });

  it("reads a search with relative days again when the operator's date moves on, and sends the difference", async () => {
    // 23:50 on 2026-11-22 in the operator's time zone
    a.clock.set('2026-11-23T06:50:00Z');
    try {
      const tomorrow = await insertTimedTrip(db.pool, { date: '2026-11-23', time: '08:00:00' });
      const after = await insertTimedTrip(db.pool, { date: '2026-11-24', time: '08:00:00' });
      const live = await socket(a);
      const rel = await search(live, 'rel', { serviceDate: '+1' });
      const custom = await search(live, 'custom', { filter: JSON.stringify({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+1' }] }) });
      const fixed = await search(live, 'fixed', { serviceDate: '2026-11-23' });
      for (const s of [rel, custom, fixed]) expect(memberIds(s.fetched.members)).toEqual([tomorrow]);

      a.app.live.checkDay();
      await settled(live);
      expect(live.pending.filter((m) => m.type === 'FoundSetChanged' && m.subscriptionId !== 'fence')).toEqual([]);

      // 00:10 on 2026-11-23: "+1" is 2026-11-24 now
      a.clock.set('2026-11-23T07:10:00Z');
      a.app.live.checkDay();
      for (const s of [rel, custom]) {
        const c = await live.changed(s.model.id);
        expect(c).toMatchObject({ removed: [tomorrow], total: 1, matches: 1 });
        expect(memberIds(c.members)).toEqual([after]);
        expect(idsOf(c.added)).toEqual([after]);
      }
      await settled(live);
      expect(live.pending.filter((m) => m.type === 'FoundSetChanged' && m.subscriptionId === 'fixed')).toEqual([]);
      expect(fixed.model).toBeInstanceOf(SearchModel);
    } finally {
      a.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it('counts the matches by reading them again when there are too many to keep their ids', async () => {
    const date = '2027-06-03';
    const t: string[] = [];
    for (const time of ['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00']) t.push(await insertTimedTrip(db.pool, { date, time }));
    const user = (await loadSessionUser(db.pool, staffId, null))!;
    const deps = { pool: db.pool, clock: a.clock, config: { secureCookies: false, appVersion: 'test' } };
    // at most 2 held, and the ids of at most 3 matches kept
    const sel = new SearchSelection(deps, TripSearchQuery.parse({ serviceDate: date, cancelType: 'active' }), user, 2, 3);
    const first = await sel.adopt(await sel.read('full'), new Set());
    expect([...first.touched].sort()).toEqual(t.slice(0, 2).sort());
    expect(sel.fields(0)).toBe(',"matches":5,"hidden":0');

    await db.pool.query('update drive_assignments set canceled = true where id = $1', [t[4]]);
    expect(await sel.change(new Set([t[4]]))).toEqual({ touched: new Set(), read: 'count' });
    await sel.adopt(await sel.read('count'), new Set());
    expect(sel.fields(1)).toBe(',"matches":4,"hidden":1');

    // a held match leaves: counted at once, and the next is read in
    await db.pool.query('update drive_assignments set canceled = true where id = $1', [t[0]]);
    const left = await sel.change(new Set([t[0]]));
    expect(left).toEqual({ touched: new Set([t[0]]), read: 'full' });
    expect(sel.fields(0)).toBe(',"matches":3,"hidden":0');
    const refill = await sel.adopt(await sel.read('full'), new Set());
    expect([...refill.touched]).toEqual([t[2]]);
    expect([t[1], t[2]].every((id) => sel.has(id))).toBe(true);
    // three matches now: their ids are kept again, so a change elsewhere needs no count
    expect(await sel.change(new Set([t[3]]))).toEqual({ touched: new Set(), read: null });
  });
});

