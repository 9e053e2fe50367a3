import { TRIP_MSG, WAIT_REPEAT_ERROR, WAIT_REPEAT_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createPartner, createTrip, formData, MAGIC, PAST, signIn, tripRow, type CreatedTrip, type Partner } from './trip-factories.ts';

/** The same wait-time request sent twice (docs/decisions.md "Partner pay", core repeatedWaitTime). */
let db: TestDatabase;
let t: TestApp;
let x: Partner;
let partner: Browser;
let staff: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };
const done = () => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [withStats] });
/** Sends a wait-time request on the trip as it is now (its current modCount). */
async function askWait(trip: CreatedTrip, minutes: number, who = partner) {
  const modCount = (await tripRow(db.pool, trip.id)).mod_count;
  return who.post(`/api/adjust-time?driveAssignmentId=${trip.id}&modCount=${modCount}&minutes=${minutes}&notes=Dialysis%20ran%20long`);
}
const waitRequests = async (id: string) =>
  (await db.pool.query(`select id, status, number from partner_activities where drive_assignment_id = $1 and action = 'WaitTime' order by created_at`, [id])).rows.map(
    (r) => ({ ...r, number: Number(r.number) }),
  );
const waitMinutes = async (id: string) => (await db.pool.query('select wait_time_minutes from drive_assignments where id = $1', [id])).rows[0].wait_time_minutes;

describe('POST /api/adjust-time: the same wait sent twice', () => {
  it('answers 401 without a session before looking for a twin', async () => {
    const trip = await done();
    expect((await askWait(trip, 20, new Browser(t.app))).statusCode).toBe(401);
  });

  it('answers 409 with a message for the same minutes just approved, changing nothing', async () => {
    const trip = await done();
    const first = await askWait(trip, 20);
    expect(first.json()).toMatchObject({ status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(20) });
    const before = await tripRow(db.pool, trip.id);

    const again = await askWait(trip, 20);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: WAIT_REPEAT_ERROR,
      message: WAIT_REPEAT_MSG.approved(20),
      current: { action: 'WaitTime', status: 'Approved', number: 20 },
    });
    expect(again.json().message).toBe(
      '20 minutes of extra wait time were just approved for this trip. It was not sent again: if the driver waited a second time, call dispatch at (505) 555-0100.',
    );
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
    expect(await waitMinutes(trip.id)).toBe(20);
    expect(await waitRequests(trip.id)).toEqual([expect.objectContaining({ status: 'Approved', number: 20 })]);
  });

  it('answers 409 for the same minutes while the first request waits for review, changing nothing', async () => {
    const trip = await done();
    expect((await askWait(trip, 45)).json().status).toBe('Pending');
    const before = await tripRow(db.pool, trip.id);
    const again = await askWait(trip, 45);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: WAIT_REPEAT_ERROR, message: WAIT_REPEAT_MSG.pending(45), current: { status: 'Pending', number: 45 } });
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
    expect((await tripRow(db.pool, trip.id)).partner_pay_status).toBe('Open');
  });

  it('lets a different number of minutes through: another wait', async () => {
    const trip = await done();
    await askWait(trip, 20);
    const other = await askWait(trip, 10);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(10) });
    const third = await askWait(trip, 15);
    expect(third.json()).toMatchObject({ status: 'Pending' });
    expect(await waitMinutes(trip.id)).toBe(30);
    expect((await waitRequests(trip.id)).map((r) => [r.status, r.number])).toEqual([
      ['Approved', 20],
      ['Approved', 10],
      ['Pending', 15],
    ]);
  });

  it('lets the same minutes through more than 60 minutes after the approval, for the operator to review', async () => {
    const trip = await done();
    await askWait(trip, 20);
    const [approved] = await waitRequests(trip.id);
    await db.pool.query('update partner_activities set created_at = $2 where id = $1', [approved.id, new Date(t.clock.now().getTime() - 61 * 60_000)]);
    const later = await askWait(trip, 20);
    expect(later.statusCode, later.body).toBe(200);
    // 40 minutes in all is more than the 30 approved at once
    expect(later.json()).toMatchObject({ status: 'Pending', message: TRIP_MSG.PENDING_CALL_DISPATCH });
    expect(await waitMinutes(trip.id)).toBe(20);
  });

  it("counts the operator's approval as just approved, and lets the same minutes through after a denial", async () => {
    const approvedTrip = await done();
    await askWait(approvedTrip, 45);
    const [pending] = await waitRequests(approvedTrip.id);
    expect((await staff.post('/api/partner-monitor', { activityId: pending.id, status: 'Approved' })).statusCode).toBe(200);
    const again = await askWait(approvedTrip, 45);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAIT_REPEAT_MSG.approved(45));

    const deniedTrip = await done();
    await askWait(deniedTrip, 45);
    const [denied] = await waitRequests(deniedTrip.id);
    expect((await staff.post('/api/partner-monitor', { activityId: denied.id, status: 'Denied' })).statusCode).toBe(200);
    const retry = await askWait(deniedTrip, 45);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('Pending');
  });

  it('lets only one of two identical requests sent at the same moment through', async () => {
    const trip = await done();
    const answers = await Promise.all([askWait(trip, 25), askWait(trip, 25)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // the second waited for the first's lock on the trip: by then its copy was stale or its twin there
    expect([TRIP_MSG.CONFLICT_SERVER, WAIT_REPEAT_MSG.approved(25)]).toContain(answers.find((a) => a.statusCode === 409)?.json().message);
    expect(await waitRequests(trip.id)).toHaveLength(1);
    expect(await waitMinutes(trip.id)).toBe(25);
  });
});

describe('POST /api/expense-add: several expenses on one trip stay allowed', () => {
  const upload = async () => {
    const form = formData([{ name: 'file', filename: 'toll.pdf', type: 'application/pdf', data: Buffer.concat([MAGIC.pdf, Buffer.alloc(2000, 32)]) }]);
    const res = await partner.request('POST', '/api/expense-receipt-upload', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(res.statusCode).toBe(200);
    return res.json().receiptId as string;
  };

  it('takes the same expense twice, each with its receipt, after a wait-time request', async () => {
    const trip = await done();
    await askWait(trip, 20);
    for (let i = 0; i < 2; i++) {
      const modCount = (await tripRow(db.pool, trip.id)).mod_count;
      const query = new URLSearchParams({ driveAssignmentId: trip.id, modCount: String(modCount), reason: 'Tolls', amount: '4.50', notes: 'I-25 toll', receipts: await upload() });
      const res = await partner.post(`/api/expense-add?${query}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await db.pool.query(`select status, reason, amount from partner_activities where drive_assignment_id = $1 and action = 'Expense'`, [trip.id]);
    expect(rows).toEqual([
      { status: 'Pending', reason: 'Tolls', amount: 4.5 },
      { status: 'Pending', reason: 'Tolls', amount: 4.5 },
    ]);
  });
});
