import { PHARMACY_MSG, TRIP_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact } from './factories.ts';
import { auditRows, createTrip, FUTURE, signIn, tripRow, type CreatedTrip } from './trip-factories.ts';

const world = staffWorld();

const location = { name: 'Corner Pharmacy', address: '200 Lomas Blvd NE, Albuquerque, NM 87102', lat: 35.09, lng: -106.64 };
const body = (trip: CreatedTrip, over = {}) => ({ driveAssignmentId: trip.id, location, time1: '10:00:00', time2: '10:20:00', notes: 'Refill ready at 10', createWait: true, ...over });

async function unchanged(trip: CreatedTrip, call: () => Promise<{ statusCode: number; json(): { message: string } }>, status: number, message?: string) {
  const before = await tripRow(world.db.pool, trip.id);
  const res = await call();
  expect(res.statusCode).toBe(status);
  if (message) expect(res.json().message).toBe(message);
  expect(await tripRow(world.db.pool, trip.id)).toEqual(before);
}

describe('POST /api/pharmacy-add', () => {
  it('answers 401, 400 (no location or time), 403 (partner, case manager), 404, changing nothing', async () => {
    const trip = await createTrip(world.db.pool, { partnerId: world.x.partner.id, serviceDate: FUTURE });
    await unchanged(trip, () => new Browser(world.t.app).post('/api/pharmacy-add', body(trip)), 401);
    for (const missing of [{ location: null }, { time1: null }, { time2: undefined }, { location: { address: ' ' } }]) {
      await unchanged(trip, () => world.staff.post('/api/pharmacy-add', body(trip, missing)), 400, PHARMACY_MSG.MISSING);
    }
    await unchanged(trip, () => world.staff.post('/api/pharmacy-add', body(trip, { time2: '09:59:00' })), 400, PHARMACY_MSG.TIME_ORDER);
    await unchanged(trip, async () => (await signIn(world.t.app, world.x.user)).post('/api/pharmacy-add', body(trip)), 403);
    await unchanged(trip, async () => (await signIn(world.t.app, await createContact(world.db.pool, { types: ['Case Manager'] }))).post('/api/pharmacy-add', body(trip)), 403);
    expect((await world.staff.post('/api/pharmacy-add', { ...body(trip), driveAssignmentId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('refuses a Final trip and a wait leg on a will-call trip', async () => {
    const final = await createTrip(world.db.pool, { partnerPayStatus: 'Final' });
    await unchanged(final, () => world.staff.post('/api/pharmacy-add', body(final)), 400, TRIP_MSG.FINALIZED_READ_ONLY);
    const willCall = await createTrip(world.db.pool, { willCall: true, serviceDate: FUTURE, legs: [{ pickup: '23:59:00', dropoff: '23:59:00', status: 'WillCall' }] });
    await unchanged(willCall, () => world.staff.post('/api/pharmacy-add', body(willCall)), 400, PHARMACY_MSG.WILL_CALL_WAIT);
  });

  it('waits for review as a Pending partner activity; approval makes the stop legs', async () => {
    const trip = await createTrip(world.db.pool, { partnerId: world.x.partner.id, serviceDate: FUTURE });
    const res = await world.staff.post('/api/pharmacy-add', body(trip));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Pharmacy stop has been submitted for review.', activity: { action: 'PharmacyStop', status: 'Pending', notes: 'Refill ready at 10' } });
    const activityId = res.json().activity.id;
    expect(await auditRows(world.db.pool, 'partner_activities', activityId)).toEqual([expect.objectContaining({ activity_type: 'pharmacy-add' })]);
    expect((await tripRow(world.db.pool, trip.id)).legs).toHaveLength(1);

    const fresh = (await world.staff.get(`/api/drive-assignments?id=${trip.id}`)).json().rows[0];
    expect(fresh.outstandingAdjustments).toBe(1);
    const approved = await world.staff.post('/api/partner-monitor', { activityId, status: 'Approved', note: 'Fine' });
    expect(approved.statusCode).toBe(200);
    const legs = approved.json().trip.tripLegs;
    expect(legs.map((l: Record<string, unknown>) => [l.locFirstAction, l.locFirstTimeOrd, l.locSecondTimeOrd])).toEqual([
      ['PU', '09:00:00', '10:00:00'],
      ['WT', '10:00:00', '10:20:00'],
      ['PU', '10:20:00', null],
    ]);
    expect(legs[0].locationSecond.Address).toContain('200 Lomas Blvd NE');
    expect(legs[2].locationFirst.Address).toContain('200 Lomas Blvd NE');
    expect(approved.json().trip.returnType).toBe('Wait And Return');
    expect((await auditRows(world.db.pool, 'trip_legs', trip.legIds[0])).map((r) => r.activity_type)).toEqual(['pharmacy-stop']);
  });

  it('a denied stop changes no leg', async () => {
    const trip = await createTrip(world.db.pool, { partnerId: world.x.partner.id, serviceDate: FUTURE });
    const res = await world.staff.post('/api/pharmacy-add', body(trip, { createWait: false }));
    const denied = await world.staff.post('/api/partner-monitor', { activityId: res.json().activity.id, status: 'Denied' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().trip.tripLegs).toHaveLength(1);
  });
});
