import { LIVE_SEARCH_MSG, MEMBER_FLAG, MSG, orderTrips, SEARCH_MSG, type DriveAssignment } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { Fence, HttpSession, idsOf, insertTimedTrip, type LiveClient, type Served, serveTwo } from './live-helpers.ts';
import { memberIds, search, type Changed } from './live-search-helpers.ts';

// The live staff search: a windowed found set of the first `limit` matches of a search, on two
// server processes over one database.
let db: TestDatabase;
let servers: Awaited<ReturnType<typeof serveTwo>>;
let a: Served;
let b: Served;
let partnerX: string;
let inHouse: string;
let billTo: string;
let staff: HttpSession;
let partner: HttpSession;
let pace: HttpSession;
let fence: Fence;

let nextDay = 1;
const freshDay = () => `2027-05-${String(nextDay++).padStart(2, '0')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  servers = await serveTwo(db.pool, db.url);
  ({ a, b } = servers);
  partnerX = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Partner X' })).id;
  inHouse = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Secure Rides' })).id;
  billTo = (await createContact(db.pool, { types: ['Bill To'], username: null })).id;
  const px = await createContact(db.pool, { types: ['Affiliate'], parentId: partnerX });
  const st = await createContact(db.pool, { types: ['SecureEmployee'] });
  const cm = await createContact(db.pool, { types: ['Case Manager', 'PaceStaff'], billToIds: [billTo] });
  partner = await HttpSession.signIn(b, px.username!);
  staff = await HttpSession.signIn(a, st.username!);
  pace = await HttpSession.signIn(a, cm.username!);
  fence = await Fence.create(db.pool, { partnerId: partnerX, billToId: billTo });
});
afterAll(async () => {
  await fence?.close();
  await servers.close();
  await db.drop();
});

const socket = (s: HttpSession) => fence.socket(s);

const settled = (...sockets: LiveClient[]) => fence.settled(...sockets);

/** A day in day order: x1 (partner X, outside), s1 (in-house), x2 (partner X, bill-to account), n (nobody's). */
async function day() {
  const date = freshDay();
  const t = (time: string, partnerId: string | null, more: { billToId?: string; priority?: number } = {}) =>
    insertTimedTrip(db.pool, { date, time, partnerId, ...more });
  const x1 = await t('08:00:00', partnerX, { priority: 2 });
  const s1 = await t('08:30:00', inHouse, { priority: 5 });
  const x2 = await t('09:00:00', partnerX, { billToId: billTo, priority: 5 });
  const n = await t('10:00:00', null);
  return { date, x1, s1, x2, n, order: [x1, s1, x2, n] };
}

describe('the live staff search', () => {
  it('refuses what the HTTP search refuses, a batch size off the screen, a search without a view, and partners, leaving the socket usable', async () => {
    const d = await day();
    const live = await socket(staff);
    const view = { start: 0, count: 10 };
    const refused = async (id: string, filter: Record<string, unknown>, withView = true) => {
      live.send({ type: 'fetch', subscriptionId: id, table: 'SyncDriveAssv', filter, ...(withView ? { view } : {}) });
      return (await live.next('Error', (m) => m.subscriptionId === id)).message;
    };
    for (const limit of ['99', '101', '1001', '10000', 'many']) expect(await refused(`l${limit}`, { search: { serviceDate: d.date, limit } })).toBe(LIVE_SEARCH_MSG.BATCH);
    expect(await refused('prio', { search: { serviceDate: d.date, priority: 'high' } })).toBe(SEARCH_MSG.INVALID_PRIORITY);
    expect(await refused('none', { search: { division: 'NM01' } })).toBe(SEARCH_MSG.CRITERIA_REQUIRED);
    expect(await refused('date', { search: { serviceDate: '2026-02-30' } })).toBe(SEARCH_MSG.INVALID_DATE);
    expect(await refused('json', { search: { filter: '{' } })).toMatch(/^Invalid JSON/);
    expect(await refused('noview', { search: { serviceDate: d.date } }, false)).toBe(`The message is not valid (view: ${LIVE_SEARCH_MSG.NEEDS_VIEW})`);
    expect(await refused('mixed', { search: { serviceDate: d.date }, pickupDate: d.date })).toBe(`The message is not valid (filter.pickupDate: ${LIVE_SEARCH_MSG.OTHER_FIELDS})`);
    // the HTTP search answers the same words
    const http = await staff.request('GET', `/api/drive-assignments?serviceDate=${d.date}&priority=high`);
    expect(http).toMatchObject({ status: 400, json: { message: SEARCH_MSG.INVALID_PRIORITY } });

    const partnerLive = await socket(partner);
    partnerLive.send({ type: 'fetch', subscriptionId: 'mine', table: 'SyncDriveAssv', filter: { search: { serviceDate: d.date } }, view });
    expect((await partnerLive.next('Error', (m) => m.subscriptionId === 'mine')).message).toBe(MSG.RESOURCE_DENIED);
    // nothing else changed for the partner, and the staff socket still serves
    expect(idsOf((await partnerLive.fetch('day', 'SyncDriveAssv', { pickupDate: d.date })).rows)).toEqual([d.x1, d.x2]);
    const ok = await search(live, 'ok', { serviceDate: d.date });
    expect(memberIds(ok.fetched.members)).toEqual(d.order);
  });

  it("answers the first matches in day order with the counts, and shows a partner's accept live", async () => {
    const d = await day();
    const live = await socket(staff);
    const { fetched, model } = await search(live, 's', { serviceDate: d.date, limit: '100' }, { start: 0, count: 10 });
    expect(fetched).toMatchObject({ total: 4, matches: 4, hidden: 0, start: 0 });
    expect(memberIds(fetched.members)).toEqual(d.order);
    expect(idsOf(fetched.rows)).toEqual(d.order);
    expect(fetched.rows[0]).not.toHaveProperty('tripLegs.0.id');
    expect(fetched.members!.map((m) => m[3])).toEqual([MEMBER_FLAG.outside, 0, MEMBER_FLAG.outside, 0]);
    // the HTTP search finds the same trips in the same order
    const http = await staff.request('GET', `/api/drive-assignments?serviceDate=${d.date}&limit=100`);
    expect(idsOf(http.json.rows)).toEqual(d.order);

    const accepted = await partner.request('POST', '/api/accept', { driveAssignments: [{ id: d.x2, modCount: 0 }] });
    expect(accepted.status).toBe(200);
    expect(idsOf(accepted.json.accepted)).toEqual([d.x2]);
    const c = await live.changed('s', (m) => m.updated.length > 0);
    expect(c.updated).toEqual([expect.objectContaining({ id: d.x2, accepted: true })]);
    expect(c.members).toEqual([[d.x2, expect.any(String), 1, MEMBER_FLAG.accepted | MEMBER_FLAG.outside]]);
    expect(c).toMatchObject({ total: 4, matches: 4, hidden: 0, removed: [], added: [] });
    model.apply(c);

    // a PaceStaff case manager's search holds only its accounts' trips
    const paceLive = await socket(pace);
    const mine = await search(paceLive, 'p', { serviceDate: d.date });
    expect(mine.fetched).toMatchObject({ total: 1, matches: 1 });
    expect(memberIds(mine.fetched.members)).toEqual([d.x2]);
  });

  it('lets a trip join when it comes to match and leave when it stops, as the database decides', async () => {
    const d = await day();
    const live = await socket(staff);
    const { fetched, model } = await search(live, 'f', { serviceDate: d.date, flagNonNull: 'true' });
    expect(fetched).toMatchObject({ total: 0, matches: 0, members: [], rows: [] });
    await db.pool.query(`update drive_assignments set flag = 'Late' where id = $1`, [d.s1]);
    const joined = await live.changed('f');
    expect(idsOf(joined.added)).toEqual([d.s1]);
    expect(joined).toMatchObject({ total: 1, matches: 1, removed: [] });
    await db.pool.query(`update drive_assignments set flag = null where id = $1`, [d.s1]);
    const left = await live.changed('f');
    expect(left).toMatchObject({ removed: [d.s1], added: [], total: 0, matches: 0 });
    model.apply(joined);
    model.apply(left);
    expect(model.ids()).toEqual([]);
  });

  it('holds the first limit of more matches: a held match that leaves is replaced by the next, and the count of all stays exact', async () => {
    const date = freshDay();
    // 150 trips, one a minute from 06:01
    await db.pool.query(
      `with t as (insert into drive_assignments (service_date, service_type_requested) select $1, '01' from generate_series(1, 150) returning id)
       insert into trip_legs (drive_assignment_id, loc_first_time_ord)
       select id, time '06:00' + (row_number() over (order by id)) * interval '1 minute' from t`,
      [date],
    );
    const order = idsOf((await staff.request('GET', `/api/drive-assignments?serviceDate=${date}&limit=1000&view=list`)).json.rows);
    expect(order).toHaveLength(150);
    const live = await socket(staff);
    const { fetched, model } = await search(live, 't', { serviceDate: date, cancelType: 'active', limit: '100' }, { start: 0, count: 5 });
    expect(fetched).toMatchObject({ total: 100, matches: 150 });
    expect(memberIds(fetched.members)).toEqual(order.slice(0, 100));

    // a held match cancelled: it leaves and the 101st comes in
    await db.pool.query('update drive_assignments set canceled = true where id = $1', [order[3]]);
    await model.until((m) => m.total === 100 && m.members.has(order[100]) && !m.members.has(order[3]));
    expect(model.matches).toBe(149);
    expect(model.ids()).toEqual([...order.slice(0, 3), ...order.slice(4, 101)]);

    // a match beyond the held ones stops matching, then matches again: only the count changes
    await db.pool.query('update drive_assignments set canceled = true where id = $1', [order[149]]);
    const fewer = await live.changed('t');
    expect(fewer).toMatchObject({ added: [], updated: [], removed: [], members: [], total: 100, matches: 148 });
    await db.pool.query('update drive_assignments set canceled = false where id = $1', [order[149]]);
    expect(await live.changed('t')).toMatchObject({ members: [], total: 100, matches: 149 });

    // a new match before the held ones joins and the last held falls out
    const early = await insertTimedTrip(db.pool, { date, time: '05:00:00' });
    const joined = await live.changed('t', (m) => m.removed.length > 0);
    expect(joined).toMatchObject({ removed: [order[100]], total: 100, matches: 150 });
    expect(memberIds(joined.members)).toEqual([early]);
    expect(idsOf(joined.added)).toEqual([early]);
  });

  it('leaves out outside partners on request and counts them as hidden', async () => {
    const d = await day();
    const live = await socket(staff);
    const { fetched, model } = await search(live, 'h', { serviceDate: d.date }, { start: 0, count: 10, hideOutside: true });
    expect(fetched).toMatchObject({ total: 2, matches: 4, hidden: 2 });
    expect(memberIds(fetched.members)).toEqual([d.s1, d.n]);
    expect(idsOf(fetched.rows)).toEqual([d.s1, d.n]);
    // the in-house trip goes to partner X: it is hidden now
    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [d.s1, partnerX]);
    const c = await live.changed('h');
    expect(c).toMatchObject({ removed: [d.s1], total: 1, matches: 4, hidden: 3 });
    model.apply(c);
    expect(model.ids()).toEqual([d.n]);
    // a view showing them has every match, outside ones flagged
    const all = await search(live, 'all', { serviceDate: d.date }, { start: 0, count: 10 });
    expect(all.fetched).toMatchObject({ total: 4, hidden: 0 });
    expect(all.fetched.members!.filter((m) => m[3] & MEMBER_FLAG.outside).map((m) => m[0])).toEqual([d.x1, d.s1, d.x2]);
  });

  it("orders the held matches by a results column, as core orders the trips, and keeps that order through changes", async () => {
    const d = await day();
    const live = await socket(staff);
    const trips = (await staff.request('GET', `/api/drive-assignments?serviceDate=${d.date}&limit=100`)).json.rows as DriveAssignment[];
    for (const sort of [{ key: 'priority', dir: 'desc' }, { key: 'partner', dir: 'asc' }, { key: 'partner', dir: 'desc' }] as const) {
      const { fetched } = await search(live, `${sort.key}-${sort.dir}`, { serviceDate: d.date }, { start: 0, count: 2, sort });
      expect({ sort, ids: memberIds(fetched.members) }).toEqual({ sort, ids: idsOf(orderTrips(trips, sort)) });
      expect(idsOf(fetched.rows)).toEqual(idsOf(orderTrips(trips, sort)).slice(0, 2));
    }
    // empty partner last both ways; equal priorities in day order
    expect(idsOf(orderTrips(trips, { key: 'priority', dir: 'desc' }))).toEqual([d.s1, d.x2, d.x1, d.n]);
    await db.pool.query('update drive_assignments set schedule_priority = 9 where id = $1', [d.n]);
    const moved = await live.changed('priority-desc');
    expect(idsOf(moved.added)).toEqual([d.n]);
    expect(memberIds(moved.members)).toEqual([d.n]);
  });

  it('delivers every change once to search subscribers of two processes', async () => {
    const d = await day();
    const onA = await socket(staff);
    const onB = await socket(staff.on(b));
    await search(onA, 'w', { serviceDate: d.date }, { start: 0, count: 1 });
    await search(onB, 'w', { serviceDate: d.date }, { start: 0, count: 1 });
    for (let i = 1; i <= 3; i++) {
      await db.pool.query('update drive_assignments set mod_count = mod_count + 1 where id = $1', [d.n]);
      for (const s of [onA, onB]) await s.changed('w', (m) => m.members?.some((x) => x[0] === d.n && x[2] === i) ?? false);
    }
    await settled(onA, onB);
    for (const s of [onA, onB]) {
      const seen = s.raw.filter((t) => t.includes('"FoundSetChanged"') && t.includes('"subscriptionId":"w"') && t.includes(d.n));
      expect(seen.map((t) => (JSON.parse(t) as Changed).members!.map((m) => m[2]))).toEqual([[1], [2], [3]]);
      expect(s.pending.filter((m) => m.type === 'FoundSetChanged' && m.subscriptionId === 'w')).toEqual([]);
    }
  });
});

