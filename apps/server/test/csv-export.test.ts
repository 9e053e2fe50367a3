import { CSV_MSG, SEARCH_MSG, TRIP_CSV_COLUMNS, csvCell, csvRow } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, PASSWORD, type Created } from './factories.ts';
import { createPartner, createTrip, FUTURE, PAST, signIn, TODAY, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let staffUser: Created;
let staff: Browser;
let mine: CreatedTrip;
let theirs: CreatedTrip;
let later: CreatedTrip;

const EVIL = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Rio Grande Medical');
  const passenger = await createContact(db.pool, { types: ['S/N Passenger'], name: EVIL, username: null });
  mine = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ pickup: '07:00:00', passengerId: passenger.id }, { pickup: '11:00:00' }] });
  theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST });
  later = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
  const place = await db.pool.query(`insert into addresses (name, complete_address) values ('Clinic', '1 Main St, Albuquerque, NM') returning id`);
  await db.pool.query('update trip_legs set location_first_id = $2, google_driving_distance_meters = 16093 where id = $1', [mine.legIds[0], place.rows[0].id]);
  staffUser = await createContact(db.pool, { types: ['SecureEmployee'] });
  staff = await signIn(t.app, staffUser);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const prepare = (b: Browser, body: Record<string, unknown>) => b.post('/api/reports/csv/driveAssignments', body);
const range = { dateFrom: PAST, dateTo: FUTURE };
const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
const audit = async (type: string, actor: string) =>
  (await db.pool.query('select after from audit_log where activity_type = $1 and actor_id = $2 order by id', [type, actor])).rows.map((r) => r.after);

describe('POST reports/csv/driveAssignments', () => {
  it('answers 401 without a session', async () => {
    expect((await prepare(new Browser(t.app), { ...range, passwordVerify: PASSWORD })).statusCode).toBe(401);
    expect((await new Browser(t.app).get('/api/reports/csv/driveAssignments?token=abc')).statusCode).toBe(401);
  });

  it('answers 400 for missing or bad dates, a range over 31 days and a missing password', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dateFrom: '', dateTo: TODAY, passwordVerify: PASSWORD }, 'Enter the first date'],
      [{ ...range, passwordVerify: '' }, 'Enter your password to download'],
      [{ dateFrom: '2026-02-30', dateTo: TODAY, passwordVerify: PASSWORD }, SEARCH_MSG.INVALID_DATE],
      [{ dateFrom: '2026-10-01', dateTo: '2026-11-01', passwordVerify: PASSWORD }, CSV_MSG.RANGE_TOO_LONG],
      [{ dateFrom: FUTURE, dateTo: TODAY, passwordVerify: PASSWORD }, CSV_MSG.RANGE_ORDER],
      [{ ...range, passwordVerify: PASSWORD, search: { priority: '3-1' } }, SEARCH_MSG.INVALID_PRIORITY],
    ];
    for (const [body, message] of cases) {
      const res = await prepare(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await prepare(staff, { dateFrom: '2026-11-01', dateTo: '2026-12-01', passwordVerify: 'wrong' })).json().message).toBe(CSV_MSG.WRONG_PASSWORD);
  });

  it('refuses a wrong password with a clear text, an audit row and a counted sign-in failure, then throttles', async () => {
    const user = await createContact(db.pool, { types: ['SecureEmployee'] });
    const b = await signIn(t.app, user);
    const res = await prepare(b, { ...range, passwordVerify: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CSV_MSG.WRONG_PASSWORD);
    expect(await audit('export-denied', user.id)).toEqual([{ reason: 'wrong password' }]);
    expect(await audit('export', user.id)).toEqual([]);
    expect((await db.pool.query('select count(*)::int as n from login_failures where username = $1', [user.username])).rows[0].n).toBe(1);
    for (let i = 0; i < 4; i++) await prepare(b, { ...range, passwordVerify: 'not-my-password' });
    const throttled = await prepare(b, { ...range, passwordVerify: PASSWORD });
    expect(throttled.statusCode).toBe(429);
  });

  it('answers 403 to a case manager', async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await prepare(cm, { ...range, passwordVerify: PASSWORD })).statusCode).toBe(403);
  });

  it('prepares a one-time link, audits the export, and streams escaped CSV lines', async () => {
    const res = await prepare(staff, { ...range, passwordVerify: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/api\/reports\/csv\/driveAssignments\?token=[\w-]{40,}$/);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(5 * 60_000);
    expect(await audit('export', staffUser.id)).toEqual([{ format: 'csv', dateFrom: PAST, dateTo: FUTURE, search: {}, rowCount: 3 }]);
    // the token itself is not stored
    const token = decodeURIComponent(url.split('token=')[1]);
    expect((await db.pool.query('select count(*)::int as n from csv_export_tokens where token_hash = $1', [token])).rows[0].n).toBe(0);

    const other = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    expect((await other.get(url)).statusCode).toBe(404);

    const csv = await staff.get(url);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="trips-${PAST}-to-${FUTURE}.csv"`);
    const rows = lines(csv.body);
    expect(rows[0] + '\r\n').toBe(csvRow(TRIP_CSV_COLUMNS));
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual([theirs.referenceNumber, mine.referenceNumber, mine.referenceNumber, later.referenceNumber]);
    const first = rows.find((l) => l.startsWith(`${mine.referenceNumber},${TODAY},A,`))!;
    expect(first).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(first).toContain('"1 Main St, Albuquerque, NM",07:00');
    expect(first).toContain(',10,Sandia Mobility,,Open,42.5,NM01');
    expect(await audit('export-download', staffUser.id)).toHaveLength(1);

    const again = await staff.get(url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CSV_MSG.LINK_USED);
  });

  it('expires the link after five minutes', async () => {
    const { url } = (await prepare(staff, { ...range, passwordVerify: PASSWORD })).json();
    t.clock.advance(5 * 60_000 + 1);
    try {
      expect((await staff.get(url)).statusCode).toBe(404);
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it("holds only the partner's own trips, and applies the rest of the search", async () => {
    const partner = await signIn(t.app, x.user);
    const { url } = (await prepare(partner, { ...range, passwordVerify: PASSWORD })).json();
    const refs = lines((await partner.get(url)).body).slice(1).map((l) => l.split(',')[0]);
    expect(refs).toEqual([mine.referenceNumber, mine.referenceNumber, later.referenceNumber]);
    expect(refs).not.toContain(theirs.referenceNumber);

    const narrowed = (await prepare(staff, { ...range, passwordVerify: PASSWORD, search: { affiliateId: y.partner.id, limit: '100' } })).json();
    expect(lines((await staff.get(narrowed.url)).body).slice(1).map((l) => l.split(',')[0])).toEqual([theirs.referenceNumber]);
  });

  it('writes every text cell as core writes it: formulas neutralised, quoted where a spreadsheet needs it', async () => {
    const day = '2026-12-01';
    const names = ['@SUM(A1)', '-2+3', '+1 505 555 0123', '\tcmd', ' padded ', 'say "hi"', 'two\nlines', 'a, b', 'Zoë 東京', "O'Brien"];
    for (const [i, name] of names.entries()) {
      const rider = await createContact(db.pool, { types: ['S/N Passenger'], name, username: null });
      await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: day, legs: [{ pickup: `0${i}:00:00`, passengerId: rider.id }] });
    }
    const { url } = (await prepare(staff, { dateFrom: day, dateTo: day, passwordVerify: PASSWORD })).json();
    const body = (await staff.get(url)).body;
    expect(body.startsWith('\uFEFF' + csvRow(TRIP_CSV_COLUMNS))).toBe(true);
    for (const name of names) expect(body, name).toContain(`,${csvCell(name)},`);
    expect(body.endsWith('\r\n')).toBe(true);
  });
});
