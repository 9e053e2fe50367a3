import { RES_MSG, type ReservationDetail, type ReservationSaveResult } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { booking, countOf, createPassenger, divisionWithCounties, outbound } from './reservation-helpers.ts';
import { auditRows, createPartner, createTrip, FUTURE, signIn, tripRow } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let admin: Browser;
let affiliate: Browser;
let caseManager: Browser;
let rider: Awaited<ReturnType<typeof createPassenger>>;
let trip: ReservationDetail;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await divisionWithCounties(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  admin = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], adminAccess: true }));
  affiliate = await signIn(t.app, (await createPartner(db.pool)).user);
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
  rider = await createPassenger(db.pool);
  // a coverage failure is overridden by whoever authorised the booking (no plan forbids it)
  const res = await staff.post('/api/drive-assignments-detailed', booking([outbound(rider.id, rider.homeId, { apptType: 'Dialysis' })], { authorizedBy: 'Dr. Lee' }));
  expect(res.statusCode).toBe(200);
  const saved = res.json() as ReservationSaveResult;
  expect(saved.warnings.length).toBeGreaterThan(0);
  expect(saved.trip).toMatchObject({ authorizedBy: 'Dr. Lee', authorized: true });
  trip = saved.trip;
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

/** 401 without a session, 403 for an Affiliate and a Case Manager. */
async function staffOnly(method: 'GET' | 'POST', url: string, body?: unknown) {
  expect((await new Browser(t.app).request(method, url, { body })).statusCode).toBe(401);
  for (const other of [affiliate, caseManager]) expect((await other.request(method, url, { body })).statusCode).toBe(403);
}

describe('POST trip-leg-web-fields', () => {
  const url = '/api/trip-leg-web-fields';
  it('answers 401, 400, 403, 404 and 409, changing nothing', async () => {
    const leg = trip.tripLegs[0];
    await staffOnly('POST', url, { tripLegId: leg.id, modCount: trip.modCount, webFields: {} });
    expect((await staff.post(url, { tripLegId: leg.id, modCount: trip.modCount, webFields: { timePriority: 'Soon' } })).statusCode).toBe(400);
    expect((await staff.post(url, { tripLegId: UNKNOWN, modCount: 0, webFields: {} })).statusCode).toBe(404);
    const before = await tripRow(db.pool, trip.id);
    const stale = await staff.post(url, { tripLegId: leg.id, modCount: trip.modCount + 5, webFields: { timePriority: 'PickupTime' } });
    expect(stale.statusCode).toBe(409);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("merges the leg's planning fields, bumps modCount and audits before and after", async () => {
    const leg = trip.tripLegs[0];
    const res = await staff.post(url, { tripLegId: leg.id, modCount: trip.modCount, webFields: { timePriority: 'PickupTime', apptDurationEstimate: 45 } });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as ReservationDetail;
    expect(saved.modCount).toBe(trip.modCount + 1);
    expect(saved.tripLegs[0].webFields).toMatchObject({ timePriority: 'PickupTime', apptDurationEstimate: 45 });
    expect((await auditRows(db.pool, 'trip_legs', leg.id)).at(-1)).toMatchObject({
      activity_type: 'leg-web-fields',
      before: { webFields: { timePriority: 'ApptTime' } },
      after: { webFields: { timePriority: 'PickupTime', apptDurationEstimate: 45 } },
    });
    trip = saved;
  });

  it('refuses a Final trip', async () => {
    const final = await createTrip(db.pool, { serviceDate: FUTURE, partnerPayStatus: 'Final' });
    const res = await staff.post(url, { tripLegId: final.legIds[0], modCount: final.modCount, webFields: { timePriority: 'Flexible' } });
    expect(res.json()).toMatchObject({ message: RES_MSG.FINALIZED });
  });
});

describe('POST drive-assignment-add-assistant-transient', () => {
  const url = '/api/drive-assignment-add-assistant-transient';
  const leg = () => outbound(rider.id, rider.homeId);
  it('answers 401, 400 and 403', async () => {
    await staffOnly('POST', url, { tripLeg: leg(), whichLeg: 'B' });
    expect((await staff.post(url, { tripLeg: leg(), whichLeg: 'b2' })).statusCode).toBe(400);
    const unknownBillTo = await staff.post(url, { tripLeg: leg(), whichLeg: 'B', billToId: UNKNOWN });
    expect(unknownBillTo.json()).toMatchObject({ message: RES_MSG.UNKNOWN_BILL_TO, details: [{ path: 'billToId' }] });
  });

  it('answers an assistant leg (06, no passenger, the bill-to given) and stores nothing', async () => {
    const billTo = await createContact(db.pool, { types: ['Bill To'], username: null });
    const counts = [await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'addresses'), await countOf(db.pool, 'audit_log')];
    const res = await staff.post(url, { tripLeg: leg(), whichLeg: 'B', billToId: billTo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: null, whichLeg: 'B', serviceCode: '06', passengerId: null, billToContactId: billTo.id, apptTime: '10:00:00' });
    expect([await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'addresses'), await countOf(db.pool, 'audit_log')]).toEqual(counts);
  });
});

describe('POST da-override-create-timestamp', () => {
  const url = '/api/da-override-create-timestamp';
  it('answers 401, 400, 403 to staff who are not administrators, and 404', async () => {
    const body = { referenceNumber: trip.referenceNumber, createdOverride: '2026-11-01T09:00:00-07:00' };
    await staffOnly('POST', url, body);
    expect((await staff.post(url, body)).statusCode).toBe(403);
    expect((await admin.post(url, { ...body, createdOverride: 'yesterday' })).statusCode).toBe(400);
    expect((await admin.post(url, { ...body, referenceNumber: '0' })).statusCode).toBe(404);
  });

  it("sets the override (keeping the real created time), bumps modCount and audits it", async () => {
    const res = await admin.post(url, { referenceNumber: trip.referenceNumber, createdOverride: '2026-11-01T09:00:00-07:00' });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as ReservationDetail;
    expect(new Date(saved.createdOverride as string).toISOString()).toBe('2026-11-01T16:00:00.000Z');
    expect(saved.createdAt).toBe(trip.createdAt);
    expect(saved.modCount).toBe(trip.modCount + 1);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({ activity_type: 'created-override', before: { createdOverride: null } });
    trip = saved;
  });
});

describe('GET reservation-requests', () => {
  it('answers 401, 400, 403 and 404, then the booking and each save with who asked', async () => {
    const url = `/api/reservation-requests?referenceNumber=${trip.referenceNumber}`;
    await staffOnly('GET', url);
    expect((await staff.get('/api/reservation-requests')).statusCode).toBe(400);
    expect((await staff.get('/api/reservation-requests?referenceNumber=0')).statusCode).toBe(404);
    const res = await staff.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ kind: 'create', requestedBy: expect.any(String), request: expect.objectContaining({ authorizedBy: 'Dr. Lee' }) })]);
  });
});
