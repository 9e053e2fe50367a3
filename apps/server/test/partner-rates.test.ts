import { RATE_MSG, type PartnerRate } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createBillTo, createRate } from './rate-factories.ts';
import { apiToken, auditRows, createPartner, createTrip, FUTURE, PAST, signIn, TODAY, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let billTo: Created;
let staff: Browser;
let finance: Browser;
let partnerX: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Rio Grande Medical Transport');
  billTo = await createBillTo(db.pool, 'Valley Health Plan');
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  finance = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Finance'] }));
  partnerX = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const rateRow = async (id: string) => (await db.pool.query('select * from partner_rates where id = $1', [id])).rows[0];
const rateCount = async () => Number((await db.pool.query('select count(*) from partner_rates')).rows[0].count);
const patch = (b: Browser, q: string, body?: unknown) => b.request('PATCH', `/api/partner-rates?${q}`, body === undefined ? {} : { body });
const flat = (over: object = {}) => ({ affiliateId: x.partner.id, billToContactId: billTo.id, serviceId: '01', rateType: 'Flat Rate', baseFlatRate: 55, cancelRate: 20, ...over });

describe('GET /api/partner-rates', () => {
  let ofX: string;
  beforeAll(async () => {
    ofX = (await createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, serviceId: '05' })).id;
    await createRate(db.pool, { affiliateId: y.partner.id, billToId: billTo.id, serviceId: '05', rateType: 'Mile Reimburse' });
  });

  it('answers 401, 400, then 404 for a partner asking for another partner', async () => {
    expect((await new Browser(t.app).get('/api/partner-rates')).statusCode).toBe(401);
    expect((await staff.get(`/api/partner-rates?providerId=${'a'.repeat(40)}`)).statusCode).toBe(400);
    expect((await partnerX.get(`/api/partner-rates?providerId=${y.partner.id}`)).statusCode).toBe(404);
  });

  it("gives staff every partner's rates, narrowed by partner and bill-to", async () => {
    const all: PartnerRate[] = (await staff.get('/api/partner-rates')).json();
    expect(all.filter((r) => r.serviceId === '05').map((r) => r.providerName).sort()).toEqual(['Rio Grande Medical Transport', 'Sandia Mobility']);
    const ofY: PartnerRate[] = (await staff.get(`/api/partner-rates?providerId=${y.partner.id}&billToId=${billTo.id}`)).json();
    expect(ofY.every((r) => r.affiliateId === y.partner.id)).toBe(true);
    expect(ofY[0]).toMatchObject({ rateType: 'Mile Reimburse', baseMileageReimbursementRate: 1.25, billToName: 'Valley Health Plan', status: 'Active', dateEnd: null });
  });

  it('answers an API token with the financials area, and refuses one without it', async () => {
    const staffId = (await createContact(db.pool, { types: ['SecureEmployee'] })).id;
    const call = (value: string) => t.app.inject({ url: '/api/partner-rates', headers: { authorization: `Bearer ${value}` } });
    expect((await call(await apiToken(db.pool, staffId, { financials: ['GET'] }))).statusCode).toBe(200);
    expect((await call(await apiToken(db.pool, staffId, { trips: ['GET'] }))).statusCode).toBe(403);
  });

  it('gives a partner its own rates only', async () => {
    const own: PartnerRate[] = (await partnerX.get('/api/partner-rates')).json();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.affiliateId === x.partner.id)).toBe(true);
    expect(own.map((r) => r.id)).toContain(ofX);
  });
});

describe('POST /api/partner-rates', () => {
  it('answers 401, then 400 with the missing field (nothing written), then 403 without the right', async () => {
    const before = await rateCount();
    expect((await new Browser(t.app).post('/api/partner-rates', flat())).statusCode).toBe(401);
    const bad = await finance.post('/api/partner-rates', flat({ baseFlatRate: null }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'baseFlatRate', message: 'Flat rate is required for a Flat Rate rate' }]);
    const notPartner = await finance.post('/api/partner-rates', flat({ affiliateId: billTo.id }));
    expect([notPartner.statusCode, notPartner.json().message]).toEqual([400, RATE_MSG.NOT_A_PARTNER]);
    expect((await staff.post('/api/partner-rates', flat())).statusCode).toBe(403);
    expect((await partnerX.post('/api/partner-rates', flat())).statusCode).toBe(403);
    expect(await rateCount()).toBe(before);
    // the table itself refuses a negative amount
    await expect(createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, serviceId: '92', amounts: { addsPca: -1 } })).rejects.toThrow(/check/);
  });

  it("begins today, ends the group's rate yesterday, reprices the group's trips from today that are not Final", async () => {
    const old = await createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, serviceId: '03', dateBegin: '2026-10-01' });
    const trip = (over: object) => createTrip(db.pool, { partnerId: x.partner.id, billToId: billTo.id, accepted: true, ...over });
    const today = await trip({ serviceDate: FUTURE });
    const final = await trip({ serviceDate: FUTURE, partnerPayStatus: 'Final' });
    const past = await trip({ serviceDate: PAST });
    await db.pool.query(`update drive_assignments set service_type_requested = '03' where id = any($1)`, [[today.id, final.id, past.id]]);

    const res = await finance.post('/api/partner-rates', flat({ serviceId: '03' }));
    expect(res.statusCode, res.body).toBe(200);
    const { rate, ended, repricedTrips } = res.json();
    expect(rate).toMatchObject({ dateBegin: TODAY, dateEnd: null, status: 'Active', baseFlatRate: 55, rateType: 'Flat Rate', modCount: 0 });
    expect(ended).toMatchObject({ id: old.id, dateEnd: PAST, status: 'Ended', modCount: 1 });
    expect(repricedTrips).toBe(1);

    const pay = async (id: string) => (await db.pool.query('select farmout_rate, farmout_rate_default, farmout_rate_breakdown from drive_assignments where id = $1', [id])).rows[0];
    expect(await pay(today.id)).toMatchObject({
      farmout_rate: 55,
      farmout_rate_default: 55,
      farmout_rate_breakdown: { noRate: false, rateId: rate.id, rateType: 'Flat Rate', totalPennies: 5500, lines: [{ item: 'baseFlatRate', quantity: 1, unitPennies: 5500, pennies: 5500 }] },
    });
    expect((await pay(final.id)).farmout_rate).toBe(42.5);
    expect((await pay(past.id)).farmout_rate).toBe(42.5);

    expect(await auditRows(db.pool, 'partner_rates', rate.id)).toEqual([expect.objectContaining({ activity_type: 'partner-rate-add', before: null })]);
    expect(await auditRows(db.pool, 'partner_rates', old.id)).toEqual([
      expect.objectContaining({ activity_type: 'partner-rate-add', before: { dateEnd: null }, after: { dateEnd: PAST } }),
    ]);
    expect(await auditRows(db.pool, 'drive_assignments', today.id)).toEqual([
      expect.objectContaining({ activity_type: 'partner-rate-add', before: { farmoutRate: 42.5 }, after: { farmoutRate: 55 } }),
    ]);
  });

  it('answers 409 for a second new rate of the group the same day, and changes nothing', async () => {
    const first = await finance.post('/api/partner-rates', flat({ serviceId: '06' }));
    expect(first.statusCode).toBe(200);
    const again = await finance.post('/api/partner-rates', flat({ serviceId: '06', baseFlatRate: 70 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: RATE_MSG.ALREADY_TODAY, current: { id: first.json().rate.id, baseFlatRate: 55 } });
    expect(await rateRow(first.json().rate.id)).toMatchObject({ base_flat_rate: 55, date_end: null, mod_count: 0 });
  });

  it('lets exactly one of two racing new rates for one group win', async () => {
    await createRate(db.pool, { affiliateId: y.partner.id, billToId: billTo.id, serviceId: '01', dateBegin: '2026-09-01' });
    const body = flat({ affiliateId: y.partner.id });
    const answers = await Promise.all([finance.post('/api/partner-rates', body), finance.post('/api/partner-rates', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await db.pool.query(
      `select to_char(date_begin, 'YYYY-MM-DD') as b, to_char(date_end, 'YYYY-MM-DD') as e from partner_rates
        where affiliate_id = $1 and service_id = '01' order by date_begin`,
      [y.partner.id],
    );
    expect(rows).toEqual([{ b: '2026-09-01', e: PAST }, { b: TODAY, e: null }]);
  });
});

describe('PATCH /api/partner-rates', () => {
  const gurney = async () => createRate(db.pool, { affiliateId: y.partner.id, billToId: (await createBillTo(db.pool, 'Gurney Plan')).id, serviceId: '05' });

  it("answers 401, 400 'Invalid date!', 403, 404, 409 for a stale modCount, each leaving the rate as it was", async () => {
    const r = await gurney();
    const before = await rateRow(r.id);
    expect((await patch(new Browser(t.app), `id=${r.id}&dateEnd=2026-12-01&modCount=0`)).statusCode).toBe(401);
    const invalid = await patch(finance, `id=${r.id}&dateEnd=2026-13-45&modCount=0`);
    expect([invalid.statusCode, invalid.json().message]).toEqual([400, RATE_MSG.INVALID_DATE]);
    const early = await patch(finance, `id=${r.id}&dateEnd=2026-10-31&modCount=0`);
    expect([early.statusCode, early.json().message]).toEqual([400, 'The end date cannot be before the rate begins (2026-11-01)']);
    expect((await patch(staff, `id=${r.id}&dateEnd=2026-12-01&modCount=0`)).statusCode).toBe(403);
    expect((await patch(finance, `id=00000000-0000-4000-8000-000000000000&dateEnd=2026-12-01&modCount=0`)).statusCode).toBe(404);
    const stale = await patch(finance, `id=${r.id}&dateEnd=2026-12-01&modCount=3`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: r.id, modCount: 0, dateEnd: null });
    expect(await rateRow(r.id)).toEqual(before);
  });

  it('ends a rate (deleting it): the trips after the end have no rate, the ones before keep theirs', async () => {
    const r = await gurney();
    const { rows } = await db.pool.query('select bill_to_contact_id from partner_rates where id = $1', [r.id]);
    const mk = async (serviceDate: string) => {
      const trip = await createTrip(db.pool, { partnerId: y.partner.id, billToId: rows[0].bill_to_contact_id, serviceDate, accepted: true });
      await db.pool.query(`update drive_assignments set service_type_requested = '05' where id = $1`, [trip.id]);
      return trip;
    };
    const before = await mk(TODAY);
    const after = await mk('2026-11-30');
    const res = await patch(finance, `id=${r.id}&dateEnd=${FUTURE}&modCount=0`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rate: { id: r.id, dateEnd: FUTURE, modCount: 1, status: 'Active' }, repricedTrips: 1 });
    const pay = async (id: string) => (await db.pool.query('select farmout_rate, farmout_rate_breakdown from drive_assignments where id = $1', [id])).rows[0];
    expect(await pay(after.id)).toEqual({ farmout_rate: null, farmout_rate_breakdown: { noRate: true } });
    expect((await pay(before.id)).farmout_rate).toBe(42.5);
    expect(await auditRows(db.pool, 'partner_rates', r.id)).toEqual([
      expect.objectContaining({ activity_type: 'partner-rate-end', before: expect.objectContaining({ dateEnd: null, modCount: 0 }), after: expect.objectContaining({ dateEnd: FUTURE, modCount: 1 }) }),
    ]);
  });

  it("refuses to stretch a rate into the days of its group's next rate", async () => {
    const plan = await createBillTo(db.pool, 'Sunrise Dialysis Program');
    const old = await createRate(db.pool, { affiliateId: x.partner.id, billToId: plan.id, dateBegin: '2026-09-01', dateEnd: '2026-10-31' });
    await createRate(db.pool, { affiliateId: x.partner.id, billToId: plan.id, dateBegin: '2026-11-01' });
    const res = await patch(finance, `id=${old.id}&dateEnd=2026-11-05&modCount=0`);
    expect([res.statusCode, res.json().message]).toEqual([400, "This group's next rate begins 2026-11-01; end this rate before that day"]);
    expect((await rateRow(old.id)).mod_count).toBe(0);
  });

  it("corrects a rate that begins today in place, and refuses to correct an older one", async () => {
    const made = await finance.post('/api/partner-rates', flat({ serviceId: '91', baseFlatRate: 99 }));
    const id = made.json().rate.id;
    const fixed = await patch(finance, `id=${id}&modCount=0`, { rateType: 'Flat Rate', baseFlatRate: 90, cancelRate: 20 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().rate).toMatchObject({ baseFlatRate: 90, modCount: 1, dateBegin: TODAY });
    const older = await gurney();
    const refused = await patch(finance, `id=${older.id}&modCount=0`, { rateType: 'Flat Rate', baseFlatRate: 90, cancelRate: 20 });
    expect([refused.statusCode, refused.json().message]).toEqual([400, RATE_MSG.CORRECT_TODAY_ONLY]);
  });
});

describe('POST /api/accept-rate and NoRate', () => {
  it("refuses a trip without a rate with 'This trip has no rate yet; call dispatch.' and leaves it as it was", async () => {
    const trip = await createTrip(db.pool, {
      partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [{ act: '09:02:00', dep: '09:05:00', drop: '09:41:00', status: 'Rode' }],
    });
    await db.pool.query(`update drive_assignments set farmout_rate = null, farmout_rate_breakdown = '{"noRate":true}' where id = $1`, [trip.id]);
    const before = (await db.pool.query('select * from drive_assignments where id = $1', [trip.id])).rows[0];
    const res = await partnerX.post('/api/accept-rate', { driveAssignments: [{ id: trip.id, modCount: trip.modCount }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: [], failed: [{ id: trip.id, message: RATE_MSG.NO_RATE_TO_ACCEPT }] });
    expect((await db.pool.query('select * from drive_assignments where id = $1', [trip.id])).rows[0]).toEqual(before);
  });
});
