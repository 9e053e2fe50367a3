import { COVERAGE_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createTrip, signIn, TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;
let caseManager: Browser;
let billToA: Created;
let billToB: Created;
let planId: string;
let passenger: Created;
let pickupId: string;
let partnerId: string;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A plan of an MCO with the given terms (the rest as a new plan has them). */
async function createPlan(terms: Record<string, unknown> = {}): Promise<string> {
  const mco = await createContact(db.pool, { types: ['MCO'], username: null });
  const cols = Object.keys(terms);
  const { rows } = await db.pool.query(
    `insert into plans (mco_id, name, code, lob${cols.map((c) => `, ${c}`).join('')})
     values ($1, $2, $3, 'Medicaid'${cols.map((_, i) => `, $${i + 4}`).join('')}) returning id`,
    [mco.id, `Plan ${mco.contactNumber}`, `P-${mco.contactNumber}`, ...Object.values(terms)],
  );
  return rows[0].id;
}

/** A passenger covered by a bill-to under a plan. */
async function coveredPassenger(billToId: string, plan: string | null, coverage: { memberId?: string; status?: string; dateEnd?: string; limit?: number } = {}) {
  const p = await createContact(db.pool, { types: ['S/N Passenger'], username: null });
  await db.pool.query(
    `insert into coverages (contact_id, bill_to_id, plan_id, member_id, status, date_end, trip_limit_count) values ($1, $2, $3, $4, $5, $6, $7)`,
    [p.id, billToId, plan, coverage.memberId ?? `M${p.contactNumber}`, coverage.status ?? 'Active', coverage.dateEnd ?? '9999-12-31', coverage.limit ?? null],
  );
  return p;
}

/** n trips of the passenger this year billed to the bill-to. */
async function tripsOf(passengerId: string, billToId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createTrip(db.pool, { billToId, serviceDate: TODAY, legs: [{ passengerId }] })).id);
  return ids;
}

const body = (over: Record<string, unknown> = {}) => ({
  passengerId: passenger.id,
  serviceDate: '2026-11-24',
  serviceType: '01',
  appointmentType: 'Dialysis',
  serviceTime: '09:00',
  pickupId,
  ...over,
});
const auditCount = async () => (await db.pool.query('select count(*)::int as n from audit_log')).rows[0].n;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  const p = await createPartner(db.pool, 'Sandia Mobility');
  partnerId = p.partner.id;
  partnerUser = await signIn(t.app, p.user);
  billToA = await createContact(db.pool, { name: 'Bernalillo County Senior Services', types: ['Bill To'], username: null });
  billToB = await createContact(db.pool, { name: 'Mesa Verde NEMT', types: ['Bill To'], username: null });
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id] }));
  planId = await createPlan({ trip_limit_count: 20 });
  passenger = await coveredPassenger(billToA.id, planId, { memberId: 'NM5550001' });
  await db.pool.query(`insert into appointment_types (code, display) values ('Dialysis', 'Dialysis'), ('Cardiology', 'Cardiology'), ('Oncology', 'Oncology')`);
  await db.pool.query(
    `insert into appointment_type_bill_tos (appointment_type_id, bill_to_id) select id, $1 from appointment_types where code = 'Oncology'`,
    [billToB.id],
  );
  const a = await db.pool.query(`insert into addresses (street, city, state, zip) values ('400 Gold Ave SW', 'Albuquerque', 'NM', '87102') returning id`);
  pickupId = a.rows[0].id;
  await db.pool.query(`insert into partner_zip_coverage (partner_id, zip) values ($1, '87102')`, [partnerId]);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET coverage-check (the quick lookup)', () => {
  const url = (id: string) => `/api/coverage-check?contactId=${id}`;
  it('401 → 400 → 403 → 404', async () => {
    expect((await new Browser(t.app).get(url(passenger.id))).statusCode).toBe(401);
    const bad = await staff.get('/api/coverage-check');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Missing contact id', details: [{ path: 'contactId' }] });
    expect((await staff.get(url('abc'))).json().message).toBe('Must be a record id');
    expect((await partnerUser.get(url(passenger.id))).statusCode).toBe(403);
    expect((await staff.get(url(UNKNOWN))).statusCode).toBe(404);
  });
  it('answers the coverages with their status today and trips this year', async () => {
    const p = await coveredPassenger(billToA.id, planId);
    await tripsOf(p.id, billToA.id, 2);
    const res = await staff.get(url(p.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contactId: p.id,
      status: 'Active',
      tripsYTD: 2,
      planTripLimitCount: 20,
      coverages: [{ billToId: billToA.id, billToName: billToA.name, planId, lob: 'Medicaid', status: 'Active', tripsYTD: 2 }],
    });
  });
  it("a case manager sees coverages of their bill-tos only; another bill-to's member is not found", async () => {
    const both = await coveredPassenger(billToA.id, planId);
    await db.pool.query(`insert into coverages (contact_id, bill_to_id, member_id) values ($1, $2, 'OTHER1')`, [both.id, billToB.id]);
    const res = await caseManager.get(url(both.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().coverages.map((c: { billToId: string }) => c.billToId)).toEqual([billToA.id]);
    const outside = await coveredPassenger(billToB.id, planId);
    expect((await caseManager.get(url(outside.id))).statusCode).toBe(404);
    expect((await staff.get(url(outside.id))).statusCode).toBe(200);
  });
});

describe('POST coverage-check', () => {
  const check = (b: Browser, over: Record<string, unknown> = {}) => b.post('/api/coverage-check', body(over));
  it('401 → 400 → 403 → 404', async () => {
    expect((await check(new Browser(t.app))).statusCode).toBe(401);
    const missing = await staff.post('/api/coverage-check', { passengerId: passenger.id, serviceType: '01' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(COVERAGE_MSG.NEEDS_INPUTS);
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual(['serviceDate', 'appointmentType']);
    expect((await check(staff, { serviceType: '42' })).json().message).toMatch(/^Unknown service number/);
    expect((await check(staff, { serviceDate: '2026-02-30' })).statusCode).toBe(400);
    expect((await check(partnerUser)).statusCode).toBe(403);
    expect((await check(caseManager)).statusCode).toBe(403);
    expect((await check(staff, { passengerId: UNKNOWN })).statusCode).toBe(404);
  });
  it('passes an active coverage with the payer and the partners serving the pickup ZIP, and writes nothing', async () => {
    const before = await auditCount();
    const res = await check(staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      error: null,
      blocked: false,
      status: 'Active',
      billToId: billToA.id,
      lob: 'Medicaid',
      planId,
      coverage: { memberId: 'NM5550001', tripsYTD: 0, planTripLimitCount: 20 },
      pickupZip: '87102',
      partners: [{ id: partnerId, name: 'Sandia Mobility' }],
    });
    expect(await auditCount()).toBe(before);
  });
  it('refuses a member id the passenger has no coverage under', async () => {
    expect((await check(staff, { memberId: 'NOPE' })).json()).toMatchObject({ error: COVERAGE_MSG.NO_COVERAGE_FOR_MEMBER('NOPE'), blocked: true, coverage: null });
  });
  it('refuses an expired coverage; grace days keep it active', async () => {
    const p = await coveredPassenger(billToA.id, planId, { dateEnd: '2026-11-20' });
    expect((await check(staff, { passengerId: p.id })).json()).toMatchObject({ status: 'Expired', error: COVERAGE_MSG.EXPIRED('2026-11-20'), overridable: true, blocked: true });
    const graced = await createPlan({ grace_period_days: 4 });
    const q = await coveredPassenger(billToA.id, graced, { dateEnd: '2026-11-20' });
    expect((await check(staff, { passengerId: q.id })).json()).toMatchObject({ status: 'Active', error: null });
  });
  it('refuses an appointment type limited to other bill-tos and one that does not exist', async () => {
    expect((await check(staff, { appointmentType: 'Oncology' })).json().error).toBe(COVERAGE_MSG.APPT_TYPE_NOT_ALLOWED('Oncology', billToA.name));
    expect((await check(staff, { appointmentType: 'Astrology' })).json().error).toBe(COVERAGE_MSG.APPT_TYPE_UNKNOWN('Astrology'));
  });
  it('warns from 85 % of the trip limit, refuses at it, and leaves the edited trip out of the count', async () => {
    const p = await coveredPassenger(billToA.id, planId);
    const ids = await tripsOf(p.id, billToA.id, 17);
    expect((await check(staff, { passengerId: p.id })).json()).toMatchObject({ error: null, warnings: [COVERAGE_MSG.TRIP_LIMIT_NEAR(17, 20)] });
    await tripsOf(p.id, billToA.id, 3);
    expect((await check(staff, { passengerId: p.id })).json()).toMatchObject({ error: COVERAGE_MSG.TRIP_LIMIT_REACHED(20, 20), blocked: true });
    expect((await check(staff, { passengerId: p.id, driveAssignmentId: ids[0] })).json()).toMatchObject({ error: null, coverage: { tripsYTD: 19 } });
  });
  it('an authorised failure no longer blocks, unless the plan prevents overrides', async () => {
    const res = (await check(staff, { serviceType: '92', authorizedBy: 'Dr. Lujan' })).json();
    expect(res).toMatchObject({ error: COVERAGE_MSG.SERVICE_NOT_INCLUDED('92 Basic Life Support', res.planName), overridable: true, blocked: false });
    const strict = await createPlan({ prevent_overrides: true });
    const p = await coveredPassenger(billToA.id, strict);
    expect((await check(staff, { passengerId: p.id, serviceType: '92', authorizedBy: 'Dr. Lujan' })).json()).toMatchObject({ overridable: false, blocked: true });
  });
  it('checks advance notice from created', async () => {
    const noticed = await createPlan({ advance_notice_hours_min: 48 });
    const p = await coveredPassenger(billToA.id, noticed);
    const at = { passengerId: p.id, serviceDate: '2026-11-24', serviceTime: '09:00' };
    expect((await check(staff, { ...at, created: '2026-11-22T09:00:00-07:00' })).json().error).toBeNull();
    expect((await check(staff, { ...at, created: '2026-11-22T09:01:00-07:00' })).json().error).toBe(COVERAGE_MSG.NOTICE_HOURS_MIN(48));
  });
});
