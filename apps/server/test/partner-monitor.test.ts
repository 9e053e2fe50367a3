import { MONITOR_MSG, REVIEW_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { placeForDeadhead } from './partner-monitor-factories.ts';
import { createBillTo, createRate } from './rate-factories.ts';
import { auditRows, createPartner, createTrip, PAST, signIn, tripRow, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let other: Partner;
let partner: Browser;
let otherPartner: Browser;
let staff: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  other = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  otherPartner = await signIn(t.app, other.user);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const done = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };

/** An accepted past trip of partner x with a pending loaded mileage request of +4.5 miles (10 → 14.5). */
async function pendingMileage() {
  const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [done] });
  await placeForDeadhead(db.pool, x.partner.id, trip.id);
  const res = await partner.post('/api/adjust-mileage', { driveAssignmentId: trip.id, mileage: 4.5, notes: 'Road closed' });
  expect(res.statusCode, res.body).toBe(200);
  return { trip, activityId: res.json().activity.id as string };
}

describe('GET /api/partner-monitor', () => {
  it('answers 401, 400 for a bad filter, 403 to partners', async () => {
    expect((await new Browser(t.app).get('/api/partner-monitor')).statusCode).toBe(401);
    const bad = await staff.get('/api/partner-monitor?status=Maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status is Pending, Approved, Denied, All');
    expect((await staff.get('/api/partner-monitor?serviceDate=2026-02-30')).statusCode).toBe(400);
    expect((await partner.get('/api/partner-monitor')).statusCode).toBe(403);
  });

  it('lists Pending requests oldest first by default, with the trip, the partner and old → new', async () => {
    const first = await pendingMileage();
    const second = await pendingMileage();
    const res = await staff.get(`/api/partner-monitor?limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().rows.map((r: { id: string }) => r.id);
    expect(ids.indexOf(first.activityId)).toBeLessThan(ids.indexOf(second.activityId));
    const row = res.json().rows.find((r: { id: string }) => r.id === first.activityId);
    expect(row).toMatchObject({
      action: 'MileageAdjust',
      status: 'Pending',
      partner: { id: x.partner.id },
      trip: { id: first.trip.id, referenceNumber: first.trip.referenceNumber, serviceDate: PAST, partnerPayStatus: 'Open' },
      request: { number: 4.5, previousValue: 10, deadhead: false, receipts: [] },
      notes: 'Road closed',
    });
    expect(res.json().rows.every((r: { status: string }) => r.status === 'Pending')).toBe(true);

    const one = await staff.get(`/api/partner-monitor?referenceNumber=${second.trip.referenceNumber}&serviceDate=${PAST}`);
    expect(one.json()).toEqual({ total: 1, rows: [expect.objectContaining({ id: second.activityId })] });
    const page = await staff.get('/api/partner-monitor?limit=1&offset=1');
    expect(page.json().rows).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /api/partner-monitor-add-note', () => {
  it('answers 401, 400 for an empty note, 403 to partners, 404 for an unknown request, writing nothing', async () => {
    const { trip, activityId } = await pendingMileage();
    expect((await new Browser(t.app).post('/api/partner-monitor-add-note', { partnerActivityId: activityId, newNote: 'x' })).statusCode).toBe(401);
    const before = await tripRow(db.pool, trip.id);
    const empty = await staff.post('/api/partner-monitor-add-note', { partnerActivityId: activityId, newNote: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MONITOR_MSG.NOTE_REQUIRED);
    expect((await partner.post('/api/partner-monitor-add-note', { partnerActivityId: activityId, newNote: 'Mine' })).statusCode).toBe(403);
    const unknown = await staff.post('/api/partner-monitor-add-note', { partnerActivityId: '00000000-0000-4000-8000-000000000000', newNote: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('adds a note while Pending, audited, and answers 409 once reviewed', async () => {
    const { trip, activityId } = await pendingMileage();
    const res = await staff.post('/api/partner-monitor-add-note', { partnerActivityId: activityId, newNote: 'Checking the map' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: activityId, notes: 'Road closed\nOperator: Checking the map' });
    expect((await auditRows(db.pool, 'partner_activities', activityId)).at(-1)).toMatchObject({ activity_type: 'partner-monitor-add-note' });
    await staff.post('/api/partner-monitor', { activityId, status: 'Denied' });
    const before = await tripRow(db.pool, trip.id);
    const late = await staff.post('/api/partner-monitor-add-note', { partnerActivityId: activityId, newNote: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Notes can be added only while the request is Pending; it is Denied.');
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });
});

describe('GET /api/partner-activities', () => {
  it('answers 401, 400 without id or leg, 404 for another partner, and the requests in scope', async () => {
    const { trip, activityId } = await pendingMileage();
    expect((await new Browser(t.app).get(`/api/partner-activities?id=${activityId}`)).statusCode).toBe(401);
    const none = await partner.get('/api/partner-activities');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MONITOR_MSG.LEG_OR_ID);
    expect((await otherPartner.get(`/api/partner-activities?id=${activityId}`)).statusCode).toBe(404);
    expect((await otherPartner.get(`/api/partner-activities?tripLegId=${trip.legIds[0]}`)).statusCode).toBe(404);
    const mine = await partner.get(`/api/partner-activities?tripLegId=${trip.legIds[0]}&partnerActivityAction=MileageAdjust&onlyShowUnresolved=true`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ id: activityId, action: 'MileageAdjust', status: 'Pending' })]);
    expect((await staff.get(`/api/partner-activities?id=${activityId}`)).json()).toHaveLength(1);
    const rest = await partner.get(`/api/rest/partner-activity?da=${trip.id}&adjustment=true`);
    expect(rest.json()).toEqual([expect.objectContaining({ id: activityId, previousValue: 10, deadhead: false })]);
  });
});

describe('approving requests in the monitor (POST partner-monitor)', () => {
  it('approving a loaded mileage request pays the new miles and reprices the trip', async () => {
    const { trip, activityId } = await pendingMileage();
    const res = await staff.post('/api/partner-monitor', { activityId, status: 'Approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ activity: { status: 'Approved' }, trip: { outstandingAdjustments: 0, partnerPayStatus: 'Pending' } });
    const row = await tripRow(db.pool, trip.id);
    expect(Number(row.paid_miles_override)).toBe(14.5);
    // no rate is in force for this trip's group: the pay is NoRate, priced again
    expect(row.farmout_rate_breakdown).toEqual({ noRate: true });
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({
      activity_type: 'adjustment-review',
      after: { paidMilesOverride: 14.5, review: 'Approved' },
    });
  });

  it('approving a loaded mileage request under a Pick Up Per Mile rate pays the bucket miles beyond the ceiling', async () => {
    const billTo = await createBillTo(db.pool);
    await createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, rateType: 'Pick Up Per Mile' });
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, billToId: billTo.id, legs: [done] });
    await db.pool.query(`update drive_assignments set service_number = '01' where id = $1`, [trip.id]);
    await placeForDeadhead(db.pool, x.partner.id, trip.id);
    const asked = await partner.post('/api/adjust-mileage', { driveAssignmentId: trip.id, mileage: 4.5, notes: 'Road closed' });
    // a request changes no pay until it is approved
    expect(asked.json().trip.farmoutRate).toBe(42.5);
    const res = await staff.post('/api/partner-monitor', { activityId: asked.json().activity.id, status: 'Approved' });
    // 14.5 miles: $20 pickup + 10 × $2 + 4.5 × $1.50
    expect(res.json().trip.farmoutRate).toBe(46.75);
  });

  it('approving a deadhead request pays the miles beyond the original; a rate request sets the override', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [done] });
    await placeForDeadhead(db.pool, x.partner.id, trip.id);
    const { deadheadMiles } = (await partner.get(`/api/adjust-mileage?driveAssignmentId=${trip.id}`)).json();
    const deadhead = await partner.post('/api/adjust-mileage', { driveAssignmentId: trip.id, mileage: deadheadMiles + 3, deadhead: true });
    const rate = await partner.post('/api/rate-override', { partnerActivity: { driveAssignmentId: trip.id, action: 'RateAdjust', amount: 80, notes: '' } });
    expect((await staff.post('/api/partner-monitor', { activityId: deadhead.json().activity.id, status: 'Approved' })).statusCode).toBe(200);
    const approved = await staff.post('/api/partner-monitor', { activityId: rate.json().activity.id, status: 'Approved' });
    expect(approved.json().trip).toMatchObject({ farmoutRate: 80, outstandingAdjustments: 0 });
    const row = await tripRow(db.pool, trip.id);
    expect(Number(row.extra_deadhead_miles)).toBe(3);
    expect(Number(row.farmout_rate_override)).toBe(80);
  });

  it('a denied request changes no pay; a denied portal cancellation is charged', async () => {
    const { trip, activityId } = await pendingMileage();
    await staff.post('/api/partner-monitor', { activityId, status: 'Denied' });
    expect((await tripRow(db.pool, trip.id)).paid_miles_override).toBeNull();

    const canceled = await createTrip(db.pool, {
      partnerId: x.partner.id,
      serviceDate: PAST,
      accepted: true,
      canceled: true,
      cancelledWithoutCharge: true,
      legs: [{ status: 'CanceledNoCharge', cancelNc: true }],
    });
    const { rows } = await db.pool.query(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, reason) values ($1, $2, 'Cancellation review', 'Pending', 'Advance Notice') returning id`,
      [canceled.id, x.partner.id],
    );
    const res = await staff.post('/api/partner-monitor', { activityId: rows[0].id, status: 'Denied', note: 'Driver was at the door' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await tripRow(db.pool, canceled.id);
    expect(row).toMatchObject({ cancelled_with_charge: true, cancelled_without_charge: false });
    expect((row.legs as Record<string, unknown>[])[0]).toMatchObject({ status: 'Canceled', cancel_wc: true, cancel_nc: false });
  });

  it('refuses a second review of the same request with 409', async () => {
    const { activityId } = await pendingMileage();
    await staff.post('/api/partner-monitor', { activityId, status: 'Approved' });
    const again = await staff.post('/api/partner-monitor', { activityId, status: 'Denied' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MSG.alreadyReviewed('Approved'));
  });
});
