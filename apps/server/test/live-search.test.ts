import { LIVE_SEARCH_MSG, MEMBER_FLAG, MSG, orderTrips, SEARCH_MSG, type DriveAssignment, type LiveServerMessage, type WindowMember } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { HttpSession, idsOf, insertTimedTrip, type LiveClient, type Served, serveTwo } from './live-helpers.ts';

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
const open: LiveClient[] = [];

let nextDay = 1;
const freshDay = () => `2027-05-${String(nextDay++).padStart(2, '0')}`;
const FENCE_DAY = '2026-01-02';
let fenceTrip: string;

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
  fenceTrip = await insertTimedTrip(db.pool, { date: FENCE_DAY, time: '08:00:00', partnerId: partnerX, billToId: billTo });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await servers.close();
  await db.drop();
});

async function socket(s: HttpSession): Promise<LiveClient> {
  const c = await s.live();
  open.push(c);
  expect(idsOf((await c.fetch('fence', 'SyncDriveAssv', { pickupDate: FENCE_DAY })).rows)).toEqual([fenceTrip]);
  return c;
}

/** Waits until each socket has been sent every change made so far (see live-window.test.ts). */
async function settled(...sockets: LiveClient[]): Promise<void> {
  const mark = `fence ${Math.random()}`;
  await db.pool.query('update drive_assignments set flag = $2 where id = $1', [fenceTrip, mark]);
  for (const s of sockets) await s.changed('fence', (m) => JSON.stringify(m.updated).includes(mark));
}

type Fetched = Extract<LiveServerMessage, { type: 'FetchedFoundSet' }>;
type Changed = Extract<LiveServerMessage, { type: 'FoundSetChanged' }>;
const memberIds = (ms: WindowMember[] | undefined) => (ms ?? []).map((m) => m[0]);

/** What a client knows of a search set: its members by id, in key order, and the counts. */
class SearchModel {
  members = new Map<string, WindowMember>();
  total = 0;
  matches = 0;
  hidden = 0;
  constructor(
    private readonly live: LiveClient,
    readonly id: string,
    fetched: Fetched,
  ) {
    for (const m of fetched.members ?? []) this.members.set(m[0], m);
    Object.assign(this, { total: fetched.total, matches: fetched.matches, hidden: fetched.hidden });
  }

  apply(c: Changed): void {
    for (const id of c.removed) this.members.delete(id);
    for (const m of c.members ?? []) this.members.set(m[0], m);
    Object.assign(this, { total: c.total, matches: c.matches, hidden: c.hidden });
  }

  /** Takes this set's changes as they come until the model meets `done`. */
  async until(done: (m: this) => boolean): Promise<void> {
    while (!done(this)) this.apply(await this.live.changed(this.id));
  }

  ids(): string[] {
    return [...this.members.values()].sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0)).map((m) => m[0]);
  }
}

async function search(live: LiveClient, id: string, search: Record<string, string>, view: Record<string, unknown> = { start: 0, count: 50 }) {
  const fetched = await live.fetchView(id, { search }, view);
  return { fetched, model: new SearchModel(live, id, fetched) };
}

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
});
