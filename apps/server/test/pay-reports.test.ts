import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { apiToken, createPartner, createTrip, signIn, type Partner, type TripSpec } from './trip-factories.ts';

// The test clock's today, 2026-11-22, is a Sunday: the week of the 15th is the last whole one.
const WEEK = '2026-11-15';
const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };
const BREAKDOWN = {
  noRate: false,
  rateId: '00000000-0000-4000-8000-000000000001',
  rateType: 'Pick Up Per Mile',
  lines: [
    { item: 'basePickupRate', quantity: 1, unitPennies: 2000, pennies: 2000 },
    { item: 'baseMileageRate', quantity: 9.4, unitPennies: 200, pennies: 1880 },
  ],
  totalPennies: 3880,
};

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;
let staff: Browser;
let staffId: string;
let partnerUserId: string;
const refs: Record<string, string> = {};

/** A trip of the partner as pricing leaves it: its rate (null = NoRate), breakdown and override. */
async function pricedTrip(name: string, spec: TripSpec, pay: { rate: number | null; breakdown?: unknown; override?: number | null }) {
  const trip = await createTrip(db.pool, spec);
  await db.pool.query(
    `update drive_assignments set farmout_rate = $2, farmout_rate_default = $2, farmout_rate_breakdown = $3, farmout_rate_override = $4 where id = $1`,
    [trip.id, pay.rate, JSON.stringify(pay.breakdown ?? (pay.rate === null ? 'NoRate' : BREAKDOWN)), pay.override ?? null],
  );
  refs[name] = trip.referenceNumber;
  return trip;
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool, 'Sandia Pay Test');
  y = await createPartner(db.pool, 'Acoma Pay Test');
  partnerUserId = x.user.id;
  partner = await signIn(t.app, x.user);
  const s = await createContact(db.pool, { types: ['SecureEmployee'] });
  staffId = s.id;
  staff = await signIn(t.app, s);
  const accepted = { partnerId: x.partner.id, accepted: true, legs: [withStats] };
  await pricedTrip('final', { ...accepted, serviceDate: '2026-11-16', partnerPayStatus: 'Final' }, { rate: 42.5 });
  await pricedTrip('pending', { ...accepted, serviceDate: '2026-11-20', partnerPayStatus: 'Pending' }, { rate: 38.8 });
  await pricedTrip('noRate', { ...accepted, serviceDate: '2026-11-18', partnerPayStatus: 'Pending' }, { rate: null });
  await pricedTrip('override', { ...accepted, serviceDate: '2026-11-21', partnerPayStatus: 'Pending' }, { rate: 50, override: 50 });
  // not the partner's pay this week: not accepted, declined, next week's, another partner's
  await pricedTrip('unaccepted', { partnerId: x.partner.id, serviceDate: '2026-11-17' }, { rate: 10 });
  await pricedTrip('declined', { partnerId: x.partner.id, serviceDate: '2026-11-17', declined: true, accepted: true }, { rate: 10 });
  await pricedTrip('nextWeek', { ...accepted, serviceDate: '2026-11-22', partnerPayStatus: 'Pending' }, { rate: 10 });
  await pricedTrip('other', { partnerId: y.partner.id, accepted: true, serviceDate: '2026-11-16', partnerPayStatus: 'Final' }, { rate: 75 });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const url = (query: string) => `/api/reports/partner-pay?${query}`;
const exports = async (actor: string) =>
  (await db.pool.query(`select after from audit_log where activity_type = 'export' and actor_id = $1 order by id`, [actor])).rows.map((r) => r.after);

describe('GET /api/reports/partner-pay', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).get(url(`date=${WEEK}`))).statusCode).toBe(401);
  });

  it('answers 400 without a date, for a day that is not a Sunday and for a Sunday in the future', async () => {
    const missing = await partner.get(url(''));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter all required fields');
    for (const date of ['2026-11-21', '2026-11-23', '2026-11-29']) {
      const res = await partner.get(url(`date=${date}`));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose a Sunday that is not in the future');
    }
    expect((await partner.get(url(`date=${WEEK}&format=PDF`))).json().message).toBe('The format is JSON or CSV');
    // a refused download writes no audit row
    expect((await partner.get(url(`date=2026-11-29&format=CSV`))).statusCode).toBe(400);
    expect(await exports(partnerUserId)).toEqual([]);
  });

  it('answers 403 to roles without pay reports and to an API token without the reports area', async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.get(url(`date=${WEEK}`))).statusCode).toBe(403);
    const token = await apiToken(db.pool, x.partner.id, { trips: ['GET'] });
    const refused = await t.app.inject({ url: url(`date=${WEEK}`), headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(403);
    const allowed = await apiToken(db.pool, x.partner.id, { reports: ['GET'] });
    const ok = await t.app.inject({ url: url(`date=${WEEK}`), headers: { authorization: `Bearer ${allowed}` } });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 404 to a partner asking for another partner's pay, and to staff naming no partner", async () => {
    const other = await partner.get(url(`date=${WEEK}&affiliateId=${y.partner.id}`));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Acoma');
    expect((await partner.get(url(`date=${WEEK}&affiliateId=${y.partner.id}&format=CSV`))).statusCode).toBe(404);
    expect((await staff.get(url(`date=${WEEK}&affiliateId=${staffId}`))).statusCode).toBe(404);
    expect((await staff.get(url(`date=${WEEK}&affiliateId=not-an-id`))).statusCode).toBe(404);
    expect(await exports(partnerUserId)).toEqual([]);
  });

  it("gives a partner its week: each accepted trip with breakdown, status and total, Final and not-Final sums and the days", async () => {
    const res = await partner.get(url(`date=${WEEK}`));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect([report.dateFrom, report.dateTo, report.affiliateId, report.partnerName]).toEqual([WEEK, '2026-11-21', x.partner.id, 'Sandia Pay Test']);
    expect(report.trips.map((r: { referenceNumber: string }) => r.referenceNumber)).toEqual([refs.final, refs.noRate, refs.pending, refs.override]);
    const pending = report.trips[2];
    expect(pending).toMatchObject({ partnerPayStatus: 'Pending', farmoutRate: 38.8, noRate: false, overridden: false, billToName: null });
    expect(pending.breakdown.lines[1]).toEqual({ item: 'baseMileageRate', quantity: 9.4, unitPennies: 200, pennies: 1880 });
    expect(report.trips[1]).toMatchObject({ farmoutRate: null, noRate: true, breakdown: { noRate: true } });
    expect(report.trips[3]).toMatchObject({ farmoutRate: 50, overridden: true });
    expect(report.totals).toEqual({ finalPay: 42.5, notFinalPay: 88.8, totalPay: 131.3, finalTrips: 1, notFinalTrips: 3, noRateTrips: 1 });
    expect(report.partners).toEqual([{ affiliateId: x.partner.id, partnerName: 'Sandia Pay Test', ...report.totals }]);
    expect(report.days).toEqual([
      { date: '2026-11-15', finalPay: 0, notFinalPay: 0 },
      { date: '2026-11-16', finalPay: 42.5, notFinalPay: 0 },
      { date: '2026-11-17', finalPay: 0, notFinalPay: 0 },
      { date: '2026-11-18', finalPay: 0, notFinalPay: 0 },
      { date: '2026-11-19', finalPay: 0, notFinalPay: 0 },
      { date: '2026-11-20', finalPay: 0, notFinalPay: 38.8 },
      { date: '2026-11-21', finalPay: 0, notFinalPay: 50 },
    ]);
    // naming itself is the same as naming no one
    expect((await partner.get(url(`date=${WEEK}&affiliateId=${x.partner.id}`))).json()).toEqual(report);
  });

  it('takes today when today is a Sunday, and a week without trips has zero sums', async () => {
    const today = (await partner.get(url('date=2026-11-22'))).json();
    expect(today.trips.map((r: { referenceNumber: string }) => r.referenceNumber)).toEqual([refs.nextWeek]);
    const empty = (await partner.get(url('date=2026-11-01'))).json();
    expect(empty.trips).toEqual([]);
    expect(empty.totals.totalPay).toBe(0);
    expect(empty.partners).toHaveLength(1);
  });

  it('gives staff without a partner a line per partner and no trips; with one, that partner only', async () => {
    const all = (await staff.get(url(`date=${WEEK}`))).json();
    expect(all.affiliateId).toBeNull();
    expect(all.trips).toEqual([]);
    expect(all.partners.map((p: { partnerName: string; finalPay: number; notFinalPay: number }) => [p.partnerName, p.finalPay, p.notFinalPay])).toEqual([
      ['Acoma Pay Test', 75, 0],
      ['Sandia Pay Test', 42.5, 88.8],
    ]);
    expect(all.totals.totalPay).toBe(206.3);
    expect(all.days[1]).toEqual({ date: '2026-11-16', finalPay: 117.5, notFinalPay: 0 });
    const one = (await staff.get(url(`date=${WEEK}&affiliateId=${y.partner.id}`))).json();
    expect(one.trips.map((r: { referenceNumber: string }) => r.referenceNumber)).toEqual([refs.other]);
  });

  it('streams the week as a CSV with its header and a line per trip, and logs the PHI access', async () => {
    const res = await partner.get(url(`date=${WEEK}&format=CSV`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="partner-pay-2026-11-15.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Reference,Service date,Partner,Passenger,Service type,Bill-to,Pay status,Rate type,Pay lines,Override,Total');
    expect(lines[3]).toBe(
      `${refs.pending},2026-11-20,Sandia Pay Test,,01,,Pending,Pick Up Per Mile,Pickup per leg 1 × $20.00 = $20.00; Loaded miles 9.4 × $2.00 = $18.80,no,38.80`,
    );
    expect(lines[2]).toBe(`${refs.noRate},2026-11-18,Sandia Pay Test,,01,,Pending,,NoRate,no,`);
    expect(lines).toHaveLength(6);
    expect(await exports(partnerUserId)).toEqual([
      { report: 'partner-pay', format: 'csv', dateFrom: WEEK, dateTo: '2026-11-21', affiliateId: x.partner.id },
    ]);
  });

  it("streams every partner's trips to staff who name none", async () => {
    const res = await staff.get(url(`date=${WEEK}&format=CSV`));
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(6);
    expect(lines.some((l) => l.startsWith(`${refs.other},`))).toBe(true);
    expect((await exports(staffId)).at(-1)).toEqual({ report: 'partner-pay', format: 'csv', dateFrom: WEEK, dateTo: '2026-11-21', affiliateId: null });
  });
});
