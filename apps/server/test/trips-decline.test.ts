import { TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import {
  auditRows,
  createDriver,
  createPartner,
  createReasons,
  createTrip,
  FUTURE,
  PAST,
  signIn,
  tripRow,
  type CreatedTrip,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const url = (trip: CreatedTrip, extra = '') => `/api/decline?driveAssignmentId=${trip.id}&modCount=${trip.modCount}&localTimestamp=2026-11-22T07:55:00-07:00${extra}`;
const future = () => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });

/** Declines and expects a 400 with the message, with the trip left exactly as it was. */
async function refused(b: Browser, trip: CreatedTrip, message: string, extra = '') {
  const before = await tripRow(db.pool, trip.id);
  const res = await b.post(url(trip, extra), { reason: 'No Availability' });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
  expect(await tripRow(db.pool, trip.id)).toEqual(before);
}

describe('POST /api/decline', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).post(url(await future()), { reason: 'Other' })).statusCode).toBe(401);
  });

  it('answers 400 without a trip, a modCount or a reason, and for a reason that is not on the list', async () => {
    const trip = await future();
    expect((await partner.post('/api/decline?modCount=0', { reason: 'Other' })).json().message).toBe('driveAssignmentId is required');
    expect((await partner.post(`/api/decline?driveAssignmentId=${trip.id}`, { reason: 'Other' })).json().message).toBe('modCount is required');
    const blank = await partner.post(url(trip), { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TRIP_MSG.DECLINE_REASON_REQUIRED);
    const unknown = await partner.post(url(trip), { reason: 'Tired' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: TRIP_MSG.UNKNOWN_DECLINE_REASON, details: [{ path: 'reason' }] });
    expect((await partner.post(url(trip, '&developerMode=perhaps'), { reason: 'Other' })).statusCode).toBe(400);
  });

  it('answers 403 to other roles and to a partner asking for developer mode; developerMode=false is no request', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post(url(trip), { reason: 'Other' })).statusCode).toBe(403);
    const before = await tripRow(db.pool, trip.id);
    expect((await partner.post(url(trip, '&developerMode=true'), { reason: 'Other' })).statusCode).toBe(403);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
    await refused(partner, trip, TRIP_MSG.ALREADY_OCCURRED, '&developerMode=false');
  });

  it("answers 404 for another partner's trip and changes nothing", async () => {
    const trip = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE });
    const before = await tripRow(db.pool, trip.id);
    expect((await partner.post(url(trip), { reason: 'Other' })).statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('answers 409 for a stale modCount and changes nothing', async () => {
    const trip = await future();
    const before = await tripRow(db.pool, trip.id);
    const res = await partner.post(url({ ...trip, modCount: trip.modCount + 1 }), { reason: 'Other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().current.id).toBe(trip.id);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('refuses with the exact texts: declined, accepted or with a driver, not editable, already occurred', async () => {
    await refused(partner, await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, declined: true }), TRIP_MSG.ALREADY_DECLINED);
    await refused(partner, await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true }), TRIP_MSG.CALL_DISPATCH_TO_DECLINE);
    const driver = await createDriver(db.pool, x.partner.id);
    await refused(partner, await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, driverId: driver.id }), TRIP_MSG.CALL_DISPATCH_TO_DECLINE);
    await refused(partner, await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, locked: true }), TRIP_MSG.NOT_EDITABLE);
    await refused(partner, await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST }), TRIP_MSG.ALREADY_OCCURRED);
  });

  it('declines: declined and deleted, the reason (given by alias) kept as a partner activity, audited, still on the day list', async () => {
    const trip = await future();
    const res = await partner.post(url(trip), { reason: 'fully booked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trip.id, declined: true, deleted: true, modCount: trip.modCount + 1 });
    const row = await tripRow(db.pool, trip.id);
    expect(row.activities).toEqual([
      expect.objectContaining({ action: 'Decline', status: 'Recorded', reason: 'No Availability', created_by: x.user.id, partner_id: x.partner.id }),
    ]);
    const [audit] = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit).toMatchObject({
      activity_type: 'decline',
      actor_id: x.user.id,
      before: { declined: false, deleted: false },
      after: { declined: true, deleted: true, reason: 'No Availability', localTimestamp: '2026-11-22T07:55:00-07:00' },
    });
    expect(await auditRows(db.pool, 'partner_activities', (row.activities as { id: string }[])[0].id)).toHaveLength(1);
    const day = (await partner.get(`/api/drive-assignments?serviceDate=${FUTURE}`)).json();
    expect(day.rows.find((r: { id: string }) => r.id === trip.id)).toMatchObject({ declined: true, outstandingAdjustments: 0 });
  });

  it('developer mode lets staff decline a trip that already occurred', async () => {
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    await refused(staff, trip, TRIP_MSG.ALREADY_OCCURRED);
    const res = await staff.post(url(trip, '&developerMode=true'), { reason: 'Other' });
    expect(res.statusCode).toBe(200);
    expect(res.json().declined).toBe(true);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id))[0].after.developerMode).toBe(true);
  });

  it('developer mode lets staff impersonating a partner decline a trip that already occurred; the audit row names the staff member', async () => {
    const s = await createContact(db.pool, { types: ['SecureEmployee'] });
    const b = await signIn(t.app, s);
    expect((await b.get(`/api/su?id=${x.user.id}`)).statusCode).toBe(200);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    await refused(b, trip, TRIP_MSG.ALREADY_OCCURRED);
    const res = await b.post(url(trip, '&developerMode=true'), { reason: 'Other' });
    expect(res.statusCode).toBe(200);
    expect(res.json().declined).toBe(true);
    const [audit] = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit).toMatchObject({ activity_type: 'decline', actor_id: x.user.id, impersonator_id: s.id, after: { developerMode: true } });
  });
});

describe('POST and GET /api/declined-trips (a request the operator declined)', () => {
  const summary = { serviceDate: FUTURE, passengerName: 'Ada Lovato', pickupAddress: '100 Central Ave SW', dropoffAddress: 'Dialysis Center', pickupTime: '09:00:00', serviceType: '03' };

  it('answers 401, 400, 403 (partner, case manager), writing nothing', async () => {
    const count = async () => (await db.pool.query('select count(*)::int as n from trip_declines')).rows[0].n;
    const before = await count();
    expect((await new Browser(t.app).post('/api/declined-trips', { trip: summary, reason: 'No wheelchair van free' })).statusCode).toBe(401);
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    expect((await staff.post('/api/declined-trips', { trip: summary, reason: ' ' })).json().message).toBe('Say why the trip was declined');
    expect((await staff.post('/api/declined-trips', { trip: {}, reason: 'Full' })).json()).toMatchObject({ message: 'Describe the trip that was declined', details: [{ path: 'trip' }] });
    expect((await partner.post('/api/declined-trips', { trip: summary, reason: 'Full' })).statusCode).toBe(403);
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post('/api/declined-trips', { trip: summary, reason: 'Full' })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('logs the unsaved trip with the reason, audited, readable by id; a partner decline reads the same way', async () => {
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], name: 'Dana Dispatch' }));
    const res = await staff.post('/api/declined-trips', { trip: summary, reason: 'No wheelchair van free' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ driveAssignmentId: null, reason: 'No wheelchair van free', trip: summary, enteredByName: 'Dana Dispatch', onBehalf: false });
    const id = res.json().id;
    expect(await auditRows(db.pool, 'trip_declines', id)).toEqual([expect.objectContaining({ activity_type: 'declined-trip-log' })]);
    expect((await staff.get(`/api/declined-trips?id=${id}`)).json()).toEqual(res.json());
    expect((await partner.get(`/api/declined-trips?id=${id}`)).statusCode).toBe(403);
    expect((await staff.get('/api/declined-trips?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staff.get('/api/declined-trips?id=nope')).statusCode).toBe(404);

    const trip = await future();
    await partner.post(url(trip), { reason: 'No Availability' });
    const row = (await db.pool.query('select id from trip_declines where drive_assignment_id = $1', [trip.id])).rows[0];
    expect((await staff.get(`/api/declined-trips?id=${row.id}`)).json()).toMatchObject({ driveAssignmentId: trip.id, referenceNumber: trip.referenceNumber, reason: 'No Availability', trip: null });
  });
});
