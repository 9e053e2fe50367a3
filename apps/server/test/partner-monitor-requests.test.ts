import { MONITOR_MSG, TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { placeForDeadhead } from './partner-monitor-factories.ts';
import { auditRows, createPartner, createTrip, FUTURE, PAST, signIn, tripRow, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let other: Partner;
let partner: Browser;
let otherPartner: Browser;
let dispatcher: Browser;
let finance: Browser;
let financeId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  other = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  otherPartner = await signIn(t.app, other.user);
  dispatcher = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] }));
  const f = await createContact(db.pool, { types: ['Finance'] });
  financeId = f.id;
  finance = await signIn(t.app, f);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const done = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };
const acceptedTrip = (spec = {}) => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [done], ...spec });
const rateBody = (driveAssignmentId: string, amount: number | null, notes = 'Long drive on a dirt road') => ({
  partnerActivity: { driveAssignmentId, action: 'RateAdjust', amount, notes },
});
const overrideOf = async (id: string) => (await db.pool.query('select farmout_rate_override from drive_assignments where id = $1', [id])).rows[0].farmout_rate_override;

describe('POST /api/rate-override', () => {
  it('answers 401 without a session and 400 for bad input, writing nothing', async () => {
    const trip = await acceptedTrip();
    expect((await new Browser(t.app).post('/api/rate-override', rateBody(trip.id, 50))).statusCode).toBe(401);
    const before = await tripRow(db.pool, trip.id);
    const missing = await partner.post('/api/rate-override', { partnerActivity: { driveAssignmentId: trip.id, action: 'RateAdjust' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MONITOR_MSG.RATE_REQUIRED);
    expect((await partner.post('/api/rate-override', rateBody(trip.id, -5))).json().message).toBe('A rate cannot be negative');
    expect((await partner.post('/api/rate-override', { partnerActivity: { driveAssignmentId: trip.id, action: 'Expense', amount: 5 } })).statusCode).toBe(400);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('answers 403 to a dispatcher, who does not edit rates, and 404 for another partner’s trip', async () => {
    const trip = await acceptedTrip();
    const before = await tripRow(db.pool, trip.id);
    expect((await dispatcher.post('/api/rate-override', rateBody(trip.id, 50))).statusCode).toBe(403);
    expect((await otherPartner.post('/api/rate-override', rateBody(trip.id, 50))).statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("records a partner's request as Pending, holding the pay Open, and refuses a second one with 409", async () => {
    const trip = await acceptedTrip();
    const res = await partner.post('/api/rate-override', rateBody(trip.id, 55));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MONITOR_MSG.RATE_SUBMITTED,
      activity: { action: 'RateAdjust', status: 'Pending', amount: 55, previousValue: 42.5, notes: 'Long drive on a dirt road' },
      trip: { id: trip.id, partnerPayStatus: 'Open', outstandingAdjustments: 1, modCount: trip.modCount + 1 },
    });
    expect(await overrideOf(trip.id)).toBeNull();
    const activityId = res.json().activity.id;
    expect((await auditRows(db.pool, 'partner_activities', activityId))[0]).toMatchObject({ activity_type: 'rate-override', actor_id: x.user.id });

    const before = await tripRow(db.pool, trip.id);
    const again = await partner.post('/api/rate-override', rateBody(trip.id, 60));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A rate request for this trip is already waiting for review.');
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("refuses a partner's request on a Final, read-only, unaccepted or future trip with the exact texts", async () => {
    const cases: [object, string][] = [
      [{ partnerPayStatus: 'Final' }, TRIP_MSG.FINALIZED_READ_ONLY],
      [{ locked: true }, TRIP_MSG.NOT_EDITABLE],
      [{ accepted: false }, MONITOR_MSG.NOT_ACCEPTED],
      [{ serviceDate: FUTURE }, MONITOR_MSG.NOT_YET],
    ];
    for (const [spec, message] of cases) {
      const trip = await acceptedTrip(spec);
      const before = await tripRow(db.pool, trip.id);
      const res = await partner.post('/api/rate-override', rateBody(trip.id, 55));
      expect(res.statusCode, JSON.stringify(spec)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await tripRow(db.pool, trip.id)).toEqual(before);
    }
  });

  it("applies a rate editor's override at once, clears it with null, and refuses it only on a Final trip", async () => {
    const trip = await acceptedTrip({ serviceDate: FUTURE, accepted: false });
    const res = await finance.post('/api/rate-override', rateBody(trip.id, 61.25, 'Agreed by phone'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The trip now pays $61.25.',
      activity: { action: 'RateAdjust', status: 'Approved', amount: 61.25 },
      trip: { farmoutRate: 61.25, outstandingAdjustments: 0 },
    });
    expect(await overrideOf(trip.id)).toBe(61.25);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({
      activity_type: 'rate-override',
      actor_id: financeId,
      after: { farmoutRateOverride: 61.25 },
    });

    const cleared = await finance.post('/api/rate-override', rateBody(trip.id, null, ''));
    expect(cleared.json().message).toBe('The rate override was cleared.');
    expect(await overrideOf(trip.id)).toBeNull();

    const final = await acceptedTrip({ partnerPayStatus: 'Final' });
    const before = await tripRow(db.pool, final.id);
    const refused = await finance.post('/api/rate-override', rateBody(final.id, 70));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
    expect(await tripRow(db.pool, final.id)).toEqual(before);
  });

  it('answers 409 for a stale modCount, writing nothing', async () => {
    const trip = await acceptedTrip();
    const before = await tripRow(db.pool, trip.id);
    const stale = await finance.post('/api/rate-override', { ...rateBody(trip.id, 50), modCount: trip.modCount + 5 });
    expect(stale.statusCode).toBe(409);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });
});

describe('POST /api/adjust-mileage and GET /api/adjust-mileage', () => {
  const mileage = (who: Browser, body: object) => who.post('/api/adjust-mileage', body);

  it('answers 401, then 400 for bad input, then 404 for another partner’s trip, writing nothing', async () => {
    const trip = await acceptedTrip();
    expect((await mileage(new Browser(t.app), { driveAssignmentId: trip.id, mileage: 3 })).statusCode).toBe(401);
    const before = await tripRow(db.pool, trip.id);
    const none = await mileage(partner, { driveAssignmentId: trip.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MONITOR_MSG.MILEAGE_REQUIRED);
    expect((await mileage(partner, { driveAssignmentId: trip.id, mileage: 'ten' })).statusCode).toBe(400);
    expect((await mileage(otherPartner, { driveAssignmentId: trip.id, mileage: 3 })).statusCode).toBe(404);
    expect((await otherPartner.get(`/api/adjust-mileage?driveAssignmentId=${trip.id}`)).statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('shows the loaded and deadhead miles the dialog starts from', async () => {
    const trip = await acceptedTrip();
    await placeForDeadhead(db.pool, x.partner.id, trip.id);
    const res = await partner.get(`/api/adjust-mileage?driveAssignmentId=${trip.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ loadedMiles: 10, deadheadMiles: expect.any(Number), deadheadProblem: null, pendingMileage: false, farmoutRate: 42.5 });
    expect(res.json().deadheadMiles).toBeGreaterThan(5);
  });

  it('refuses deadhead miles below the original with rule 251’s text, then records a Pending request', async () => {
    const trip = await acceptedTrip();
    await placeForDeadhead(db.pool, x.partner.id, trip.id);
    const { deadheadMiles } = (await partner.get(`/api/adjust-mileage?driveAssignmentId=${trip.id}`)).json();
    const before = await tripRow(db.pool, trip.id);
    const low = await mileage(partner, { driveAssignmentId: trip.id, mileage: 1, deadhead: true, notes: 'Detour' });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(`Deadhead adjusted mileage (1) must be greater than or equal to the original mileage (${deadheadMiles}).`);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);

    const ok = await mileage(partner, { driveAssignmentId: trip.id, mileage: deadheadMiles + 4, deadhead: true, notes: 'Detour' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Mileage adjustment submitted for review',
      activity: { action: 'MileageAdjust', status: 'Pending', number: deadheadMiles + 4, previousValue: deadheadMiles, deadhead: true },
      trip: { partnerPayStatus: 'Open', outstandingAdjustments: 1 },
    });
    const again = await mileage(partner, { driveAssignmentId: trip.id, mileage: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A mileage request for this trip is already waiting for review.');
  });

  it('records a loaded difference against the trip’s own miles and refuses one that changes nothing', async () => {
    const trip = await acceptedTrip();
    await placeForDeadhead(db.pool, x.partner.id, trip.id);
    expect((await mileage(partner, { driveAssignmentId: trip.id, mileage: 0 })).json().message).toBe(MONITOR_MSG.SAME_MILEAGE);
    const res = await mileage(partner, { driveAssignmentId: trip.id, mileage: 4.5, notes: 'Road closed' });
    expect(res.json().activity).toMatchObject({ number: 4.5, previousValue: 10, deadhead: false });
    expect((await auditRows(db.pool, 'partner_activities', res.json().activity.id))[0]).toMatchObject({ activity_type: 'adjust-mileage' });
  });

  it('refuses a Final trip with the exact text', async () => {
    const trip = await acceptedTrip({ partnerPayStatus: 'Final' });
    const res = await mileage(partner, { driveAssignmentId: trip.id, mileage: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This trip is Finalized, and read-only.');
  });
});
