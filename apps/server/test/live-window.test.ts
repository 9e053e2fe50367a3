import { MEMBER_FLAG, tripListRowJson, type DriveAssignment, type LiveServerMessage, type WindowMember } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_WINDOW } from '../src/platform/live/connection.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { Fence, HttpSession, idsOf, insertTimedTrip, type LiveClient, type Served, serveTwo } from './live-helpers.ts';

// Windowed found sets: a partner's socket and a staff socket over the same day, each with a
// window; two server processes on one database.
let db: TestDatabase;
let servers: Awaited<ReturnType<typeof serveTwo>>;
let a: Served;
let b: Served;
let partnerX: string;
let partnerY: string;
let billTo: string;
let partner: HttpSession;
let staff: HttpSession;
let caseManager: HttpSession;
let fence: Fence;

let nextDay = 1;
const freshDay = () => `2027-03-${String(nextDay++).padStart(2, '0')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  servers = await serveTwo(db.pool, db.url);
  ({ a, b } = servers);
  partnerX = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Partner X' })).id;
  partnerY = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Partner Y' })).id;
  billTo = (await createContact(db.pool, { types: ['Bill To'], username: null })).id;
  const px = await createContact(db.pool, { types: ['Affiliate'], parentId: partnerX });
  const st = await createContact(db.pool, { types: ['SecureEmployee'] });
  const cm = await createContact(db.pool, { types: ['Case Manager', 'PaceStaff'], billToIds: [billTo] });
  partner = await HttpSession.signIn(b, px.username!);
  staff = await HttpSession.signIn(a, st.username!);
  caseManager = await HttpSession.signIn(a, cm.username!);
  // every user of these tests sees the fence trip
  fence = await Fence.create(db.pool, { partnerId: partnerX, billToId: billTo });
});
afterAll(async () => {
  await fence?.close();
  await servers.close();
  await db.drop();
});

const socket = (s: HttpSession) => fence.socket(s);

const settled = (...sockets: LiveClient[]) => fence.settled(...sockets);

type Changed = Extract<LiveServerMessage, { type: 'FoundSetChanged' }>;
const memberIds = (ms: WindowMember[] | undefined) => (ms ?? []).map((m) => m[0]);
const windowed = (c: LiveClient, id: string) => c.pending.filter((m): m is Changed => m.type === 'FoundSetChanged' && m.subscriptionId === id);

/** A day of four trips for partner X, two for partner Y, one for nobody (in day order: x1 y1 x2 y2 x3 x4 n). */
async function day() {
  const date = freshDay();
  const t = (time: string, partnerId: string | null, more: { billToId?: string; priority?: number; passName?: string } = {}) =>
    insertTimedTrip(db.pool, { date, time, partnerId, ...more });
  const x1 = await t('08:00:00', partnerX);
  const y1 = await t('08:30:00', partnerY, { passName: 'Zebulon Quist' });
  const x2 = await t('09:00:00', partnerX);
  const y2 = await t('09:30:00', partnerY, { priority: 3, billToId: billTo });
  const x3 = await t('10:00:00', partnerX, { priority: 4 });
  const x4 = await t('11:00:00', partnerX);
  const n = await t('12:00:00', null);
  return { date, x1, y1, x2, y2, x3, x4, n };
}

describe('windowed live found sets', () => {
  it('gives a partner and staff their windows and members, rows inside the window, ids and keys outside', async () => {
    const d = await day();
    const staffLive = await socket(staff);
    const partnerLive = await socket(partner);
    const whole = await staffLive.fetch('whole', 'SyncDriveAssv', { pickupDate: d.date });
    const dayOrder = [d.x1, d.y1, d.x2, d.y2, d.x3, d.x4, d.n];
    expect(idsOf(whole.rows)).toEqual(dayOrder);

    const s = await staffLive.fetchView('s', { pickupDate: d.date }, { start: 0, count: 2 });
    expect(idsOf(s.rows)).toEqual([d.x1, d.y1]);
    expect(s).toMatchObject({ total: 7, start: 0 });
    expect(memberIds(s.members)).toEqual(dayOrder);
    // a window's rows are list rows (core TripListRow as sent); the whole set keeps full trips
    expect(s.rows[0]).toEqual(JSON.parse(tripListRowJson(whole.rows[0] as DriveAssignment)));
    expect(s.rows[0]).not.toHaveProperty('tripLegs.0.id');

    const p = await partnerLive.fetchView('p', { pickupDate: d.date }, { start: 1, count: 2 });
    expect(idsOf(p.rows)).toEqual([d.x2, d.x3]);
    expect(p).toMatchObject({ total: 4, start: 1 });
    expect(memberIds(p.members)).toEqual([d.x1, d.x2, d.x3, d.x4]);
    const x3 = p.members!.find((m) => m[0] === d.x3)!;
    expect(x3[2]).toBe(0);

    // inside the partner's window, outside the staff window
    await db.pool.query(`update drive_assignments set flag = 'Late', mod_count = mod_count + 1 where id = $1`, [d.x2]);
    const pc = await partnerLive.changed('p');
    expect(pc).toMatchObject({ added: [], removed: [], total: 4 });
    expect(pc.updated).toEqual([expect.objectContaining({ id: d.x2, flag: 'Late', modCount: 1 })]);
    expect(memberIds(pc.members)).toEqual([d.x2]);
    const sc = await staffLive.changed('s');
    expect(sc).toMatchObject({ added: [], updated: [], removed: [], total: 7 });
    // partners X and Y are outside partners (their names do not start with Secure)
    expect(sc.members).toEqual([[d.x2, expect.any(String), 1, MEMBER_FLAG.outside]]);

    // outside both windows: ids, keys and flags only
    await db.pool.query(`update drive_assignments set accepted = true, mod_count = mod_count + 1 where id = $1`, [d.x4]);
    const pc2 = await partnerLive.changed('p');
    expect(pc2).toMatchObject({ added: [], updated: [], removed: [], members: [[d.x4, expect.any(String), 1, MEMBER_FLAG.accepted | MEMBER_FLAG.outside]] });
    await staffLive.changed('s', (m) => memberIds(m.members).includes(d.x4));

    // a trip of partner Y changes: the partner is told nothing
    await db.pool.query(`update drive_assignments set flag = 'Y', mod_count = mod_count + 1 where id = $1`, [d.y1]);
    const sc3 = await staffLive.changed('s', (m) => m.updated.length > 0);
    expect(idsOf(sc3.updated)).toEqual([d.y1]);

    // an insert before both windows shifts a row into each; the total follows
    const early = await insertTimedTrip(db.pool, { date: d.date, time: '07:00:00', partnerId: partnerX });
    const pi = await partnerLive.changed('p', (m) => m.total === 5);
    expect(pi).toMatchObject({ updated: [], removed: [] });
    expect(idsOf(pi.added)).toEqual([d.x1]);
    expect(memberIds(pi.members)).toEqual([early]);
    const si = await staffLive.changed('s', (m) => m.total === 8);
    expect(idsOf(si.added)).toEqual([early]);

    // a delete: removed keeps its meaning, the window fills from below
    await db.pool.query('delete from drive_assignments where id = $1', [early]);
    const pd = await partnerLive.changed('p', (m) => m.removed.length > 0);
    expect(pd).toMatchObject({ removed: [early], total: 4, members: [], updated: [] });
    expect(idsOf(pd.added)).toEqual([d.x3]);
    const sd = await staffLive.changed('s', (m) => m.removed.length > 0);
    expect(sd).toMatchObject({ removed: [early], total: 7 });
    expect(idsOf(sd.added)).toEqual([d.y1]);

    // moving the window answers its rows without evaluating the set again
    const evaluations = b.app.live.stats().evaluations;
    partnerLive.send({ type: 'window', subscriptionId: 'p', start: 0, count: 10 });
    const rows = await partnerLive.next('FoundSetRows', (m) => m.subscriptionId === 'p');
    expect(rows.start).toBe(0);
    expect(idsOf(rows.rows)).toEqual([d.x1, d.x2, d.x3, d.x4]);
    // rows changed while outside the window come as they are now
    expect(rows.rows[1]).toMatchObject({ flag: 'Late', modCount: 1 });
    expect(rows.rows[3]).toMatchObject({ accepted: true, modCount: 1 });
    expect(b.app.live.stats().evaluations).toBe(evaluations);
    // now every row is in the window: a change to x4 comes as a row
    await db.pool.query(`update drive_assignments set flag = 'Now', mod_count = mod_count + 1 where id = $1`, [d.x4]);
    const pw = await partnerLive.changed('p', (m) => m.updated.length > 0);
    expect(idsOf(pw.updated)).toEqual([d.x4]);

    await settled(partnerLive, staffLive);
    // nothing of partner Y or of the unassigned trip ever reached the partner's socket
    for (const id of [d.y1, d.y2, d.n]) expect(partnerLive.raw.join('\n')).not.toContain(id);
  });

  it("filters by the Home search text and its '!', and orders by the sort asked for", async () => {
    const d = await day();
    const live = await socket(staff);
    const high = await live.fetchView('high', { pickupDate: d.date }, { start: 0, count: 10, q: '!' });
    expect(idsOf(high.rows)).toEqual([d.y2, d.x3]);
    expect(high.total).toBe(2);
    const text = await live.fetchView('text', { pickupDate: d.date }, { start: 0, count: 10, q: 'ZEBUL' });
    expect(idsOf(text.rows)).toEqual([d.y1]);
    const highText = await live.fetchView('highText', { pickupDate: d.date }, { start: 0, count: 10, q: 'zebul!' });
    expect(highText.rows).toEqual([]);

    const refs = await db.pool.query<{ id: string }>(`select id from drive_assignments where service_date = $1 order by reference_number desc`, [d.date]);
    const byRef = await live.fetchView('byRef', { pickupDate: d.date }, { start: 0, count: 3, sort: { key: 'referenceNumber', dir: 'desc' } });
    expect(memberIds(byRef.members)).toEqual(refs.rows.map((r) => r.id));
    expect(idsOf(byRef.rows)).toEqual(refs.rows.slice(0, 3).map((r) => r.id));
    const byName = await live.fetchView('byName', { pickupDate: d.date }, { start: 0, count: 1, sort: { key: 'passName', dir: 'desc' } });
    expect(idsOf(byName.rows)).toEqual([d.y1]);

    // a trip that becomes high priority joins the '!' set in its place; one that stops leaves it
    await db.pool.query('update drive_assignments set schedule_priority = 3 where id = $1', [d.x1]);
    const joined = await live.changed('high', (m) => m.total === 3);
    expect(idsOf(joined.added)).toEqual([d.x1]);
    expect(memberIds(joined.members)).toEqual([d.x1]);
    await db.pool.query('update drive_assignments set schedule_priority = 1 where id = $1', [d.y2]);
    const left = await live.changed('high', (m) => m.removed.length > 0);
    expect(left).toMatchObject({ removed: [d.y2], total: 2, added: [], members: [] });
  });

  it('keeps its own members for a subscriber whose scope is narrower than the set', async () => {
    const d = await day();
    const live = await socket(caseManager);
    const f = await live.fetchView('cm', { pickupDate: d.date }, { start: 0, count: 5 });
    expect(idsOf(f.rows)).toEqual([d.y2]);
    expect(f).toMatchObject({ total: 1, members: [[d.y2, expect.any(String), 0, MEMBER_FLAG.outside]] });

    // another account's trip changes or arrives: nothing; one of the account arrives: its row
    await db.pool.query(`update drive_assignments set flag = 'x', mod_count = mod_count + 1 where id = $1`, [d.x1]);
    await insertTimedTrip(db.pool, { date: d.date, time: '06:00:00' });
    const mine = await insertTimedTrip(db.pool, { date: d.date, time: '13:00:00', billToId: billTo });
    const c = await live.changed('cm');
    expect(c).toMatchObject({ total: 2, removed: [], updated: [] });
    expect(idsOf(c.added)).toEqual([mine]);
    expect(memberIds(c.members)).toEqual([mine]);
    await settled(live);
    expect(windowed(live, 'cm')).toEqual([]);
    for (const id of [d.x1, d.x2, d.y1, d.n]) expect(live.raw.join('\n')).not.toContain(id);
  });

  it('answers a fetch without a view exactly as before, and refuses a bad view or window', async () => {
    const d = await day();
    const live = await socket(staff);
    live.send({ type: 'fetch', subscriptionId: 'plain', table: 'SyncDriveAssv', filter: { pickupDate: d.date } });
    await live.next('FetchedFoundSet', (m) => m.subscriptionId === 'plain');
    const fetched = JSON.parse(live.raw.at(-1)!);
    expect(Object.keys(fetched)).toEqual(['type', 'subscriptionId', 'table', 'rows']);
    expect(idsOf(fetched.rows)).toEqual([d.x1, d.y1, d.x2, d.y2, d.x3, d.x4, d.n]);
    await db.pool.query(`update drive_assignments set flag = 'P' where id = $1`, [d.n]);
    await live.changed('plain');
    expect(Object.keys(JSON.parse(live.raw.at(-1)!))).toEqual(['type', 'subscriptionId', 'table', 'added', 'updated', 'removed']);

    live.send({ type: 'fetch', subscriptionId: 'big', table: 'SyncDriveAssv', filter: { pickupDate: d.date }, view: { start: 0, count: 501 } });
    expect((await live.next('Error', (m) => m.subscriptionId === 'big')).message).toMatch(/^The message is not valid \(view\.count: /);
    live.send({ type: 'fetch', subscriptionId: 'neg', table: 'SyncDriveAssv', filter: { pickupDate: d.date }, view: { start: -1, count: 5 } });
    expect((await live.next('Error', (m) => m.subscriptionId === 'neg')).message).toMatch(/view\.start/);
    live.send({ type: 'fetch', subscriptionId: 'sort', table: 'SyncDriveAssv', filter: { pickupDate: d.date }, view: { start: 0, count: 5, sort: { key: 'notes', dir: 'asc' } } });
    expect((await live.next('Error', (m) => m.subscriptionId === 'sort')).message).toMatch(/view\.sort\.key/);
    live.send({ type: 'window', subscriptionId: 'plain', start: 0, count: 5 });
    expect((await live.next('Error', (m) => m.subscriptionId === 'plain')).message).toBe(NO_WINDOW);
    live.send({ type: 'window', subscriptionId: 'nobody', start: 0, count: 5 });
    expect((await live.next('Error', (m) => m.subscriptionId === 'nobody')).message).toBe(NO_WINDOW);
    // the refused window left the plain subscription alive
    await db.pool.query(`update drive_assignments set flag = 'Q' where id = $1`, [d.n]);
    expect(idsOf((await live.changed('plain')).updated)).toEqual([d.n]);
  });

  it('delivers every change once to windowed subscribers of two processes', async () => {
    const d = await day();
    const onB = await socket(partner);
    const onA = await socket(staff);
    await onB.fetchView('w', { pickupDate: d.date }, { start: 0, count: 1 });
    await onA.fetchView('w', { pickupDate: d.date }, { start: 0, count: 1 });
    for (let i = 1; i <= 3; i++) {
      await db.pool.query('update drive_assignments set mod_count = mod_count + 1 where id = $1', [d.x4]);
      for (const s of [onA, onB]) await s.changed('w', (m) => m.members?.some((x) => x[0] === d.x4 && x[2] === i) ?? false);
    }
    await settled(onA, onB);
    for (const s of [onA, onB]) {
      const x4 = s.raw.filter((t) => t.includes('"FoundSetChanged"') && t.includes('"subscriptionId":"w"') && t.includes(d.x4));
      expect(x4.map((t) => (JSON.parse(t) as Changed).members!.map((m) => m[2]))).toEqual([[1], [2], [3]]);
      expect(windowed(s, 'w')).toEqual([]);
    }
  });

  it("answers the same window over HTTP (drive-assignments-window), in the caller's scope", async () => {
    const d = await day();
    const path = (q: string) => `/api/drive-assignments-window?pickupDate=${d.date}${q}`;
    expect((await fetch(`${a.base}${path('')}`)).status).toBe(401);
    const bad = await staff.request('GET', path('&limit=501'));
    expect(bad).toMatchObject({ status: 400 });
    expect(JSON.stringify(bad.json)).toContain('limit is at most 500');
    expect((await staff.request('GET', path('&offset=-1'))).status).toBe(400);
    expect((await staff.request('GET', path('&sort=notes'))).status).toBe(400);

    // the same members, order and rows as a live fetch with the same view
    const live = await socket(staff);
    const view = await live.fetchView('twin', { pickupDate: d.date }, { start: 1, count: 3, sort: { key: 'time', dir: 'desc' } });
    const http = await staff.request('GET', path('&offset=1&limit=3&sort=time&dir=desc'));
    expect(http.status).toBe(200);
    expect(http.json).toEqual({ rows: view.rows, start: 1, total: 7, members: view.members });

    // a partner sees only its own trips, asking for another partner answers nothing, '!' filters
    const mine = await partner.request('GET', path('&limit=10'));
    expect(idsOf(mine.json.rows)).toEqual([d.x1, d.x2, d.x3, d.x4]);
    const other = await partner.request('GET', path(`&affiliateId=${partnerY}`));
    expect(other.json).toEqual({ rows: [], start: 0, total: 0, members: [] });
    const high = await partner.request('GET', path('&q=!'));
    expect(memberIds(high.json.members)).toEqual([d.x3]);
    expect(JSON.stringify(mine.json)).not.toContain(d.y1);
  });
});
