import { DEFAULT_ON_TIME_RULE } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createReasons, createTrip, signIn } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;
let billTo: Created;
let otherBillTo: Created;
let passenger: Created;
let home: string;
let clinic: string;
let heart: string;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function address(label: string): Promise<string> {
  const { rows } = await db.pool.query(`insert into addresses (label, street, city, state, zip) values ($1, '1 Main St', 'Albuquerque', 'NM', '87102') returning id`, [label]);
  return rows[0].id;
}

/** A visit: out to the destination and, when `back` is given, the return picked up there. */
async function visit(p: string, to: string, v: { date: string; apptType: string; dropped: string; back?: string; apptToSee?: string; canceled?: boolean }) {
  const trip = await createTrip(db.pool, {
    serviceDate: v.date,
    canceled: v.canceled,
    legs: [{ passengerId: p, dropoff: v.dropped }, ...(v.back ? [{ passengerId: p, pickup: v.back }] : [])],
  });
  await db.pool.query('update trip_legs set location_first_id = $2, location_second_id = $3, appt_type = $4, appt_to_see = $5 where id = $1', [
    trip.legIds[0], home, to, v.apptType, v.apptToSee ?? null,
  ]);
  if (trip.legIds[1]) await db.pool.query('update trip_legs set location_first_id = $2, location_second_id = $3 where id = $1', [trip.legIds[1], to, home]);
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partnerUser = await signIn(t.app, (await createPartner(db.pool)).user);
  billTo = await createContact(db.pool, { name: 'Sandia Regional Hospital', types: ['Bill To'], username: null });
  otherBillTo = await createContact(db.pool, { name: 'Santa Fe Senior Programs', types: ['Bill To'], username: null });
  passenger = await createContact(db.pool, { types: ['S/N Passenger'], username: null });
  [home, clinic, heart] = [await address('Home'), await address('Main'), await address('Main')];
  await db.pool.query(`insert into appointment_types (code, display) values ('Dialysis', 'Dialysis'), ('PT', 'Physical Therapy'), ('Oncology', 'Oncology')`);
  await db.pool.query(`insert into appointment_type_bill_tos (appointment_type_id, bill_to_id) select id, $1 from appointment_types where code = 'Oncology'`, [otherBillTo.id]);
  await visit(passenger.id, clinic, { date: '2026-10-01', apptType: 'Dialysis', dropped: '09:00:00', back: '12:30:00', apptToSee: 'Dr. Begay' });
  await visit(passenger.id, clinic, { date: '2026-10-03', apptType: 'Dialysis', dropped: '09:00:00', back: '12:30:00', apptToSee: 'dr. begay ' });
  await visit(passenger.id, clinic, { date: '2026-10-05', apptType: 'PT', dropped: '09:00:00', back: '13:30:00', apptToSee: 'Dr. Yazzie' });
  await visit(passenger.id, clinic, { date: '2026-10-07', apptType: 'Dialysis', dropped: '09:00:00', back: '09:00:00', canceled: true });
  await visit(passenger.id, heart, { date: '2026-10-09', apptType: 'Cardiology', dropped: '10:00:00' });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET appointment-type-options', () => {
  it('401 → 400 → 403, then the types offered for a bill-to by code', async () => {
    expect((await new Browser(t.app).get('/api/appointment-type-options')).statusCode).toBe(401);
    expect((await staff.get('/api/appointment-type-options?billToId=abc')).statusCode).toBe(400);
    expect((await partnerUser.get('/api/appointment-type-options')).statusCode).toBe(403);
    const codes = async (qs: string) => (await staff.get(`/api/appointment-type-options${qs}`)).json().map((o: { code: string }) => o.code);
    expect(await codes('')).toEqual(['Dialysis', 'Oncology', 'PT']);
    expect(await codes(`?billToId=${billTo.id}`)).toEqual(['Dialysis', 'PT']);
    expect(await codes(`?billToId=${otherBillTo.id}`)).toEqual(['Dialysis', 'Oncology', 'PT']);
    expect(await codes('?q=therapy')).toEqual(['PT']);
  });
});

describe('GET guess-appt-type', () => {
  const url = (p: string, l: string) => `/api/guess-appt-type?passengerId=${p}&locationSecondId=${l}`;
  it('401 → 400 → 403 → 404', async () => {
    expect((await new Browser(t.app).get(url(passenger.id, clinic))).statusCode).toBe(401);
    expect((await staff.get(`/api/guess-appt-type?passengerId=${passenger.id}`)).json().message).toBe('Missing destination id');
    expect((await partnerUser.get(url(passenger.id, clinic))).statusCode).toBe(403);
    expect((await staff.get(url(UNKNOWN, clinic))).statusCode).toBe(404);
  });
  it("answers the passenger's most frequent type at the destination, and nulls without history", async () => {
    expect((await staff.get(url(passenger.id, clinic))).json()).toEqual({ apptType: 'Dialysis', display: 'Dialysis', count: 3, of: 4 });
    expect((await staff.get(url(passenger.id, home))).json()).toEqual({ apptType: null, display: null, count: 0, of: 0 });
  });
});

describe('GET appt-to-see-options', () => {
  it('401 → 400 → 403, then whom passengers saw there, most visited first', async () => {
    expect((await new Browser(t.app).get(`/api/appt-to-see-options?locationId=${clinic}`)).statusCode).toBe(401);
    expect((await staff.get('/api/appt-to-see-options')).json().message).toBe('Missing location id');
    expect((await partnerUser.get(`/api/appt-to-see-options?locationId=${clinic}`)).statusCode).toBe(403);
    expect((await staff.get(`/api/appt-to-see-options?locationId=${clinic}`)).json()).toEqual([
      { name: 'Dr. Begay', visits: 2 },
      { name: 'Dr. Yazzie', visits: 1 },
    ]);
    expect((await staff.get(`/api/appt-to-see-options?locationId=${heart}`)).json()).toEqual([]);
  });
});

describe('GET guess-will-call-duration', () => {
  const url = (qs: string) => `/api/guess-will-call-duration?${qs}`;
  it('401 → 400 → 403 → 404', async () => {
    expect((await new Browser(t.app).get(url(`passengerId=${passenger.id}`))).statusCode).toBe(401);
    expect((await staff.get(url(''))).json().message).toBe('Missing passenger id');
    expect((await partnerUser.get(url(`passengerId=${passenger.id}`))).statusCode).toBe(403);
    expect((await staff.get(url(`passengerId=${UNKNOWN}`))).statusCode).toBe(404);
  });
  it('takes the median wait at the destination (cancelled trips left out), else by appointment type, else nulls', async () => {
    expect((await staff.get(url(`passengerId=${passenger.id}&destinationId=${clinic}`))).json()).toMatchObject({ seconds: 3.5 * 3600, samples: 3 });
    expect((await staff.get(url(`passengerId=${passenger.id}&destinationId=${clinic}&apptType=Dialysis`))).json()).toMatchObject({
      seconds: 3.5 * 3600,
      samples: 2,
      confidence: 0.2,
    });
    expect((await staff.get(url(`passengerId=${passenger.id}&destinationId=${home}&apptType=PT`))).json()).toMatchObject({ seconds: 4.5 * 3600, samples: 1 });
    expect((await staff.get(url(`passengerId=${passenger.id}&destinationId=${heart}`))).json()).toEqual({ seconds: null, confidence: null, samples: 0 });
  });
});

describe('GET on-time-rule-service', () => {
  const url = (p: string, b?: string) => `/api/on-time-rule-service?passengerId=${p}${b ? `&billToId=${b}` : ''}`;
  it('401 → 400 → 403 → 404', async () => {
    expect((await new Browser(t.app).get(url(passenger.id))).statusCode).toBe(401);
    expect((await staff.get(url('abc'))).statusCode).toBe(400);
    expect((await partnerUser.get(url(passenger.id))).statusCode).toBe(403);
    expect((await staff.get(url(UNKNOWN))).statusCode).toBe(404);
  });
  it("answers the passenger's rule, else the bill-to's (named or of the coverage), else the operator's", async () => {
    const p = await createContact(db.pool, { types: ['S/N Passenger'], username: null });
    expect((await staff.get(url(p.id))).json()).toEqual({ ...DEFAULT_ON_TIME_RULE, source: 'operator', billToId: null });
    const hospital = { pickupEarlyMinutes: 15, pickupLateMinutes: 5, arriveBeforeApptMinutes: 30 };
    await db.pool.query('update contacts set on_time_rule = $2 where id = $1', [billTo.id, JSON.stringify(hospital)]);
    expect((await staff.get(url(p.id, billTo.id))).json()).toEqual({ ...hospital, source: 'billTo', billToId: billTo.id });
    await db.pool.query(`insert into coverages (contact_id, bill_to_id, member_id) values ($1, $2, 'M1')`, [p.id, billTo.id]);
    expect((await staff.get(url(p.id))).json()).toMatchObject({ source: 'billTo', billToId: billTo.id });
    const own = { pickupEarlyMinutes: 0, pickupLateMinutes: 10, arriveBeforeApptMinutes: 20 };
    await db.pool.query('update contacts set on_time_rule = $2 where id = $1', [p.id, JSON.stringify(own)]);
    expect((await staff.get(url(p.id))).json()).toEqual({ ...own, source: 'passenger', billToId: billTo.id });
  });
});

describe('GET cancel-reasons with billToId', () => {
  it('leaves out reasons limited to other bill-tos; a reason limited to none applies to all', async () => {
    await db.pool.query(
      `insert into cancel_reason_bill_tos (cancel_reason_id, bill_to_id) select id, $1 from cancel_reasons where label = 'Weather'`,
      [otherBillTo.id],
    );
    const labels = async (qs: string) => (await staff.get(`/api/cancel-reasons${qs}`)).json().map((r: { label: string }) => r.label);
    expect(await labels('')).toContain('Weather');
    expect(await labels(`?billToId=${otherBillTo.id}`)).toContain('Weather');
    const forHospital = await labels(`?billToId=${billTo.id}`);
    expect(forHospital).not.toContain('Weather');
    expect(forHospital).toContain('Advance Notice');
    expect((await staff.get('/api/cancel-reasons?billToId=abc')).statusCode).toBe(400);
  });
});
