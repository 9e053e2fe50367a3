import {
  LIST_ROW_BUDGET_BYTES,
  TripList,
  TripRowList,
  rowActionStates,
  toTripListRow,
  tripListRowJson,
  type DriveAssignment,
} from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_IDS, loadDemoData } from '../src/modules/demo/index.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { TRIP_JSON_FROM, TRIP_LIST_JSON_FROM } from '../src/modules/trips/repository.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { apiToken, TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let partner: Browser;
let dispatcher: Browser;
/** The service date on which the demo partner has the most trips. */
let busyDay: string;
let partnerCompanyId: string;

async function demoLogin(username: string): Promise<Browser> {
  const b = new Browser(t.app);
  const res = await b.login(username, DEMO_PASSWORD);
  expect(res.statusCode, `login ${username}`).toBe(200);
  return b;
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  // the demo's days around the test clock's today, as a fresh install shows them
  expect(await loadDemoData(db.pool, { today: TODAY })).toEqual({ loaded: true });
  partner = await demoLogin('partner');
  dispatcher = await demoLogin('dispatcher');
  const company = await db.pool.query<{ parent_id: string }>('select parent_id from contacts where id = $1', [DEMO_USER_IDS.partner]);
  partnerCompanyId = company.rows[0].parent_id;
  const busiest = await db.pool.query<{ day: string }>(
    `select service_date::text as day from drive_assignments where farmout_contact_id = $1
      group by service_date order by count(*) desc, service_date limit 1`,
    [partnerCompanyId],
  );
  busyDay = busiest.rows[0].day;
}, 300_000);
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const list = (b: Browser, query: string) => b.get(`/api/drive-assignments?${query}`);
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe('GET /api/drive-assignments?view=list', () => {
  it('answers 401 without a session', async () => {
    expect((await list(new Browser(t.app), `serviceDate=${busyDay}&view=list`)).statusCode).toBe(401);
  });

  it('answers 400 for a view it does not know, naming the views', async () => {
    const res = await list(partner, `serviceDate=${busyDay}&view=bogus`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: 'View is full or list', details: [{ path: 'view' }] });
  });

  it("gives a partner its own day's trips only, as list rows in the full list's order", async () => {
    const full = TripList.parse((await list(partner, `serviceDate=${busyDay}`)).json());
    const res = await list(partner, `serviceDate=${busyDay}&view=list`);
    expect(res.statusCode).toBe(200);
    const rows = TripRowList.parse(res.json());
    expect(full.rows.length).toBeGreaterThan(10);
    expect(rows.total).toBe(full.total);
    expect(rows.rows.map((r) => r.id)).toEqual(full.rows.map((r) => r.id));
    // every row is the presenter's answer for the full trip, field for field, and nothing more:
    // as sent (what the reader can tell left out) and as parsed (every field back)
    expect(res.json().rows).toEqual(full.rows.map((trip) => JSON.parse(tripListRowJson(trip))));
    expect(rows.rows).toEqual(full.rows.map(toTripListRow));
    const mine = await db.pool.query<{ id: string }>(
      'select id from drive_assignments where farmout_contact_id = $1 and service_date = $2',
      [partnerCompanyId, busyDay],
    );
    expect(new Set(rows.rows.map((r) => r.id))).toEqual(new Set(mine.rows.map((r) => r.id)));
    const others = await db.pool.query<{ n: string }>(
      'select count(*) as n from drive_assignments where farmout_contact_id <> $1 and service_date = $2',
      [partnerCompanyId, busyDay],
    );
    expect(Number(others.rows[0].n)).toBeGreaterThan(0);
  });

  it('decides every row menu from the list row exactly as from the full trip', async () => {
    const full = TripList.parse((await list(partner, `serviceDate=${busyDay}`)).json()).rows;
    const rows = TripRowList.parse((await list(partner, `serviceDate=${busyDay}&view=list`)).json()).rows;
    const now = t.clock.now();
    rows.forEach((row, i) => {
      expect(rowActionStates(row, now, { developerMode: false }), row.referenceNumber).toEqual(rowActionStates(full[i], now, { developerMode: false }));
    });
  });

  /** The average JSON size of a list row as sent and of a full trip on the demo's busy day, as the staff list gets them. */
  async function measure(): Promise<{ rows: number; row: number; full: number }> {
    const res = await list(dispatcher, `serviceDate=${busyDay}&view=list&limit=10000`);
    expect(res.statusCode).toBe(200);
    const sent = (res.json() as { rows: unknown[] }).rows;
    const full = TripList.parse((await list(dispatcher, `serviceDate=${busyDay}&limit=10000`)).json());
    expect(sent.length).toBeGreaterThan(50);
    expect(TripRowList.parse(res.json()).rows).toHaveLength(full.rows.length);
    const row = sent.reduce<number>((sum, r) => sum + bytes(r), 0) / sent.length;
    const figures = { rows: sent.length, row, full: bytes(full.rows) / full.rows.length };
    console.info(`List rows on ${busyDay}: ${figures.rows} trips, ${Math.round(row)} bytes per row on average (full trips ${Math.round(figures.full)})`);
    return figures;
  }

  // the goal: 1 KB per trip as sent, on the demo's busiest partner day (about 980 bytes; the full trips about 3.7 KB)
  it(`keeps a busy day within ${LIST_ROW_BUDGET_BYTES} bytes per trip on average, far under the full trips`, async () => {
    const { row, full } = await measure();
    expect(row).toBeLessThanOrEqual(LIST_ROW_BUDGET_BYTES);
    expect(row).toBeLessThan(full * 0.4);
  });

  it('answers the staff search with list rows: same trips, order, paging and count', async () => {
    const query = `serviceDate=${busyDay}&priority=1%2B&limit=20`;
    const full = TripList.parse((await list(dispatcher, query)).json());
    const res = await list(dispatcher, `${query}&view=list`);
    expect(res.statusCode).toBe(200);
    const rows = TripRowList.parse(res.json());
    expect(full.total).toBeGreaterThan(50);
    expect(rows.rows).toHaveLength(20);
    expect(rows.total).toBe(full.total);
    expect(res.json().rows).toEqual(full.rows.map((trip) => JSON.parse(tripListRowJson(trip))));
    expect(rows.rows).toEqual(full.rows.map(toTripListRow));
  });

  it('answers one trip by reference number as a list row, and 404 for a trip outside the scope', async () => {
    const mine = await db.pool.query<{ reference_number: string }>(
      'select reference_number from drive_assignments where farmout_contact_id = $1 and not deleted limit 1',
      [partnerCompanyId],
    );
    const theirs = await db.pool.query<{ reference_number: string }>(
      'select reference_number from drive_assignments where farmout_contact_id <> $1 limit 1',
      [partnerCompanyId],
    );
    const one = await list(partner, `referenceNumber=${mine.rows[0].reference_number}&view=list`);
    expect(one.statusCode).toBe(200);
    expect(TripRowList.parse(one.json()).rows.map((r) => r.referenceNumber)).toEqual([mine.rows[0].reference_number]);
    expect((await list(partner, `referenceNumber=${theirs.rows[0].reference_number}&view=list`)).statusCode).toBe(404);
  });
});

describe('GET /api/drive-assignments without view', () => {
  it('answers full trips exactly as before, to a session and to an API token alike (view=full is the same)', async () => {
    const plain = await list(partner, `serviceDate=${busyDay}`);
    expect(plain.statusCode).toBe(200);
    const body = plain.json() as { rows: DriveAssignment[]; total: number };
    expect(Object.keys(body)).toEqual(['rows', 'total']);
    expect(TripList.strict().parse(body)).toBeTruthy();
    // each row is the whole trip: the fields a list row leaves out are there
    expect(body.rows.every((r) => 'billToContact' in r && 'requestedBy' in r && 'county' in r)).toBe(true);
    expect(body.rows.every((r) => r.tripLegs.every((l) => 'webFields' in l && 'locFirstTimeOrdMillis' in l))).toBe(true);
    expect((await list(partner, `serviceDate=${busyDay}&view=full`)).body).toBe(plain.body);

    const token = await apiToken(db.pool, DEMO_USER_IDS.partner, { trips: ['GET'] });
    const api = new Browser(t.app);
    const viaToken = await api.get(`/api/drive-assignments?serviceDate=${busyDay}`, { authorization: `Bearer ${token}` });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.body).toBe(plain.body);
    // the list view after a full read, and a full read after it, leave the full answer as it was
    await list(partner, `serviceDate=${busyDay}&view=list`);
    expect((await list(partner, `serviceDate=${busyDay}`)).body).toBe(plain.body);
  });
});

describe('the list projection PostgreSQL builds for members', () => {
  it("gives every demo trip the same list row and partner as its full trip, in well under two thirds of its JSON", async () => {
    const read = async (from: string) =>
      new Map((await db.pool.query<{ id: string; json: string }>(`select da.id, to_json(trip)::text as json ${from}`)).rows.map((r) => [r.id, r.json]));
    const [full, listed] = await Promise.all([read(TRIP_JSON_FROM), read(TRIP_LIST_JSON_FROM)]);
    expect(full.size).toBeGreaterThan(1000);
    expect([...listed.keys()].sort()).toEqual([...full.keys()].sort());
    let fullBytes = 0;
    let listedBytes = 0;
    for (const [id, json] of full) {
      const trip = JSON.parse(json) as DriveAssignment;
      const part = JSON.parse(listed.get(id)!) as DriveAssignment;
      expect(toTripListRow(part)).toEqual(toTripListRow(trip));
      expect(part.farmoutContactId).toBe(trip.farmoutContactId);
      fullBytes += json.length;
      listedBytes += listed.get(id)!.length;
    }
    expect(listedBytes).toBeLessThan(fullBytes * 0.6);
  });
});
