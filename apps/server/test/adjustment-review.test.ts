import { REVIEW_MSG, TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createBillTo, createRate } from './rate-factories.ts';
import { auditRows, createPartner, createTrip, PAST, signIn, tripRow, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let partner: Browser;
let staff: Browser;
let staffId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  const dispatcher = await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
  staffId = dispatcher.id;
  staff = await signIn(t.app, dispatcher);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };

/** A past, accepted trip with stats and one wait-time request of 45 minutes awaiting review. */
async function pendingWait(spec = {}): Promise<{ trip: CreatedTrip; activityId: string }> {
  const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [withStats], ...spec });
  const res = await partner.post(`/api/adjust-time?driveAssignmentId=${trip.id}&modCount=${trip.modCount}&minutes=45&notes=Dialysis%20ran%20long`);
  expect(res.json().status).toBe('Pending');
  const { rows } = await db.pool.query(`select id from partner_activities where drive_assignment_id = $1 and status = 'Pending'`, [trip.id]);
  return { trip: { ...trip, modCount: trip.modCount + 1 }, activityId: rows[0].id };
}

const review = (who: Browser, body: unknown) => who.post('/api/partner-monitor', body);
const waitMinutes = async (id: string) => (await db.pool.query('select wait_time_minutes from drive_assignments where id = $1', [id])).rows[0].wait_time_minutes;
const deliveriesOf = async (recipientId: string) =>
  (await db.pool.query('select message from notification_deliveries where recipient_id = $1 order by created desc', [recipientId])).rows;

describe('POST /api/partner-monitor (reviewing adjustment requests)', () => {
  it('answers 401 without a session', async () => {
    const { activityId } = await pendingWait();
    expect((await review(new Browser(t.app), { activityId, status: 'Approved' })).statusCode).toBe(401);
  });

  it('answers 400 with a readable message for a missing request, a wrong decision and a note too long, changing nothing', async () => {
    const { trip, activityId } = await pendingWait();
    const before = await tripRow(db.pool, trip.id);
    expect((await review(staff, { status: 'Approved' })).json().message).toBe(REVIEW_MSG.ACTIVITY_REQUIRED);
    expect((await review(staff, { activityId, status: 'Maybe' })).json().message).toBe(REVIEW_MSG.DECISION);
    expect((await review(staff, { activityId })).json().message).toBe(REVIEW_MSG.DECISION);
    const long = await review(staff, { activityId, status: 'Denied', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(REVIEW_MSG.NOTE_TOO_LONG);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('answers 403 to partners, who may not review their own requests, and 404 for an unknown request', async () => {
    const { trip, activityId } = await pendingWait();
    const before = await tripRow(db.pool, trip.id);
    expect((await review(partner, { activityId, status: 'Approved' })).statusCode).toBe(403);
    const unknown = await review(staff, { activityId: '00000000-0000-4000-8000-000000000000', status: 'Approved' });
    expect(unknown.statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("approves a wait time: the minutes join the trip's pay, the pay status leaves Open, the partner can finalise and is told", async () => {
    // the partner's rate pays $40 a leg and $0.50 a wait minute: rate accept needs a rate
    const billTo = await createBillTo(db.pool);
    await createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, amounts: { addWaitTime: 0.5 } });
    const { trip, activityId } = await pendingWait({ billToId: billTo.id });
    expect((await tripRow(db.pool, trip.id)).partner_pay_status).toBe('Open');
    const res = await review(staff, { activityId, status: 'Approved', note: 'Confirmed with the clinic' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      activity: { id: activityId, status: 'Approved', resolvedByName: expect.any(String), notes: 'Dialysis ran long\nOperator: Confirmed with the clinic' },
      trip: { id: trip.id, partnerPayStatus: 'Pending', outstandingAdjustments: 0, modCount: trip.modCount + 1 },
    });
    expect(await waitMinutes(trip.id)).toBe(45);
    const activity = (await tripRow(db.pool, trip.id)).activities as Record<string, unknown>[];
    expect(activity[0]).toMatchObject({ status: 'Approved', resolved_by: staffId });
    expect((await auditRows(db.pool, 'partner_activities', activityId)).at(-1)).toMatchObject({
      activity_type: 'adjustment-review',
      actor_id: staffId,
      before: { status: 'Pending' },
      after: { status: 'Approved', note: 'Confirmed with the clinic' },
    });
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({
      activity_type: 'adjustment-review',
      before: { partnerPayStatus: 'Open' },
      after: { partnerPayStatus: 'Pending', addedWaitMinutes: 45 },
    });
    expect((await deliveriesOf(x.user.id))[0].message).toMatchObject({
      type: 'toastr',
      title: 'Request approved',
      body: `45 min of wait time on trip ${trip.referenceNumber} was approved. Confirmed with the clinic`,
    });
    expect((await tripRow(db.pool, trip.id)).farmout_rate).toBe(40 + 45 * 0.5);
    // nothing is left for the operator: rate accept goes through
    const rate = await partner.post('/api/accept-rate', { driveAssignments: [{ id: trip.id, modCount: trip.modCount + 1 }] });
    expect(rate.json()).toMatchObject({ accepted: [{ id: trip.id, partnerPayStatus: 'Final' }], failed: [] });
  });

  it('denies without a note (spec 2 §4: the note is optional): closed, audited, the partner told, the pay unchanged', async () => {
    for (const body of [{}, { note: '   ' }]) {
      const { trip, activityId } = await pendingWait();
      const res = await review(staff, { activityId, status: 'Denied', ...body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        activity: { id: activityId, status: 'Denied', notes: 'Dialysis ran long' },
        trip: { partnerPayStatus: 'Pending', outstandingAdjustments: 0, modCount: trip.modCount + 1 },
      });
      expect(await waitMinutes(trip.id)).toBe(0);
      expect((await tripRow(db.pool, trip.id)).activities).toEqual([
        expect.objectContaining({ id: activityId, status: 'Denied', resolved_by: staffId, notes: 'Dialysis ran long' }),
      ]);
      expect((await auditRows(db.pool, 'partner_activities', activityId)).at(-1)).toMatchObject({
        activity_type: 'adjustment-review',
        actor_id: staffId,
        before: { status: 'Pending' },
        after: { status: 'Denied', note: null },
      });
      // the test clock stands still, so this trip's notification is found by its trip, not its time
      const told = (await deliveriesOf(x.user.id)).filter((d) => d.message.options?.tripId === trip.id);
      expect(told.map((d) => d.message)).toEqual([
        { type: 'toastr', title: 'Request denied', body: `45 min of wait time on trip ${trip.referenceNumber} was denied.`, options: { tripId: trip.id } },
      ]);
    }
  });

  it('denies with a note: the trip keeps its pay, the request is closed', async () => {
    const { trip, activityId } = await pendingWait();
    const res = await review(staff, { activityId, status: 'Denied', note: 'The appointment ended on time' });
    expect(res.json()).toMatchObject({ activity: { status: 'Denied' }, trip: { partnerPayStatus: 'Pending', outstandingAdjustments: 0 } });
    expect(await waitMinutes(trip.id)).toBe(0);
  });

  it('keeps the pay status Open while another request still waits', async () => {
    const { trip, activityId } = await pendingWait();
    await db.pool.query(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, amount, reason) values ($1, $2, 'Expense', 'Pending', 12.5, 'Tolls')`,
      [trip.id, x.partner.id],
    );
    const res = await review(staff, { activityId, status: 'Approved' });
    expect(res.json().trip).toMatchObject({ partnerPayStatus: 'Open', outstandingAdjustments: 1 });
  });

  it('answers 409 when the request was already reviewed, changing nothing', async () => {
    const { trip, activityId } = await pendingWait();
    await review(staff, { activityId, status: 'Approved' });
    const before = await tripRow(db.pool, trip.id);
    const again = await review(staff, { activityId, status: 'Denied', note: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REVIEW_MSG.alreadyReviewed('Approved'), current: { id: activityId, status: 'Approved' } });
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('refuses a recorded decline and a Final trip with 400, changing nothing', async () => {
    const { trip, activityId } = await pendingWait();
    await db.pool.query(`update drive_assignments set partner_pay_status = 'Final' where id = $1`, [trip.id]);
    const before = await tripRow(db.pool, trip.id);
    const final = await review(staff, { activityId, status: 'Approved' });
    expect(final.statusCode).toBe(400);
    expect(final.json().message).toBe(TRIP_MSG.WAIT_DENIED_FINAL);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);

    const other = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const { rows } = await db.pool.query(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, reason) values ($1, $2, 'Decline', 'Recorded', 'No vehicle') returning id`,
      [other.id, x.partner.id],
    );
    const decline = await review(staff, { activityId: rows[0].id, status: 'Approved' });
    expect(decline.statusCode).toBe(400);
    expect(decline.json().message).toBe(REVIEW_MSG.NOT_AN_ADJUSTMENT);
  });
});
