import { TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { auditRows, createPartner, createTrip, FUTURE, PAST, signIn, tripRow, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };
const done = (spec = {}) => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [withStats], ...spec });
const url = (trip: CreatedTrip, minutes: number | string, notes = 'Dialysis ran long') =>
  `/api/adjust-time?driveAssignmentId=${trip.id}&modCount=${trip.modCount}&minutes=${minutes}&notes=${encodeURIComponent(notes)}`;
const waitMinutes = async (id: string) => (await db.pool.query('select wait_time_minutes from drive_assignments where id = $1', [id])).rows[0].wait_time_minutes;

describe('POST /api/adjust-time', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).post(url(await done(), 10))).statusCode).toBe(401);
  });

  it('answers 400 for no minutes, zero, fractions and text', async () => {
    const trip = await done();
    expect((await partner.post(url(trip, 0))).json().message).toBe('Enter the extra wait time');
    expect((await partner.post(url(trip, '7.5'))).json().message).toBe('Use whole minutes');
    expect((await partner.post(url(trip, 'ten'))).json().message).toBe('minutes must be a number');
  });

  it('answers 403 to roles that do not adjust pay', async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post(url(await done(), 10))).statusCode).toBe(403);
  });

  it("answers 404 for another partner's trip and 409 for a stale modCount, changing nothing", async () => {
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST, accepted: true });
    let before = await tripRow(db.pool, theirs.id);
    expect((await partner.post(url(theirs, 10))).statusCode).toBe(404);
    expect(await tripRow(db.pool, theirs.id)).toEqual(before);
    const trip = await done();
    before = await tripRow(db.pool, trip.id);
    expect((await partner.post(url({ ...trip, modCount: trip.modCount + 1 }, 10))).statusCode).toBe(409);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('approves up to 30 minutes at once: the minutes are added to the trip, the request is recorded and audited', async () => {
    const trip = await done();
    const res = await partner.post(url(trip, 20));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(20), trip: { id: trip.id, modCount: trip.modCount + 1, outstandingAdjustments: 0 } });
    expect(await waitMinutes(trip.id)).toBe(20);
    const row = await tripRow(db.pool, trip.id);
    expect(row.activities).toEqual([expect.objectContaining({ action: 'WaitTime', status: 'Approved', number: 20, notes: 'Dialysis ran long', created_by: x.user.id })]);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id))[0].after).toEqual({ modCount: trip.modCount + 1, addedWaitMinutes: 20 });
  });

  it('sends more than 30 minutes in total to the operator: Pending, the pay status held at Open', async () => {
    const trip = await done({ partnerPayStatus: 'Pending' });
    await partner.post(url(trip, 20));
    const res = await partner.post(url({ ...trip, modCount: trip.modCount + 1 }, 15, ''));
    expect(res.json()).toMatchObject({
      status: 'Pending',
      message: TRIP_MSG.PENDING_CALL_DISPATCH,
      trip: { partnerPayStatus: 'Open', outstandingAdjustments: 1, modCount: trip.modCount + 2 },
    });
    expect(await waitMinutes(trip.id)).toBe(20);
    const activities = (await tripRow(db.pool, trip.id)).activities as Record<string, unknown>[];
    expect(activities.map((a) => [a.status, a.number])).toEqual([
      ['Approved', 20],
      ['Pending', 15],
    ]);
    const audit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit[1]).toMatchObject({ before: { partnerPayStatus: 'Pending' }, after: { partnerPayStatus: 'Open' } });
    // the pending request blocks rate accept until the operator reviews it
    const rate = await partner.post('/api/accept-rate', { driveAssignments: [{ id: trip.id, modCount: trip.modCount + 2 }] });
    expect(rate.json().failed[0].message).toBe(TRIP_MSG.FINALISE.adjustments);
  });

  it('denies Final, dry-run and cancelled trips, recording the request but leaving the trip as it was', async () => {
    const cases: [object, string][] = [
      [{ partnerPayStatus: 'Final' }, TRIP_MSG.WAIT_DENIED_FINAL],
      [{ dryRun: true }, TRIP_MSG.WAIT_DENIED_DRY_RUN],
      [{ canceled: true, cancelledWithCharge: true }, TRIP_MSG.WAIT_DENIED_CANCELLED],
    ];
    for (const [spec, message] of cases) {
      const trip = await done(spec);
      const res = await partner.post(url(trip, 10));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Denied', message, trip: { modCount: trip.modCount } });
      expect(await waitMinutes(trip.id)).toBe(0);
      expect(((await tripRow(db.pool, trip.id)).activities as Record<string, unknown>[]).map((a) => a.status)).toEqual(['Denied']);
      expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([]);
    }
  });

  it('refuses a locked trip and a trip that has not taken place, changing nothing', async () => {
    for (const [trip, message] of [
      [await done({ locked: true }), TRIP_MSG.NOT_EDITABLE],
      [await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true }), TRIP_MSG.WAIT_NOT_YET],
    ] as const) {
      const before = await tripRow(db.pool, trip.id);
      const res = await partner.post(url(trip, 10));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await tripRow(db.pool, trip.id)).toEqual(before);
    }
  });
});
