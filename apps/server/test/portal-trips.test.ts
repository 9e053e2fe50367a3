import { PORTAL_MSG, TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createMember, createPlan } from './portal-trips-factories.ts';
import { auditRows, createDriver, createPartner, createReasons, createTrip, FUTURE, PAST, signIn, TODAY, tripRow, type CreatedTrip } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;
let cmA: Browser;
let cmB: Browser;
let passP: Browser;
let passQ: Browser;
let billToA: Created;
let billToB: Created;
let memberP: Created;
let memberQ: Created;
let partnerId: string;
/** P's trip tomorrow billed to A, accepted by a partner with a driver. */
let tripP: CreatedTrip;
/** Q's trip tomorrow billed to B. */
let tripQ: CreatedTrip;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const json = (res: { body: string }) => JSON.parse(res.body);

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  billToA = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'Mesa Health' });
  billToB = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'River Care' });
  const plan = await createPlan(db.pool, { tripLimit: 24, noticeDaysMin: 2, noticeDaysMax: 30 });
  memberP = await createMember(db.pool, billToA.id, 'MA-100', plan);
  memberQ = await createMember(db.pool, billToB.id, 'MB-200');
  const partner = await createPartner(db.pool, 'Mesa Rides');
  partnerId = partner.partner.id;
  const driver = await createDriver(db.pool, partnerId);
  tripP = await createTrip(db.pool, { billToId: billToA.id, serviceDate: FUTURE, partnerId, accepted: true, driverId: driver.id, legs: [{ passengerId: memberP.id }] });
  tripQ = await createTrip(db.pool, { billToId: billToB.id, serviceDate: FUTURE, legs: [{ passengerId: memberQ.id }] });
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partnerUser = await signIn(t.app, partner.user);
  cmA = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id] }));
  cmB = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToB.id] }));
  passP = await signIn(t.app, memberP);
  passQ = await signIn(t.app, memberQ);
});

afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

describe('GET case-manager-activity', () => {
  it('401 → 400 → 403 → 404 in that order', async () => {
    expect((await new Browser(t.app).get('/api/case-manager-activity')).statusCode).toBe(401);
    const long = await cmA.get(`/api/case-manager-activity?serviceDate=2026-11-01&serviceDateMax=2027-02-03`);
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe(PORTAL_MSG.WINDOW_TOO_LONG);
    expect((await cmA.get('/api/case-manager-activity?billToIds=nope')).statusCode).toBe(400);
    expect((await partnerUser.get('/api/case-manager-activity')).statusCode).toBe(403);
    expect((await cmB.get(`/api/case-manager-activity?id=${tripP.id}`)).statusCode).toBe(404);
    expect((await passQ.get(`/api/case-manager-activity?id=${tripP.id}`)).statusCode).toBe(404);
    expect((await cmA.get(`/api/case-manager-activity?id=${UNKNOWN}`)).statusCode).toBe(404);
  });

  it("shows a case manager its bill-tos' trips in three groups with the rule 185 label", async () => {
    const past = await createTrip(db.pool, { billToId: billToA.id, serviceDate: PAST, legs: [{ passengerId: memberP.id }] });
    const today = await createTrip(db.pool, { billToId: billToA.id, serviceDate: TODAY, canceled: true, cancelledWithoutCharge: true, legs: [{ passengerId: memberP.id, status: 'CanceledNoCharge' }] });
    const res = await cmA.get('/api/case-manager-activity');
    expect(res.statusCode).toBe(200);
    const a = json(res);
    expect(a).toMatchObject({ serviceDate: '2026-10-23', serviceDateMax: '2027-01-21', today: TODAY });
    expect(a.groups.upcoming.map((x: { id: string }) => x.id)).toContain(tripP.id);
    expect(a.groups.upcoming.map((x: { id: string }) => x.id)).not.toContain(tripQ.id);
    expect(a.groups.today).toEqual([expect.objectContaining({ id: today.id, label: 'CanceledNoCharge', step: 'Canceled' })]);
    expect(a.groups.completed).toEqual([expect.objectContaining({ id: past.id, label: 'Completed' })]);
    const p = a.groups.upcoming.find((x: { id: string }) => x.id === tripP.id);
    expect(p).toMatchObject({ label: 'Pending', step: 'Driver assigned', providerName: 'Mesa Rides', billToContact: 'Mesa Health' });
  });

  it('narrows within scope: another bill-to, passenger or member id finds nothing', async () => {
    const ids = async (b: Browser, q: string) => {
      const a = json(await b.get(`/api/case-manager-activity?${q}`));
      return [...a.groups.today, ...a.groups.upcoming, ...a.groups.completed].map((x: { id: string }) => x.id);
    };
    expect(await ids(cmA, `billToIds=${billToB.id}`)).toEqual([]);
    expect(await ids(cmA, `passengerId=${memberQ.id}`)).toEqual([]);
    expect(await ids(cmA, 'memberId=MB-200')).toEqual([]);
    expect(await ids(cmB, 'memberId=MB-200')).toEqual([tripQ.id]);
    expect(await ids(cmA, 'memberId=ma-100')).toContain(tripP.id);
    expect(await ids(passQ, '')).toEqual([tripQ.id]);
    expect(await ids(staff, `passengerId=${memberQ.id}`)).toEqual([tripQ.id]);
  });
});

describe('GET case-manager-trip-preview', () => {
  it('401 → 400 → 403 → 404, and another passenger or case manager cannot open the trip', async () => {
    expect((await new Browser(t.app).get(`/api/case-manager-trip-preview?daId=${tripP.id}`)).statusCode).toBe(401);
    expect((await cmA.get('/api/case-manager-trip-preview?daId=nope')).statusCode).toBe(400);
    expect((await partnerUser.get(`/api/case-manager-trip-preview?daId=${tripP.id}`)).statusCode).toBe(403);
    expect((await cmB.get(`/api/case-manager-trip-preview?daId=${tripP.id}`)).statusCode).toBe(404);
    expect((await passQ.get(`/api/case-manager-trip-preview?daId=${tripP.id}`)).statusCode).toBe(404);
  });

  it('answers the trip page and records the access', async () => {
    const res = await passP.get(`/api/case-manager-trip-preview?daId=${tripP.id}`);
    expect(res.statusCode).toBe(200);
    const page = json(res);
    expect(page.trip).toMatchObject({ id: tripP.id, step: 'Driver assigned', providerName: 'Mesa Rides' });
    expect(page.trip.billToContact).toBeUndefined();
    expect(page.eta).toEqual({ legId: tripP.legIds[0], kind: 'pickup', time: '09:00:00', estimated: false });
    expect(page.actions).toEqual({ cancel: { allowed: true, reason: null }, bookReturn: { allowed: true, reason: null }, bookAgain: { allowed: true, reason: null } });
    expect(page.phone).toBe('(505) 555-0199');
    const audits = await auditRows(db.pool, 'drive_assignments', tripP.id);
    expect(audits.at(-1)).toMatchObject({ activity_type: 'portal-trip-view', actor_id: memberP.id, after: { referenceNumber: tripP.referenceNumber } });
  });
});

describe('POST case-manager-cancel', () => {
  it('401 → 400 → 403 → 404: another case manager or passenger changes nothing', async () => {
    const before = await tripRow(db.pool, tripP.id);
    expect((await new Browser(t.app).post('/api/case-manager-cancel', { id: tripP.id, modCount: tripP.modCount })).statusCode).toBe(401);
    const bad = await cmA.post('/api/case-manager-cancel', { id: tripP.id });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('modCount is required');
    expect((await partnerUser.post('/api/case-manager-cancel', { id: tripP.id, modCount: tripP.modCount })).statusCode).toBe(403);
    expect((await cmB.post('/api/case-manager-cancel', { id: tripP.id, modCount: tripP.modCount })).statusCode).toBe(404);
    expect((await passQ.post('/api/case-manager-cancel', { id: tripP.id, modCount: tripP.modCount })).statusCode).toBe(404);
    expect(await tripRow(db.pool, tripP.id)).toEqual(before);
  });

  it('refuses a stale modCount with 409 and the portal copy, changing nothing', async () => {
    const before = await tripRow(db.pool, tripP.id);
    const res = await cmA.post('/api/case-manager-cancel', { id: tripP.id, modCount: tripP.modCount + 5 });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(TRIP_MSG.CONFLICT_SERVER);
    expect(json(res).current).toMatchObject({ id: tripP.id, modCount: tripP.modCount });
    expect(JSON.stringify(json(res).current)).not.toMatch(/farmoutRate|driverId|partnerPayStatus/);
    expect(await tripRow(db.pool, tripP.id)).toEqual(before);
  });

  it('cancels the legs left with Advance Notice, without charge, for staff review', async () => {
    const trip = await createTrip(db.pool, { billToId: billToA.id, serviceDate: FUTURE, partnerId, accepted: true, legs: [{ passengerId: memberP.id }, { passengerId: memberP.id, pickup: '14:00:00' }] });
    const res = await cmA.post('/api/case-manager-cancel', { id: trip.id, modCount: trip.modCount });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ canceledLegIds: trip.legIds, message: PORTAL_MSG.CANCEL_DONE, trip: { label: 'CanceledNoCharge', step: 'Canceled', cancelledReason: 'Advance Notice' } });
    const row = (await tripRow(db.pool, trip.id)) as Record<string, any>;
    expect(row).toMatchObject({ canceled: true, cancelled_without_charge: true, cancelled_with_charge: false, cancelled_reason: 'Advance Notice' });
    expect(row.legs.map((l: Record<string, unknown>) => [l.status, l.cancel_nc, l.cancel_reason])).toEqual([
      ['CanceledNoCharge', true, 'Advance Notice'],
      ['CanceledNoCharge', true, 'Advance Notice'],
    ]);
    expect(row.activities).toEqual([expect.objectContaining({ action: 'Cancellation review', status: 'Pending', partner_id: partnerId, reason: 'Advance Notice' })]);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).map((a) => a.activity_type)).toEqual(['portal-cancel']);
    expect((await auditRows(db.pool, 'trip_legs', trip.legIds[1])).map((a) => a.activity_type)).toEqual(['portal-cancel']);
    expect((await auditRows(db.pool, 'partner_activities', row.activities[0].id)).map((a) => a.activity_type)).toEqual(['portal-cancel']);

    const again = await cmA.post('/api/case-manager-cancel', { id: trip.id, modCount: row.mod_count });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(PORTAL_MSG.ALREADY_CANCELED);
  });

  it("refuses a started trip in plain words with the phone number, and cancels only the passenger's own legs", async () => {
    const started = await createTrip(db.pool, { billToId: billToA.id, serviceDate: TODAY, legs: [{ passengerId: memberP.id, pickup: '08:00:00', act: '07:58:00' }] });
    const before = await tripRow(db.pool, started.id);
    const res = await passP.post('/api/case-manager-cancel', { id: started.id, modCount: started.modCount });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(PORTAL_MSG.STARTED);
    expect(json(res).message).toContain('(505) 555-0199');
    expect(await tripRow(db.pool, started.id)).toEqual(before);

    const shared = await createTrip(db.pool, { billToId: billToA.id, serviceDate: FUTURE, legs: [{ passengerId: memberP.id }, { passengerId: memberQ.id }] });
    const mine = await passP.post('/api/case-manager-cancel', { id: shared.id, modCount: shared.modCount });
    expect(mine.statusCode).toBe(200);
    expect(json(mine).canceledLegIds).toEqual([shared.legIds[0]]);
    expect(json(mine).trip.tripLegs.map((l: { id: string }) => l.id)).toEqual([shared.legIds[0]]);
    const row = (await tripRow(db.pool, shared.id)) as Record<string, any>;
    expect(row.canceled).toBe(false);
    expect(row.legs.map((l: Record<string, unknown>) => l.status)).toEqual(['CanceledNoCharge', 'Pending']);
  });
});

describe('GET member-plans', () => {
  it('401 → 400 → 403 → 404 out of scope', async () => {
    expect((await new Browser(t.app).get(`/api/member-plans?contactNumber=${memberP.contactNumber}`)).statusCode).toBe(401);
    expect((await cmA.get('/api/member-plans')).statusCode).toBe(400);
    expect((await cmA.get('/api/member-plans?contactNumber=abc')).statusCode).toBe(400);
    expect((await partnerUser.get(`/api/member-plans?contactNumber=${memberP.contactNumber}`)).statusCode).toBe(403);
    expect((await cmB.get(`/api/member-plans?contactNumber=${memberP.contactNumber}`)).statusCode).toBe(404);
    expect((await passQ.get(`/api/member-plans?contactNumber=${memberP.contactNumber}`)).statusCode).toBe(404);
    expect((await cmA.get('/api/member-plans?contactNumber=999999')).statusCode).toBe(404);
  });

  it("answers the member's plans with their limits, to their case manager and themselves", async () => {
    for (const who of [cmA, passP, staff]) {
      const res = await who.get(`/api/member-plans?contactNumber=${memberP.contactNumber}`);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual([
        expect.objectContaining({ memberId: 'MA-100', billToId: billToA.id, billToName: 'Mesa Health', status: 'Active', tripLimitCount: 24, advanceNoticeDaysMin: 2, advanceNoticeDaysMax: 30 }),
      ]);
      expect(json(res)[0].tripsYTD).toBeGreaterThan(0);
    }
    const audits = await auditRows(db.pool, 'contacts', memberP.id);
    expect(audits.filter((a) => a.activity_type === 'member-plans-view')).toHaveLength(3);
  });

  it('answers one plan by id to staff only', async () => {
    const { rows } = await db.pool.query('select plan_id from coverages where contact_id = $1', [memberP.id]);
    const res = await staff.get(`/api/member-plans?planId=${rows[0].plan_id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([expect.objectContaining({ planId: rows[0].plan_id, memberId: null, tripLimitCount: 24 })]);
    expect((await cmA.get(`/api/member-plans?planId=${rows[0].plan_id}`)).statusCode).toBe(404);
  });
});
