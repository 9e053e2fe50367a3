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

/** An entry for a leg ordered 09:00–09:40 (createTrip's default), close to the ordered times. */
const entry = (trip: CreatedTrip, leg = 0, times: Partial<Record<'timeArrive' | 'timeDepart' | 'timeDropOff', string>> = {}, extra = {}) => ({
  driveAssignmentId: trip.id,
  modCount: trip.modCount,
  tripLegId: trip.legIds[leg],
  timeArrive: '09:02:00',
  timeDepart: '09:06:00',
  timeDropOff: '09:45:00',
  ...times,
  ...extra,
});
const past = (spec = {}) => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, ...spec });

async function refused(entries: object[], trip: CreatedTrip, status: number, message: string) {
  const before = await tripRow(db.pool, trip.id);
  const res = await partner.post('/api/stats', entries);
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await tripRow(db.pool, trip.id)).toEqual(before);
  return res.json();
}

describe('POST /api/stats', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).post('/api/stats', [entry(await past())])).statusCode).toBe(401);
  });

  it('answers 400 for no entries and for times that are not HH:MM:SS', async () => {
    const trip = await past();
    expect((await partner.post('/api/stats', [])).json().message).toBe('Enter the stats of at least one leg');
    const bad = await partner.post('/api/stats', [entry(trip, 0, { timeArrive: '9:02' })]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Times are HH:MM:SS', details: [{ path: '0.timeArrive' }] });
  });

  it('answers 403 to roles that do not enter stats', async () => {
    const pax = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    expect((await pax.post('/api/stats', [entry(await past())])).statusCode).toBe(403);
  });

  it("answers 404 for another partner's trip and for a leg of another trip, changing nothing", async () => {
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST, accepted: true });
    const before = await tripRow(db.pool, theirs.id);
    expect((await partner.post('/api/stats', [entry(theirs)])).statusCode).toBe(404);
    expect(await tripRow(db.pool, theirs.id)).toEqual(before);
    const mine = await past();
    const res = await partner.post('/api/stats', [{ ...entry(mine), tripLegId: theirs.legIds[0] }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRIP_MSG.UNKNOWN_LEG);
  });

  it('answers 409 for a stale modCount, and writes no entry of the request', async () => {
    const ok = await past();
    const stale = await past();
    const before = await tripRow(db.pool, ok.id);
    const res = await partner.post('/api/stats', [entry(ok), entry({ ...stale, modCount: stale.modCount + 1 })]);
    expect(res.statusCode).toBe(409);
    expect(await tripRow(db.pool, ok.id)).toEqual(before);
  });

  it('refuses 0:00, an order that goes backwards, and out-of-range times without a reason (spec 2 §5)', async () => {
    const trip = await past();
    const zero = await refused([entry(trip, 0, { timeDepart: '00:00:00' })], trip, 400, TRIP_MSG.ZERO_TIME);
    expect(zero.details).toEqual([{ path: '0.timeDepart', message: TRIP_MSG.ZERO_TIME }]);
    const backwards = await refused([entry(trip, 0, { timeArrive: '09:10:00', timeDepart: '09:05:00' })], trip, 400, 'Departure cannot be before arrival (9:10 AM)');
    expect(backwards.details).toEqual([{ path: '0.timeDepart', message: 'Departure cannot be before arrival (9:10 AM)' }]);
    const late = await refused([entry(trip, 0, { timeArrive: '09:20:00', timeDepart: '09:22:00', timeDropOff: '09:55:00' })], trip, 400, TRIP_MSG.STATS_REASON_REQUIRED);
    expect(late.details[0].path).toBe('0.outOfRangeReason');
  });

  it('takes a ride that ends past midnight under the time input wrap (minimum from 20:00, time before 3:00), as the form does', async () => {
    const night = await past({ legs: [{ pickup: '23:40:00', dropoff: '00:20:00' }] });
    const times = { timeArrive: '23:40:00', timeDepart: '23:50:00', timeDropOff: '00:25:00' };
    const res = await partner.post('/api/stats', [entry(night, 0, times)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated[0].tripLegs[0]).toMatchObject({ locFirstTimeAct: '23:40:00', locFirstTimeDep: '23:50:00', locSecondTimeAct: '00:25:00' });
    const evening = await past({ legs: [{ pickup: '19:50:00', dropoff: null }] });
    const message = 'Drop-off cannot be before departure (7:59 PM)';
    const early = await refused([entry(evening, 0, { timeArrive: '19:50:00', timeDepart: '19:59:00', timeDropOff: '00:30:00' })], evening, 400, message);
    expect(early.details).toEqual([{ path: '0.timeDropOff', message }]);
  });

  it('refuses a Final trip, a read-only one, one not yet taken place and a leg cancelled without charge', async () => {
    const final = await past({ partnerPayStatus: 'Final' });
    await refused([entry(final)], final, 400, TRIP_MSG.FINALIZED_READ_ONLY);
    const locked = await past({ locked: true });
    await refused([entry(locked)], locked, 400, TRIP_MSG.NOT_EDITABLE);
    const dryRun = await past({ dryRun: true });
    await refused([entry(dryRun)], dryRun, 400, TRIP_MSG.NOT_EDITABLE);
    const upcoming = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
    await refused([entry(upcoming)], upcoming, 400, TRIP_MSG.STATS_NOT_YET);
    const twoLegs = await past({ legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00', status: 'CanceledNoCharge', cancelNc: true }] });
    await refused([entry(twoLegs, 1, { timeArrive: '13:00:00', timeDepart: '13:02:00', timeDropOff: '13:41:00' })], twoLegs, 400, TRIP_MSG.STATS_LEG_NOT_NEEDED);
  });

  it('stores the times with status Rode; complete stats make the pay Pending; each leg and the trip are audited', async () => {
    const trip = await past({ legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }] });
    const first = await partner.post('/api/stats', [entry(trip, 0)]);
    expect(first.statusCode).toBe(200);
    const [afterFirst] = first.json().updated;
    expect(afterFirst).toMatchObject({ modCount: trip.modCount + 1, partnerPayStatus: 'Open' });
    expect(afterFirst.tripLegs[0]).toMatchObject({ locFirstTimeAct: '09:02:00', locFirstTimeDep: '09:06:00', locSecondTimeAct: '09:45:00', status: 'Rode' });
    expect(afterFirst.tripLegs[1]).toMatchObject({ locFirstTimeAct: null, status: 'Pending' });

    // the return ran late: with a reason it is stored, and the trip's stats are now complete
    const late = { timeArrive: '13:30:00', timeDepart: '13:32:00', timeDropOff: '14:10:00' };
    const second = await partner.post('/api/stats', [entry({ ...trip, modCount: trip.modCount + 1 }, 1, late, { outOfRangeReason: 'Late Arrival', notes: 'Traffic on I-25' })]);
    expect(second.statusCode).toBe(200);
    expect(second.json().updated[0]).toMatchObject({ modCount: trip.modCount + 2, partnerPayStatus: 'Pending' });
    const leg = (await tripRow(db.pool, trip.id)).legs as Record<string, unknown>[];
    expect(leg[1]).toMatchObject({ stats_reason: 'Late Arrival', stats_notes: 'Traffic on I-25', stats_entered_by: x.user.id, status: 'Rode' });

    expect(await auditRows(db.pool, 'trip_legs', trip.legIds[1])).toEqual([
      expect.objectContaining({
        activity_type: 'stats',
        actor_id: x.user.id,
        before: { locFirstTimeAct: null, locFirstTimeDep: null, locSecondTimeAct: null, status: 'Pending' },
        after: expect.objectContaining({ locFirstTimeAct: '13:30:00', status: 'Rode', outOfRangeReason: 'Late Arrival' }),
      }),
    ]);
    const tripAudit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(tripAudit.map((a) => a.after)).toEqual([
      { modCount: trip.modCount + 1 },
      { modCount: trip.modCount + 2, partnerPayStatus: 'Pending' },
    ]);
  });

  it('takes the legs of several trips in one request', async () => {
    const a = await past();
    const b = await past();
    const res = await partner.post('/api/stats', [entry(a), entry(b)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated.map((u: { id: string; partnerPayStatus: string }) => [u.id, u.partnerPayStatus]).sort()).toEqual(
      [
        [a.id, 'Pending'],
        [b.id, 'Pending'],
      ].sort(),
    );
  });

  it('refuses the same leg twice and two modCounts for one trip', async () => {
    const trip = await past({ legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }] });
    await refused([entry(trip), entry(trip)], trip, 400, TRIP_MSG.STATS_ONE_ENTRY_PER_LEG);
    await refused([entry(trip), entry({ ...trip, modCount: trip.modCount + 1 }, 1, { timeArrive: '13:00:00', timeDepart: '13:01:00', timeDropOff: '13:40:00' })], trip, 400, TRIP_MSG.STATS_ONE_MOD_COUNT);
  });
});
