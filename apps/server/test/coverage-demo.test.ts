import { COVERAGE_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { DEMO_USER_IDS } from '../src/modules/demo/people.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;

const one = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows[0];

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
  staff = new Browser(t.app);
  expect((await staff.login('dispatcher', 'Tripline1!')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const check = (passengerId: string, serviceDate: string, appointmentType = 'Dialysis') =>
  staff.post('/api/coverage-check', { passengerId, serviceDate, serviceType: '01', appointmentType, serviceTime: '10:00' });

describe('demo coverages', () => {
  it('every member has a coverage, and the plans, appointment types and clinicians are there', async () => {
    expect(await one(`select count(*)::int as n from contacts c where c.member_id is not null and not exists (select 1 from coverages cv where cv.contact_id = c.id)`)).toEqual({ n: 0 });
    expect((await one(`select count(*)::int as n from plans where trip_limit_count is not null`)).n).toBeGreaterThan(0);
    expect((await one(`select count(*)::int as n from appointment_types`)).n).toBe(12);
    expect((await one(`select count(*)::int as n from trip_legs where appt_to_see is not null`)).n).toBeGreaterThan(0);
  });
  it("the demo passenger's upcoming trip is covered", async () => {
    const res = await check(DEMO_USER_IDS.passenger, '2026-11-25');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: null, status: 'Active', lob: 'Medicaid' });
  });
  it('one member with upcoming trips has an expired coverage', async () => {
    const row = await one(`select contact_id, date_end from coverages where date_end < $1::date`, [TODAY]);
    expect((await check(row.contact_id, '2026-11-25')).json()).toMatchObject({ status: 'Expired', error: COVERAGE_MSG.EXPIRED(row.date_end), blocked: true });
  });
  it('one member is near their trip limit', async () => {
    const row = await one(`select contact_id from coverages where trip_limit_count is not null`);
    const res = (await check(row.contact_id, '2026-11-25')).json();
    const { tripsYTD, planTripLimitCount } = res.coverage;
    expect(tripsYTD / planTripLimitCount).toBeGreaterThanOrEqual(0.85);
    expect(res).toMatchObject({ error: null, warnings: [COVERAGE_MSG.TRIP_LIMIT_NEAR(tripsYTD, planTripLimitCount)] });
  });
});
