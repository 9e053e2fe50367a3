import { RATE_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createPartner, createTrip, FUTURE, PAST, signIn, TODAY, tripRow, type Partner, type TripSpec } from './trip-factories.ts';

const FROM = '2026-11-01';
const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;
let staff: Browser;
let staffId: string;
const trips: Record<string, { id: string; referenceNumber: string; modCount: number }> = {};

async function trip(name: string, spec: TripSpec, rate: number | null = 42.5) {
  const created = await createTrip(db.pool, spec);
  await db.pool.query('update drive_assignments set farmout_rate = $2 where id = $1', [created.id, rate]);
  trips[name] = created;
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool, 'Sandia Final Test');
  y = await createPartner(db.pool, 'Acoma Final Test');
  partner = await signIn(t.app, x.user);
  const s = await createContact(db.pool, { types: ['SecureEmployee'] });
  staffId = s.id;
  staff = await signIn(t.app, s);
  await trip('ready', { partnerId: x.partner.id, serviceDate: '2026-11-10', accepted: true, partnerPayStatus: 'Pending', legs: [withStats] });
  await trip('noStats', { partnerId: x.partner.id, serviceDate: PAST, accepted: true });
  await trip('unaccepted', { partnerId: x.partner.id, serviceDate: PAST });
  await trip('noRate', { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Pending', legs: [withStats] }, null);
  await trip('later', { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
  // left out: Final, declined, before the range, another partner's
  await trip('final', { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Final', legs: [withStats] });
  await trip('declined', { partnerId: x.partner.id, serviceDate: PAST, declined: true });
  await trip('before', { partnerId: x.partner.id, serviceDate: '2026-10-31', accepted: true });
  await trip('other', { partnerId: y.partner.id, serviceDate: TODAY, accepted: true });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const url = (query: string) => `/api/reports/partner-non-final-trips?${query}`;
const range = `dateFrom=${FROM}&dateTo=2026-11-30`;
const refsOf = (body: { trips: { referenceNumber: string }[] }) => body.trips.map((r) => r.referenceNumber);
const exports = async (actor: string) =>
  (await db.pool.query(`select after from audit_log where activity_type = 'export' and actor_id = $1 order by id`, [actor])).rows.map((r) => r.after);

describe('GET /api/reports/partner-non-final-trips', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).get(url(range))).statusCode).toBe(401);
  });

  it('answers 400 for a missing date, a reversed range and one longer than 366 days', async () => {
    const missing = await partner.get(url('dateTo=2026-11-30'));
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Please enter all required fields']);
    const reversed = await partner.get(url('dateFrom=2026-11-30&dateTo=2026-11-01'));
    expect([reversed.statusCode, reversed.json().message]).toEqual([400, 'A date range needs min less than or equal to max']);
    expect(reversed.json().details[0].path).toBe('dateTo');
    expect((await partner.get(url('dateFrom=2026-01-01&dateTo=2027-01-02'))).json().message).toBe('A date range covers at most 366 days');
    expect((await partner.get(url('dateFrom=2026-01-01&dateTo=2027-01-01'))).statusCode).toBe(200);
  });

  it('answers 403 to roles without pay reports', async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.get(url(range))).statusCode).toBe(403);
  });

  it("answers 404 to a partner naming another partner, and writes nothing", async () => {
    const res = await partner.get(url(`${range}&affiliateId=${y.partner.id}&format=CSV`));
    expect(res.statusCode).toBe(404);
    expect(await exports(x.user.id)).toEqual([]);
  });

  it("lists a partner's non-final trips in day order with the reason each cannot be finalised, or that it is ready", async () => {
    const res = await partner.get(url(range));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(refsOf(body)).toEqual([
      trips.ready.referenceNumber,
      trips.noStats.referenceNumber,
      trips.unaccepted.referenceNumber,
      trips.noRate.referenceNumber,
      trips.later.referenceNumber,
    ]);
    expect(body.total).toBe(5);
    const reasons = Object.fromEntries(body.trips.map((r: { referenceNumber: string; reason: string; ready: boolean }) => [r.referenceNumber, [r.reason, r.ready]]));
    expect(reasons[trips.ready.referenceNumber]).toEqual(['Ready for rate accept', true]);
    expect(reasons[trips.noStats.referenceNumber]).toEqual(['Enter the stats (arrival, departure and drop-off times) before finalizing.', false]);
    expect(reasons[trips.unaccepted.referenceNumber]).toEqual(['This trip has not been accepted yet.', false]);
    expect(reasons[trips.noRate.referenceNumber]).toEqual([RATE_MSG.NO_RATE_TO_ACCEPT, false]);
    expect(reasons[trips.later.referenceNumber]).toEqual(['Only trips that have already occurred may be finalized.', false]);
    expect(body.trips[0]).toMatchObject({ partnerName: 'Sandia Final Test', partnerPayStatus: 'Pending', farmoutRate: 42.5, noRate: false, modCount: trips.ready.modCount });
  });

  it('gives staff one partner or every partner', async () => {
    expect(refsOf((await staff.get(url(`${range}&affiliateId=${y.partner.id}`))).json())).toEqual([trips.other.referenceNumber]);
    const all = (await staff.get(url(range))).json();
    expect(all.total).toBe(6);
    expect(all.affiliateId).toBeNull();
  });

  it('streams non-finalized-trips.csv with its header and a line per trip, and logs the PHI access', async () => {
    const res = await partner.get(url(`${range}&format=CSV`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="non-finalized-trips.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Reference,Service date,Partner,Passenger,Service type,Pay status,Rate,Reason');
    expect(lines[1]).toBe(`${trips.ready.referenceNumber},2026-11-10,Sandia Final Test,,01,Pending,42.50,Ready for rate accept`);
    expect(lines[4]).toBe(`${trips.noRate.referenceNumber},${PAST},Sandia Final Test,,01,Pending,NoRate,${RATE_MSG.NO_RATE_TO_ACCEPT}`);
    expect(lines.filter(Boolean)).toHaveLength(6);
    expect(await exports(x.user.id)).toEqual([
      { report: 'partner-non-final-trips', format: 'csv', dateFrom: FROM, dateTo: '2026-11-30', affiliateId: x.partner.id },
    ]);
    expect((await staff.get(url(`${range}&format=CSV`))).statusCode).toBe(200);
    expect((await exports(staffId)).at(-1)).toMatchObject({ report: 'partner-non-final-trips', affiliateId: null });
  });

  it('leaves a trip once its rate is accepted, and a report read changes no trip', async () => {
    const before = await tripRow(db.pool, trips.noStats.id);
    await partner.get(url(range));
    expect(await tripRow(db.pool, trips.noStats.id)).toEqual(before);
    const accepted = await partner.post('/api/accept-rate', { driveAssignments: [{ id: trips.ready.id, modCount: trips.ready.modCount }] });
    expect(accepted.statusCode).toBe(200);
    expect(refsOf((await partner.get(url(range))).json())).not.toContain(trips.ready.referenceNumber);
  });
});
