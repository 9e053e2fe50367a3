import { PORTAL_REQUEST_MSG, RES_MSG, type ScheduledTripRequest, type TripRequestPreview } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { countOf } from './reservation-helpers.ts';
import { createMember, portalRequestSetup, tripRequest, type PortalRequestSetup } from './portal-requests-factories.ts';
import { neverSentKeys } from './portal-trips-keys.ts';
import { auditRows, tripRow } from './trip-factories.ts';

let s: PortalRequestSetup;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY = '2026-11-25';

beforeAll(async () => {
  s = await portalRequestSetup();
});
afterAll(() => s.close());

const preview = (b: Browser, body: unknown) => b.post('/api/case-manager-trip-preview', body);
const schedule = (b: Browser, requestId: string) => b.post('/api/case-manager-trip-schedule', { requestId });
const paths = (res: { json: () => { details?: { path: string }[] } }) => (res.json().details ?? []).map((d) => d.path);


describe('POST case-manager-trip-preview', () => {
  it('answers 401, 400 with the fields to fix, 403 to a partner', async () => {
    const body = tripRequest(s.w.memberA, DAY);
    expect((await preview(new Browser(s.t.app), body)).statusCode).toBe(401);
    const bad = await preview(s.managerA, { ...body, passenger: 'Rosa', serviceDate: 'soon', apptType: '' });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(expect.arrayContaining(['passenger', 'serviceDate', 'apptType']));
    expect((await preview(s.partner, body)).statusCode).toBe(403);
  });

  it('refuses what the portal may not request, naming the field: Stretcher, a day outside the window, an address not on file', async () => {
    const stretcher = await preview(s.managerA, tripRequest(s.w.memberA, DAY, { serviceTypeCode: '05' }));
    expect(stretcher.statusCode).toBe(400);
    expect(stretcher.json().details).toEqual([{ path: 'serviceTypeCode', message: PORTAL_REQUEST_MSG.SERVICE_TYPE_NOT_OFFERED }]);
    const today = await preview(s.managerA, tripRequest(s.w.memberA, '2026-11-22'));
    expect(today.json()).toMatchObject({ message: 'The earliest date you can request is Monday, November 23' });
    const late = await preview(s.managerA, tripRequest(s.w.memberA, '2026-12-23'));
    expect(late.json()).toMatchObject({ message: 'The latest date you can request is Tuesday, December 22' });
    const foreign = await preview(s.managerA, tripRequest(s.w.memberA, DAY, { locationSecond: { id: s.w.memberB.homeId } }));
    expect(foreign.json().details).toEqual([{ path: 'locationSecond.id', message: PORTAL_REQUEST_MSG.ADDRESS_NOT_OFFERED }]);
    const times = await preview(s.managerA, tripRequest(s.w.memberA, DAY, { apptTime: null, pickupTime: '11:00:00', dropoffTime: '10:00:00' }));
    expect(times.json().details).toEqual([{ path: 'dropoffTime', message: RES_MSG.PICKUP_AFTER_DROPOFF }]);
  });

  it("answers 404 for another account's member, a missing one, or another passenger, and holds nothing", async () => {
    const held = await countOf(s.db.pool, 'trip_requests');
    expect((await preview(s.managerB, tripRequest(s.w.memberA, DAY))).statusCode).toBe(404);
    expect((await preview(s.managerA, { ...tripRequest(s.w.memberA, DAY), passenger: UNKNOWN })).statusCode).toBe(404);
    expect((await preview(s.rider, tripRequest(s.w.memberA, DAY))).statusCode).toBe(404);
    expect(await countOf(s.db.pool, 'trip_requests')).toBe(held);
  });

  it('refuses a contact who is not listed as a passenger (rule 96)', async () => {
    const clinic = await createMember(s.db.pool, s.w.billToA.id, { name: 'Front Desk', memberId: 'VH-9001', types: ['Facility'] });
    const res = await preview(s.managerA, tripRequest(clinic, DAY));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'passenger', message: RES_MSG.NOT_A_PASSENGER }]);
  });

  it('asks to confirm stops more than 300 km apart, and accepts them once confirmed', async () => {
    const far = tripRequest(s.w.memberA, DAY, { apptTime: null, pickupTime: '06:00:00', locationSecond: { text: '1437 Bannock St, Denver, CO 80202' } });
    const res = await preview(s.managerA, far);
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toEqual(['farConfirmed']);
    expect(res.json().message).toMatch(/^The pickup and destination are \d+ km apart \(more than 300 km\)\./);
    const confirmed = await preview(s.managerA, { ...far, farConfirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as TripRequestPreview).distanceMeters).toBeGreaterThan(300_000);
  });

  it('answers the estimated times, distance and a requestId, writes no trip, and sends no staff-only field', async () => {
    const trips = await countOf(s.db.pool, 'drive_assignments');
    const addresses = await countOf(s.db.pool, 'addresses');
    const res = await preview(s.managerA, tripRequest(s.w.memberA, DAY, { locationSecond: { text: '1101 Medical Arts Ave NE, Albuquerque, NM 87106' } }));
    expect(res.statusCode).toBe(200);
    const p = res.json() as TripRequestPreview;
    expect(p).toMatchObject({ serviceDate: DAY, apptTime: '10:00:00', apptType: 'Medical', willCall: false, warnings: [] });
    expect(p.distanceMeters).toBeGreaterThan(0);
    // the pickup is worked back from the 10:00 appointment, on a 5-minute boundary, and arrives in time
    expect(p.estimatedPickupTime).toMatch(/^09:[0-5][05]:00$/);
    expect(p.estimatedDropoffTime! <= '10:00:00').toBe(true);
    expect(new Date(p.expiresAt).getTime() - s.t.clock.now().getTime()).toBe(30 * 60_000);
    expect(await countOf(s.db.pool, 'drive_assignments')).toBe(trips);
    expect(await countOf(s.db.pool, 'addresses')).toBe(addresses);
    expect(await auditRows(s.db.pool, 'trip_requests', p.requestId)).toEqual([expect.objectContaining({ activity_type: 'trip-request-preview', actor_id: s.w.managerA.id })]);
    expect(neverSentKeys(p)).toEqual([]);
  });
});

describe('POST case-manager-trip-schedule', () => {
  const previewed = async (b: Browser, body: unknown) => {
    const res = await preview(b, body);
    if (res.statusCode !== 200) throw new Error(res.body);
    return (res.json() as TripRequestPreview).requestId;
  };

  it("answers 401, 400 without a request id, 403 to a s.partner, 404 for another user's request, writing nothing", async () => {
    const requestId = await previewed(s.managerA, tripRequest(s.w.memberA, DAY));
    expect((await schedule(new Browser(s.t.app), requestId)).statusCode).toBe(401);
    expect((await s.managerA.post('/api/case-manager-trip-schedule', { requestId: 'first' })).statusCode).toBe(400);
    expect((await schedule(s.partner, requestId)).statusCode).toBe(403);
    const trips = await countOf(s.db.pool, 'drive_assignments');
    expect((await schedule(s.managerB, requestId)).statusCode).toBe(404);
    expect((await schedule(s.managerA, UNKNOWN)).statusCode).toBe(404);
    expect(await countOf(s.db.pool, 'drive_assignments')).toBe(trips);
    expect((await s.db.pool.query('select drive_assignment_id from trip_requests where id = $1', [requestId])).rows[0].drive_assignment_id).toBeNull();
  });

  it("writes the trip as requested by the user on the case manager's account, with its audit rows, and answers it as the portal sees it", async () => {
    const requestId = await previewed(s.managerA, tripRequest(s.w.memberA, DAY, { serviceTypeCode: '03' }));
    const res = await schedule(s.managerA, requestId);
    expect(res.statusCode).toBe(200);
    const done = res.json() as ScheduledTripRequest;
    expect(done).toMatchObject({ requestId, status: 'Pending', trip: { id: done.daId, referenceNumber: done.referenceNumber, serviceDate: DAY, requestedBy: 'Ana Manager', serviceTypeRequested: '03' } });
    expect(done.trip.tripLegs).toHaveLength(1);
    expect(neverSentKeys(done)).toEqual([]);
    const row = await tripRow(s.db.pool, done.daId);
    expect(row).toMatchObject({ bill_to_contact_id: s.w.billToA.id, requested_by: 'Ana Manager', created_by: s.w.managerA.id, will_call: false });
    expect((row.legs as { status: string; passenger_id: string }[]).map((l) => [l.status, l.passenger_id])).toEqual([['Pending', s.w.memberA.id]]);
    expect((await auditRows(s.db.pool, 'drive_assignments', done.daId)).map((a) => [a.activity_type, a.actor_id])).toEqual([['reservation-create', s.w.managerA.id]]);
    // the case manager sees it among its trips; the other account does not
    expect((await s.managerA.get(`/api/drive-assignments?id=${done.daId}`)).statusCode).not.toBe(404);
  });

  it('writes one trip for a request scheduled twice at once, and answers the same trip again later', async () => {
    const requestId = await previewed(s.rider, tripRequest(s.w.rider, DAY, { willCall: true, apptTime: null }));
    const trips = await countOf(s.db.pool, 'drive_assignments');
    const [a, b] = await Promise.all([schedule(s.rider, requestId), schedule(s.rider, requestId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().daId).toBe(b.json().daId);
    expect(a.json()).toMatchObject({ status: 'WillCall', trip: { willCall: true } });
    expect(await countOf(s.db.pool, 'drive_assignments')).toBe(trips + 1);
    expect((await schedule(s.rider, requestId)).json().daId).toBe(a.json().daId);
    expect(neverSentKeys(a.json())).toEqual([]);
  });

  it('answers 409 for a request older than 30 minutes, and writes nothing', async () => {
    const requestId = await previewed(s.staff, tripRequest(s.w.memberB, DAY));
    const trips = await countOf(s.db.pool, 'drive_assignments');
    // held from 30 minutes ago: it ran out just now
    await s.db.pool.query(`update trip_requests set created_at = $2::timestamptz - interval '30 minutes', expires_at = $2 where id = $1`, [requestId, s.t.clock.now()]);
    const res = await schedule(s.staff, requestId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PORTAL_REQUEST_MSG.EXPIRED);
    expect(await countOf(s.db.pool, 'drive_assignments')).toBe(trips);
  });
});
