import { TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import {
  auditRows,
  createPartner,
  createTrip,
  FUTURE,
  PAST,
  signIn,
  tripRow,
  TODAY,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;
let staff: Browser;
let staffId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  const s = await createContact(db.pool, { types: ['SecureEmployee'] });
  staffId = s.id;
  staff = await signIn(t.app, s);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const ref = (trip: { id: string; modCount: number }) => ({ id: trip.id, modCount: trip.modCount });
const withStats = { act: '09:01:00', dep: '09:04:00', drop: '09:42:00' };

describe('POST /api/accept', () => {
  it('answers 401 without a session', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    expect((await new Browser(t.app).post('/api/accept', { driveAssignments: [ref(trip)] })).statusCode).toBe(401);
  });

  it('answers 400 for an empty or malformed batch', async () => {
    const empty = await partner.post('/api/accept', { driveAssignments: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose at least one trip');
    const noMod = await partner.post('/api/accept', { driveAssignments: [{ id: 'x' }] });
    expect(noMod.statusCode).toBe(400);
    expect(noMod.json().details[0].path).toBe('driveAssignments.0.modCount');
  });

  it('answers 403 to roles that do not accept trips, and to a partner asking for developer mode', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post('/api/accept', { driveAssignments: [ref(trip)] })).statusCode).toBe(403);
    const before = await tripRow(db.pool, trip.id);
    const dev = await partner.post('/api/accept', { driveAssignments: [ref(trip)], developerMode: true });
    expect(dev.statusCode).toBe(403);
    expect(dev.json().message).toBe(TRIP_MSG.DEVELOPER_MODE_STAFF_ONLY);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("answers 404 for another partner's trip, and changes nothing", async () => {
    const trip = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE });
    const before = await tripRow(db.pool, trip.id);
    const res = await partner.post('/api/accept', { driveAssignments: [ref(trip)] });
    expect(res.statusCode).toBe(404);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("answers 409 with the server's copy for a stale modCount, and changes nothing", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    await db.pool.query(`update drive_assignments set flag = 'Changed', mod_count = mod_count + 1 where id = $1`, [trip.id]);
    const before = await tripRow(db.pool, trip.id);
    const res = await partner.post('/api/accept', { driveAssignments: [ref(trip)] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', message: TRIP_MSG.CONFLICT_SERVER, current: { id: trip.id, modCount: trip.modCount + 1, flag: 'Changed' } });
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('accepts a trip: accepted, modCount + 1, one audit row with before and after', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const res = await partner.post('/api/accept', { driveAssignments: [ref(trip)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: [{ id: trip.id, accepted: true, modCount: trip.modCount + 1 }], failed: [], past: 0 });
    const audit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit).toEqual([
      expect.objectContaining({ activity_type: 'accept', actor_id: x.user.id, before: { accepted: false, modCount: trip.modCount }, after: { accepted: true, modCount: trip.modCount + 1 } }),
    ]);
  });

  it('refuses an accepted or read-only trip with its message, in failed', async () => {
    const accepted = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
    const locked = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, locked: true });
    const res = await partner.post('/api/accept', { driveAssignments: [ref(accepted)] });
    expect(res.json()).toEqual({ accepted: [], failed: [{ id: accepted.id, referenceNumber: accepted.referenceNumber, message: TRIP_MSG.ALREADY_ACCEPTED }], past: 0 });
    expect((await partner.post('/api/accept', { driveAssignments: [ref(locked)] })).json().failed[0].message).toBe(TRIP_MSG.NOT_EDITABLE);
  });

  it('accept all: takes the open future trips, skips accepted, read-only, declined and past ones with their reasons and counts the past', async () => {
    const open1 = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, legs: [{ pickup: '10:00:00' }] });
    const open2 = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, legs: [{ pickup: '15:00:00' }] });
    const pastToday = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, legs: [{ pickup: '07:30:00' }] });
    const pastDay = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const accepted = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, accepted: true, legs: [{ pickup: '10:00:00' }] });
    const dryRun = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, dryRun: true, legs: [{ pickup: '10:00:00' }] });
    const declined = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, declined: true, legs: [{ pickup: '10:00:00' }] });
    const all = [open1, open2, pastToday, pastDay, accepted, dryRun, declined];
    const res = await partner.post('/api/accept', { driveAssignments: all.map(ref) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted.map((a: { id: string }) => a.id).sort()).toEqual([open1.id, open2.id].sort());
    expect(body.past).toBe(2);
    const reasons = Object.fromEntries(body.failed.map((f: { id: string; message: string }) => [f.id, f.message]));
    expect(reasons).toEqual({
      [pastToday.id]: TRIP_MSG.ALREADY_OCCURRED,
      [pastDay.id]: TRIP_MSG.ALREADY_OCCURRED,
      [accepted.id]: TRIP_MSG.ALREADY_ACCEPTED,
      [dryRun.id]: TRIP_MSG.NOT_EDITABLE,
      [declined.id]: TRIP_MSG.NOT_EDITABLE,
    });
    expect((await tripRow(db.pool, pastDay.id)).accepted).toBe(false);
    expect(await auditRows(db.pool, 'drive_assignments', open2.id)).toHaveLength(1);
  });

  it('in a batch, a stale or unknown trip goes into failed (with the server copy) and the others are accepted', async () => {
    const good = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const stale = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const foreign = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE });
    const res = await partner.post('/api/accept', { driveAssignments: [ref(good), { id: stale.id, modCount: stale.modCount + 5 }, ref(foreign)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted.map((a: { id: string }) => a.id)).toEqual([good.id]);
    expect(res.json().failed).toEqual([
      { id: stale.id, referenceNumber: stale.referenceNumber, message: TRIP_MSG.CONFLICT_SERVER, current: expect.objectContaining({ id: stale.id }) },
      { id: foreign.id, referenceNumber: null, message: 'The record was not found.' },
    ]);
    expect((await tripRow(db.pool, foreign.id)).accepted).toBe(false);
  });

  it('developer mode lets staff accept a trip that already occurred, and the audit row says so', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const refused = await staff.post('/api/accept', { driveAssignments: [ref(trip)] });
    expect(refused.json()).toMatchObject({ accepted: [], past: 1, failed: [{ message: TRIP_MSG.ALREADY_OCCURRED }] });
    const res = await staff.post('/api/accept', { driveAssignments: [ref(trip)], developerMode: true });
    expect(res.json()).toMatchObject({ accepted: [{ id: trip.id, accepted: true }], failed: [], past: 0 });
    const [audit] = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit).toMatchObject({ actor_id: staffId, after: { accepted: true, developerMode: true } });
  });
});

describe('developer mode (spec 1 §5: staff only)', () => {
  /** A staff member signed in and impersonating the partner's user. */
  async function impersonating(types: string[] = ['SecureEmployee']) {
    const s = await createContact(db.pool, { types });
    const b = await signIn(t.app, s);
    expect((await b.get(`/api/su?id=${x.user.id}`)).statusCode).toBe(200);
    return { staffId: s.id, b };
  }

  it('refuses a plain partner, and changes nothing', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const before = await tripRow(db.pool, trip.id);
    const res = await partner.post('/api/accept', { driveAssignments: [ref(trip)], developerMode: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TRIP_MSG.DEVELOPER_MODE_STAFF_ONLY);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('lets staff impersonating a partner accept a past trip; the audit row names the partner user and the staff member', async () => {
    const { staffId: impersonator, b } = await impersonating();
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const res = await b.post('/api/accept', { driveAssignments: [ref(trip)], developerMode: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: [{ id: trip.id, accepted: true }], failed: [], past: 0 });
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({ activity_type: 'accept', actor_id: x.user.id, impersonator_id: impersonator, after: { accepted: true, modCount: trip.modCount + 1, developerMode: true } }),
    ]);
  });

  it('refuses an impersonator who is no longer staff', async () => {
    const { staffId: impersonator, b } = await impersonating();
    await db.pool.query(`update contacts set types = '{}' where id = $1`, [impersonator]);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    const res = await b.post('/api/accept', { driveAssignments: [ref(trip)], developerMode: true });
    expect(res.statusCode).toBe(403);
    expect((await tripRow(db.pool, trip.id)).accepted).toBe(false);
  });
});

describe('POST /api/accept-rate', () => {
  const ready = () => createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [withStats] });

  it('answers 401, 400, 403 and 404 like accept', async () => {
    const trip = await ready();
    expect((await new Browser(t.app).post('/api/accept-rate', { driveAssignments: [ref(trip)] })).statusCode).toBe(401);
    expect((await partner.post('/api/accept-rate', {})).statusCode).toBe(400);
    const pax = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    expect((await pax.post('/api/accept-rate', { driveAssignments: [ref(trip)] })).statusCode).toBe(403);
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST, accepted: true, legs: [withStats] });
    const before = await tripRow(db.pool, theirs.id);
    expect((await partner.post('/api/accept-rate', { driveAssignments: [ref(theirs)] })).statusCode).toBe(404);
    expect(await tripRow(db.pool, theirs.id)).toEqual(before);
  });

  it('answers 409 for a stale single trip and changes nothing', async () => {
    const trip = await ready();
    const before = await tripRow(db.pool, trip.id);
    expect((await partner.post('/api/accept-rate', { driveAssignments: [{ id: trip.id, modCount: trip.modCount + 1 }] })).statusCode).toBe(409);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("in a batch, a stale trip comes back in failed with the server's copy, a refused one without, and the others are finalised", async () => {
    const good = await ready();
    const stale = await ready();
    await db.pool.query(`update drive_assignments set flag = 'Changed', mod_count = mod_count + 1 where id = $1`, [stale.id]);
    const notAccepted = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, legs: [withStats] });
    const res = await partner.post('/api/accept-rate', { driveAssignments: [good, stale, notAccepted].map(ref) });
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted.map((a: { id: string }) => a.id)).toEqual([good.id]);
    expect(res.json().failed).toEqual([
      {
        id: stale.id,
        referenceNumber: stale.referenceNumber,
        message: TRIP_MSG.CONFLICT_SERVER,
        current: expect.objectContaining({ id: stale.id, modCount: stale.modCount + 1, flag: 'Changed', partnerPayStatus: 'Open' }),
      },
      { id: notAccepted.id, referenceNumber: notAccepted.referenceNumber, message: TRIP_MSG.FINALISE.notAccepted },
    ]);
    expect((await tripRow(db.pool, stale.id)).partner_pay_status).toBe('Open');
  });

  it('finalises: the pay status becomes Final, with an audit row', async () => {
    const trip = await ready();
    const res = await partner.post('/api/accept-rate', { driveAssignments: [ref(trip)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: [{ id: trip.id, partnerPayStatus: 'Final', modCount: trip.modCount + 1 }], failed: [] });
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({ activity_type: 'rate-accept', before: { partnerPayStatus: 'Open', modCount: trip.modCount }, after: { partnerPayStatus: 'Final', modCount: trip.modCount + 1 } }),
    ]);
  });

  it('refuses each trip that may not be finalised, with the reason, and leaves it as it was', async () => {
    const cases = {
      [TRIP_MSG.FINALISE.notAccepted]: await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, legs: [withStats] }),
      [TRIP_MSG.FINALISE.alreadyFinal]: await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Final', legs: [withStats] }),
      [TRIP_MSG.FINALISE.notOccurred]: await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true, legs: [withStats] }),
      [TRIP_MSG.FINALISE.statsMissing]: await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true }),
      [TRIP_MSG.FINALISE.willCallNoTime]: await createTrip(db.pool, {
        partnerId: x.partner.id,
        serviceDate: PAST,
        accepted: true,
        willCall: true,
        // the return was driven and timed, but the passenger's call-in time was never entered
        legs: [withStats, { pickup: '23:59:00', dropoff: null, act: '14:00:00', dep: '14:05:00', drop: '14:40:00' }],
      }),
      [TRIP_MSG.NOT_EDITABLE]: await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, locked: true, legs: [withStats] }),
    };
    const adjusted = await ready();
    await db.pool.query(`insert into partner_activities (drive_assignment_id, action, status, number) values ($1, 'WaitTime', 'Pending', 45)`, [adjusted.id]);
    const trips = [...Object.values(cases), { ...adjusted, modCount: adjusted.modCount }];
    const before = await Promise.all(trips.map((trip) => tripRow(db.pool, trip.id)));
    const res = await partner.post('/api/accept-rate', { driveAssignments: trips.map(ref) });
    expect(res.json().accepted).toEqual([]);
    const got = Object.fromEntries(res.json().failed.map((f: { id: string; message: string }) => [f.id, f.message]));
    for (const [message, trip] of Object.entries(cases)) expect(got[trip.id], message).toBe(message);
    expect(got[adjusted.id]).toBe(TRIP_MSG.FINALISE.adjustments);
    expect(await Promise.all(trips.map((trip) => tripRow(db.pool, trip.id)))).toEqual(before);
  });

  it('finalises a dry run without stats and a cancellation whose reason needs none', async () => {
    const dryRun = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, dryRun: true });
    await db.pool.query(`insert into cancel_reasons (label, require_stats, with_charge) values ('Late Cancel', false, true)`);
    const late = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, canceled: true, cancelledWithCharge: true, cancelledReason: 'Late Cancel' });
    const res = await partner.post('/api/accept-rate', { driveAssignments: [ref(dryRun), ref(late)] });
    expect(res.json().failed).toEqual([]);
    expect(res.json().accepted.map((a: { partnerPayStatus: string }) => a.partnerPayStatus)).toEqual(['Final', 'Final']);
  });
});
