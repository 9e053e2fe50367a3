import { LOG_MSG, LogPage, type LogEntry } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../src/platform/audit.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createTrip, FUTURE, PAST, signIn, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;
let staffUser: Created;
let staff: Browser;
let admin: Browser;
let caseManager: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  staffUser = await createContact(db.pool, { types: ['SecureEmployee'], name: 'Dana Dispatch' });
  staff = await signIn(t.app, staffUser);
  admin = await signIn(t.app, await createContact(db.pool, { types: [], adminAccess: true }));
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const log = (b: Browser, params: Record<string, string | number>) => b.get(`/api/log?${q(params)}`);
const page = async (b: Browser, params: Record<string, string | number>) => {
  const res = await log(b, params);
  expect(res.statusCode, res.body).toBe(200);
  return LogPage.parse(res.json());
};

async function accept(b: Browser, trip: CreatedTrip) {
  const res = await b.post('/api/accept', { driveAssignments: [{ id: trip.id, modCount: trip.modCount }] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().accepted).toHaveLength(1);
}

/** Audit rows at given instants, with one activity type of the test's own. */
async function rowsAt(activityType: string, instants: string[]) {
  const ids: number[] = [];
  for (const at of instants) {
    const { rows } = await db.pool.query(
      `insert into audit_log (at, actor_id, activity_type, table_name, record_id) values ($1, $2, $3, 'contacts', $4) returning id`,
      [at, staffUser.id, activityType, staffUser.id],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

describe('GET /api/log', () => {
  it('answers 401 without a session', async () => {
    expect((await log(new Browser(t.app), { user: 'admin' })).statusCode).toBe(401);
  });

  it('answers 400 without criteria, with an unreadable date, or with from after to', async () => {
    const none = await staff.get('/api/log');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(LOG_MSG.CRITERIA_REQUIRED);
    const tableOnly = await log(staff, { table: 'drive_assignments', dateFrom: '2026-11-01' });
    expect(tableOnly.json().message).toBe('Search by record (table and id), by user or by activity type');
    expect((await log(staff, { id: 'abc' })).json().message).toBe('Choose the table of the record id');
    const badDate = await log(staff, { user: staffUser.username!, dateFrom: '31/12/2026' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ message: 'Enter the from date like 2026-11-22 or 11/22/2026', details: [{ path: 'dateFrom' }] });
    const range = await log(staff, { user: staffUser.username!, dateFrom: '11/23/2026', dateTo: '2026-11-22' });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe('A date range needs min less than or equal to max');
    expect((await log(staff, { user: 'x', limit: 1001 })).json().message).toBe(LOG_MSG.LIMIT);
  });

  it('answers 403 to a partner and to a case manager', async () => {
    expect((await log(partner, { user: x.user.username! })).statusCode).toBe(403);
    expect((await log(caseManager, { table: 'drive_assignments', id: 'x' })).statusCode).toBe(403);
  });

  it('finds a trip change by record: who, when, before and after, newest first', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    await accept(partner, trip);
    const res = await log(staff, { table: 'drive_assignments', id: trip.id });
    expect(res.headers['cache-control']).toBe('private, max-age=30');
    expect(res.headers.vary).toMatch(/Cookie/);
    const { entries, more } = LogPage.parse(res.json());
    expect(more).toBe(false);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      activityType: 'accept',
      table: 'drive_assignments',
      recordId: trip.id,
      actor: { id: x.user.id, name: x.user.name, username: x.user.username },
      impersonator: null,
      before: { accepted: false, modCount: trip.modCount },
      after: { accepted: true, modCount: trip.modCount + 1 },
      requestId: expect.any(String),
    });
    expect(Date.now() - new Date(entries[0].at).getTime()).toBeLessThan(60_000);
    // an administrator passes the staff check
    expect((await page(admin, { table: 'drive_assignments', id: trip.id })).entries.map((e) => e.id)).toEqual([entries[0].id]);
  });

  it('finds what a user did by contact id or by user name (any case); an unknown user has nothing', async () => {
    const z = await createPartner(db.pool);
    const b = await signIn(t.app, z.user);
    const trip = await createTrip(db.pool, { partnerId: z.partner.id, serviceDate: FUTURE });
    await accept(b, trip);
    const byId = await page(staff, { user: z.user.id });
    expect(byId.entries.map((e) => e.activityType)).toEqual(['accept', 'login']);
    expect(byId.entries.every((e) => e.actor?.id === z.user.id)).toBe(true);
    expect(await page(staff, { user: z.user.username! })).toEqual(byId);
    expect(await page(staff, { user: z.user.username!.toUpperCase() })).toEqual(byId);
    expect(await page(staff, { user: 'nobody-by-that-name' })).toEqual({ entries: [], more: false });
    expect(await page(staff, { user: '00000000-0000-4000-8000-000000000000' })).toEqual({ entries: [], more: false });
    // user and record together narrow each other
    expect((await page(staff, { user: z.user.id, table: 'drive_assignments', id: trip.id })).entries).toHaveLength(1);
    expect((await page(staff, { user: x.user.id, table: 'drive_assignments', id: trip.id })).entries).toHaveLength(0);
  });

  it('finds entries by activity type, matched exactly', async () => {
    const ids = await rowsAt('log-test-type', ['2026-01-05T12:00:00Z', '2026-01-06T12:00:00Z']);
    await rowsAt('log-test-type-other', ['2026-01-07T12:00:00Z']);
    const found = await page(staff, { activityType: 'log-test-type' });
    expect(found.entries.map((e) => e.id)).toEqual([ids[1], ids[0]]);
    expect(found.entries[0]).toMatchObject({ actor: { id: staffUser.id, name: 'Dana Dispatch' }, table: 'contacts' });
    expect((await page(staff, { activityType: 'log-test-%' })).entries).toEqual([]);
    expect((await page(staff, { activityType: 'log-test-type', table: 'drive_assignments' })).entries).toEqual([]);
  });

  it("keeps to whole days of the operator's time zone, both ends included", async () => {
    const [lateOn19, startOf20, endOf20, startOf21] = await rowsAt('log-test-days', [
      '2026-11-20T06:59:59.999Z', // Nov 19, 11:59:59 PM MST
      '2026-11-20T07:00:00Z', // Nov 20, midnight MST
      '2026-11-21T06:59:59Z', // Nov 20, 11:59:59 PM MST
      '2026-11-21T07:00:00Z', // Nov 21, midnight MST
    ]);
    const ids = async (params: Record<string, string>) => (await page(staff, { activityType: 'log-test-days', ...params })).entries.map((e) => e.id);
    expect(await ids({ dateFrom: '2026-11-20', dateTo: '11/20/2026' })).toEqual([endOf20, startOf20]);
    expect(await ids({ dateFrom: 'Nov 20, 2026' })).toEqual([startOf21, endOf20, startOf20]);
    expect(await ids({ dateTo: '11/19/26' })).toEqual([lateOn19]);
    expect(await ids({ dateFrom: '2026-11-22' })).toEqual([]);
  });

  it('pages to older entries with before, without repeating or skipping rows that share an instant', async () => {
    // one statement: every row has the same `at`
    const { rows } = await db.pool.query(
      `insert into audit_log (actor_id, activity_type, table_name, record_id)
       select $1, 'log-test-paging', 'contacts', g::text from generate_series(1, 5) g returning id`,
      [staffUser.id],
    );
    const all = rows.map((r) => r.id as number).sort((a, b) => b - a);
    const first = await page(staff, { activityType: 'log-test-paging', limit: 2 });
    expect(first.entries.map((e) => e.id)).toEqual(all.slice(0, 2));
    expect(first.more).toBe(true);
    const second = await page(staff, { activityType: 'log-test-paging', limit: 2, before: first.entries[1].id });
    expect(second.entries.map((e) => e.id)).toEqual(all.slice(2, 4));
    expect(second.more).toBe(true);
    const third = await page(staff, { activityType: 'log-test-paging', limit: 2, before: second.entries[1].id });
    expect(third).toMatchObject({ entries: [{ id: all[4] }], more: false });
    expect(await page(staff, { activityType: 'log-test-paging', before: 999_999_999 })).toEqual({ entries: [], more: false });
    // exactly a page: nothing more
    expect((await page(staff, { activityType: 'log-test-paging', limit: 5 })).more).toBe(false);
  });

  it('shows the staff member behind an impersonated change', async () => {
    const z = await createPartner(db.pool);
    const su = await signIn(t.app, staffUser);
    expect((await su.get(`/api/su?id=${z.user.id}`)).statusCode).toBe(200);
    const trip = await createTrip(db.pool, { partnerId: z.partner.id, serviceDate: FUTURE });
    await accept(su, trip);
    const [entry] = (await page(staff, { table: 'drive_assignments', id: trip.id })).entries;
    expect(entry).toMatchObject({ actor: { id: z.user.id }, impersonator: { id: staffUser.id, name: 'Dana Dispatch' } });
    // searching by the staff member finds what they did while impersonating
    const byStaff = (await page(staff, { user: staffUser.id, activityType: entry.activityType })).entries;
    expect(byStaff.map((e) => e.id)).toContain(entry.id);
  });

  it('never fails on hostile text: each parameter answers 400 or a plain result, and the log is intact', async () => {
    const before = (await db.pool.query('select count(*)::int as n from audit_log')).rows[0].n;
    const hostile = [
      "' or '1'='1",
      "'; drop table audit_log; --",
      '" or ""="',
      "\\'; select pg_sleep(5); --",
      '%',
      '_',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '😀'.repeat(30),
      '\u0000',
      'x'.repeat(5000),
      '1e309',
      '-1',
      '9'.repeat(400),
      '$1',
    ];
    const bases: Record<string, Record<string, string>> = {
      table: { id: 'x' },
      id: { table: 'drive_assignments' },
      user: {},
      activityType: {},
      dateFrom: { user: staffUser.id },
      dateTo: { user: staffUser.id },
      limit: { user: staffUser.id },
      before: { user: staffUser.id },
    };
    for (const [param, base] of Object.entries(bases)) {
      for (const value of hostile) {
        const res = await log(staff, { ...base, [param]: value });
        expect([200, 400], `${param}=${value.slice(0, 40)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(LogPage.parse(res.json()).entries).toEqual([]);
      }
    }
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    for (const value of hostile) {
      for (const path of ['drive-assignment-all-activity', 'lyft-activity', 'uber-activity']) {
        expect([400, 404], `${path} ${value.slice(0, 40)}`).toContain((await staff.get(`/api/${path}?${q({ referenceNumber: value })}`)).statusCode);
      }
      expect([400, 404]).toContain((await staff.get(`/api/rest/partner-activity?${q({ da: value })}`)).statusCode);
      for (const params of [{ da: trip.id, action: value }, { da: trip.id, status: value }] as Record<string, string>[]) {
        const res = await staff.get(`/api/rest/partner-activity?${q(params)}`);
        expect([200, 400], `${JSON.stringify(params).slice(0, 80)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(res.json()).toEqual([]);
      }
    }
    expect((await db.pool.query('select count(*)::int as n from audit_log')).rows[0].n).toBeGreaterThanOrEqual(before);
  });
});

describe('GET /api/drive-assignment-all-activity', () => {
  it('answers 401, 400, 403 and 404 in that order of checks', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    expect((await new Browser(t.app).get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`)).statusCode).toBe(401);
    const missing = await staff.get('/api/drive-assignment-all-activity');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('referenceNumber is required');
    expect((await staff.get('/api/drive-assignment-all-activity?referenceNumber=12345678901')).json().message).toBe(LOG_MSG.REFERENCE_NUMBER);
    expect((await partner.get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`)).statusCode).toBe(403);
    expect((await caseManager.get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`)).statusCode).toBe(403);
    expect((await staff.get('/api/drive-assignment-all-activity?referenceNumber=ZZ999')).statusCode).toBe(404);
  });

  it("shows every change of the trip, its legs and its partner activities, newest first, and nothing of another trip", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [{ act: '09:01:00', dep: '09:04:00', drop: '09:42:00' }] });
    const other = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    await accept(partner, other);
    const wait = await partner.post(`/api/adjust-time?driveAssignmentId=${trip.id}&modCount=${trip.modCount}&minutes=20&notes=Dialysis%20ran%20long`);
    expect(wait.statusCode, wait.body).toBe(200);
    await writeAudit(db.pool, {
      actorId: staffUser.id,
      activityType: 'trip-notes',
      table: 'trip_legs',
      recordId: trip.legIds[0],
      before: { passNotes: null },
      after: { passNotes: 'Wheelchair at the curb' },
    });
    const res = await staff.get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as LogEntry[];
    const activity = (await db.pool.query('select id from partner_activities where drive_assignment_id = $1', [trip.id])).rows[0].id;
    expect(entries.map((e) => [e.table, e.recordId, e.activityType])).toEqual(
      expect.arrayContaining([
        ['trip_legs', trip.legIds[0], 'trip-notes'],
        ['partner_activities', activity, 'adjust-time'],
      ]),
    );
    expect(entries[0]).toMatchObject({ table: 'trip_legs', after: { passNotes: 'Wheelchair at the curb' } });
    expect(entries.find((e) => e.table === 'partner_activities')).toMatchObject({
      actor: { id: x.user.id },
      after: { driveAssignmentId: trip.id, action: 'WaitTime', number: 20, notes: 'Dialysis ran long' },
    });
    expect(entries.some((e) => e.recordId === other.id)).toBe(false);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('shows a change made through the API, e.g. an accept', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    expect((await staff.get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`)).json()).toEqual([]);
    await accept(partner, trip);
    const entries = (await staff.get(`/api/drive-assignment-all-activity?referenceNumber=${trip.referenceNumber}`)).json() as LogEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ activityType: 'accept', recordId: trip.id, before: { accepted: false }, after: { accepted: true } });
  });
});

describe('GET /api/rest/partner-activity', () => {
  async function tripWithWait(p: Partner, b: Browser) {
    const trip = await createTrip(db.pool, { partnerId: p.partner.id, serviceDate: PAST, accepted: true, legs: [{ act: '09:01:00', dep: '09:04:00', drop: '09:42:00' }] });
    const res = await b.post(`/api/adjust-time?driveAssignmentId=${trip.id}&modCount=${trip.modCount}&minutes=25&notes=Long%20wait`);
    expect(res.statusCode, res.body).toBe(200);
    return trip;
  }

  it('answers 401, 400 and 403', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id });
    expect((await new Browser(t.app).get(`/api/rest/partner-activity?da=${trip.id}`)).statusCode).toBe(401);
    const missing = await partner.get('/api/rest/partner-activity');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(LOG_MSG.TRIP_ID_REQUIRED);
    expect((await caseManager.get(`/api/rest/partner-activity?da=${trip.id}`)).statusCode).toBe(403);
  });

  it("lists a partner's own trip's activities with who created them, and filters by action and status", async () => {
    const trip = await tripWithWait(x, partner);
    const res = await partner.get(`/api/rest/partner-activity?da=${trip.id}`);
    expect(res.statusCode).toBe(200);
    const [activity] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(activity).toMatchObject({
      driveAssignmentId: trip.id,
      action: 'WaitTime',
      number: 25,
      notes: 'Long wait',
      createdByName: x.user.name,
      resolvedByName: null,
      resolvedAt: null,
      createdAt: expect.any(String),
    });
    expect((await partner.get(`/api/rest/partner-activity?da=${trip.id}&action=WaitTime&status=${activity.status}`)).json()).toHaveLength(1);
    expect((await partner.get(`/api/rest/partner-activity?da=${trip.id}&action=Expense`)).json()).toEqual([]);
    expect((await staff.get(`/api/rest/partner-activity?da=${trip.id}`)).json()).toEqual(res.json());
  });

  it("answers 404 for another partner's trip, exactly like a missing one", async () => {
    const p2 = await signIn(t.app, y.user);
    const theirs = await tripWithWait(y, p2);
    const res = await partner.get(`/api/rest/partner-activity?da=${theirs.id}`);
    expect(res.statusCode).toBe(404);
    const missing = await partner.get('/api/rest/partner-activity?da=00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(res.json().message).toBe(missing.json().message);
    expect((await partner.get('/api/rest/partner-activity?da=not-a-trip')).statusCode).toBe(404);
  });
});

describe('GET /api/lyft-activity and /api/uber-activity', () => {
  it('are staff only: an empty list for a trip, 404 for an unknown one, 403 for partners and case managers', async () => {
    const mine = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE });
    for (const path of ['lyft-activity', 'uber-activity']) {
      expect((await new Browser(t.app).get(`/api/${path}?referenceNumber=${mine.referenceNumber}`)).statusCode).toBe(401);
      expect((await partner.get(`/api/${path}`)).statusCode).toBe(400);
      expect((await partner.get(`/api/${path}?referenceNumber=${mine.referenceNumber}`)).statusCode).toBe(403);
      expect((await caseManager.get(`/api/${path}?referenceNumber=${mine.referenceNumber}`)).statusCode).toBe(403);
      expect((await staff.get(`/api/${path}?referenceNumber=99999999`)).statusCode).toBe(404);
      const ok = await staff.get(`/api/${path}?referenceNumber=${theirs.referenceNumber}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual([]);
    }
  });
});
