import { RES_MSG, type ReservationDetail, type ReservationSaveResult } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import {
  booking,
  countOf,
  createPassenger,
  divisionWithCounties,
  outbound,
  CLINIC,
  type LegBody,
} from './reservation-helpers.ts';
import { auditRows, createPartner, createTrip, FUTURE, signIn, tripRow } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let affiliate: Browser;
let caseManager: Browser;
let rider: Awaited<ReturnType<typeof createPassenger>>;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const save = (b: Browser, body: unknown, applyToAll = false) =>
  b.post(`/api/drive-assignments-detailed${applyToAll ? '?applyToAll=true' : ''}`, body);

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await divisionWithCounties(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  affiliate = await signIn(t.app, (await createPartner(db.pool)).user);
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
  rider = await createPassenger(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

/** Books a trip through the API and answers what it saved. */
async function book(legs: LegBody[], extra: Record<string, unknown> = {}): Promise<ReservationDetail> {
  const res = await save(staff, booking(legs, extra));
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  return (res.json() as ReservationSaveResult).trip;
}

/** The save body of a reservation as the editor would send it back. */
function asSaved(trip: ReservationDetail, legs: Partial<LegBody>[] = []) {
  return {
    id: trip.id,
    modCount: trip.modCount,
    serviceDate: trip.serviceDate,
    tripLegs: trip.tripLegs.map((l, i) => ({
      id: l.id,
      whichLeg: l.whichLeg,
      locFirstAction: l.locFirstAction,
      locSecondAction: l.locSecondAction,
      passengerId: l.passengerId,
      locationFirst: { id: l.locationFirst.Id },
      locationSecond: { id: l.locationSecond.Id },
      locFirstTimeOrd: l.locFirstTimeOrd,
      locSecondTimeOrd: l.locSecondTimeOrd,
      apptTime: l.apptTime,
      ...legs[i],
    })),
  };
}

describe('POST drive-assignments-detailed: booking', () => {
  it('answers 401, 400 with field paths, and 403 to an Affiliate and a Case Manager', async () => {
    const body = booking([outbound(rider.id, rider.homeId)]);
    expect((await save(new Browser(t.app), body)).statusCode).toBe(401);
    const bad = await save(staff, { ...body, serviceDate: 'tomorrow', tripLegs: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['serviceDate', 'tripLegs']));
    expect((await save(affiliate, body)).statusCode).toBe(403);
    expect((await save(caseManager, body)).statusCode).toBe(403);
  });

  it('books a trip with a will-call return: 23:59 times, statuses, server-measured drives, division, audit and request history', async () => {
    const body = booking([
      outbound(rider.id, rider.homeId, { googleDrivingDistanceMeters: 999_999, googleDrivingTime: 1 }),
      outbound(rider.id, rider.homeId, { whichLeg: 'B', locationFirst: { text: CLINIC.text }, locationSecond: { id: rider.homeId }, locFirstTimeOrd: '23:59:00', apptTime: null }),
    ]);
    const res = await save(staff, body);
    expect(res.statusCode).toBe(200);
    const { trip } = res.json() as ReservationSaveResult;
    expect(trip).toMatchObject({ id: body.id, willCall: true, serviceTypeRequested: '01', daClass: 'NE', division: 'NM01', returnType: 'Standard Return', modCount: 0 });
    const [a, b] = trip.tripLegs;
    expect(a).toMatchObject({ whichLeg: 'A', status: 'Pending', locFirstTimeOrd: '09:30:00', apptTime: '10:00:00', passName: 'Rosa Chavez' });
    expect(a.webFields).toMatchObject({ timePriority: 'ApptTime' });
    expect(b).toMatchObject({ whichLeg: 'B', status: 'WillCall', locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null });
    // the browser's distance is ignored: the server measured about 3 km
    expect(a.googleDrivingDistanceMeters).toBeGreaterThan(2000);
    expect(a.googleDrivingDistanceMeters).toBeLessThan(5000);
    expect(a.googleDrivingTime).toBeGreaterThan(60);
    // the typed clinic became a new address row the leg points at
    expect(a.locationSecond).toMatchObject({ Address: CLINIC.text });
    expect(a.locationSecond.Id).not.toBeNull();
    const tripAudit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(tripAudit).toEqual([expect.objectContaining({ activity_type: 'reservation-create', before: null, after: expect.objectContaining({ willCall: true }) })]);
    for (const leg of trip.tripLegs) {
      expect(await auditRows(db.pool, 'trip_legs', leg.id)).toEqual([expect.objectContaining({ activity_type: 'reservation-create', before: null })]);
    }
    const history = await staff.get(`/api/reservation-requests?referenceNumber=${trip.referenceNumber}`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([expect.objectContaining({ kind: 'create', request: expect.objectContaining({ id: body.id, requestedBy: 'Maria at the clinic' }) })]);
  });

  it('answers a retried booking with the first trip and writes nothing more', async () => {
    const body = booking([outbound(rider.id, rider.homeId)]);
    const first = await save(staff, body);
    expect(first.statusCode).toBe(200);
    const counts = [await countOf(db.pool, 'drive_assignments'), await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'audit_log'), await countOf(db.pool, 'reservation_requests')];
    const again = await save(staff, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().trip).toEqual(first.json().trip);
    expect([await countOf(db.pool, 'drive_assignments'), await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'audit_log'), await countOf(db.pool, 'reservation_requests')]).toEqual(counts);
  });

  it('writes nothing when the fourth of four legs is refused (not a passenger)', async () => {
    const notPassenger = await createContact(db.pool, { types: ['Case Manager'], username: null });
    const legs = ['A', 'B', 'C'].map((whichLeg, i) =>
      outbound(rider.id, rider.homeId, { whichLeg, locationSecond: { text: `${100 + i} Medical Arts Ave NE, Albuquerque, NM 87106` } }),
    );
    legs.push(outbound(notPassenger.id, rider.homeId, { whichLeg: 'D' }));
    const counts = [await countOf(db.pool, 'drive_assignments'), await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'addresses'), await countOf(db.pool, 'audit_log')];
    const res = await save(staff, booking(legs));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: RES_MSG.NOT_A_PASSENGER, details: [{ path: 'tripLegs.3.passengerId', message: RES_MSG.NOT_A_PASSENGER }] });
    expect([await countOf(db.pool, 'drive_assignments'), await countOf(db.pool, 'trip_legs'), await countOf(db.pool, 'addresses'), await countOf(db.pool, 'audit_log')]).toEqual(counts);
  });

  it('refuses the form rules with field paths: a wait leg on will call, a late drop-off, no division for the ZIP', async () => {
    const wait = await save(staff, booking([outbound(rider.id, rider.homeId, { locFirstAction: 'WT', locFirstTimeOrd: '23:59:00' })], { willCall: true }));
    expect(wait.json()).toMatchObject({ message: RES_MSG.WILL_CALL_ACTION, details: [{ path: 'tripLegs.0.locFirstAction' }] });
    const late = await save(staff, booking([outbound(rider.id, rider.homeId, { locFirstTimeOrd: '09:55:00' })]));
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0]).toMatchObject({ path: 'tripLegs.0.apptTime', message: expect.stringMatching(/^Estimated dropoff time 10:\d\d is too late for appt time 10:00$/) });
    const nowhere = await save(staff, booking([outbound(rider.id, rider.homeId, { locationFirst: { text: '100 Cerrillos Rd, Santa Fe, NM 87505' }, apptTime: null })]));
    expect(nowhere.json()).toMatchObject({ message: RES_MSG.NO_DIVISION, details: [{ path: 'tripLegs.0.locationFirst' }] });
  });

  it('blocks a booking its coverage check refuses, unless the check is not asked (no appointment type)', async () => {
    const refused = await save(staff, booking([outbound(rider.id, rider.homeId, { apptType: 'Dialysis' })]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('tripLegs.0.passengerId');
  });
});

describe('POST drive-assignments-detailed: saving a reservation', () => {
  it('answers 404 for an unknown trip and 409 with the server copy for a stale modCount, changing nothing', async () => {
    const trip = await book([outbound(rider.id, rider.homeId)]);
    expect((await save(staff, { ...asSaved(trip), id: UNKNOWN })).statusCode).toBe(404);
    const before = await tripRow(db.pool, trip.id);
    const stale = await save(staff, { ...asSaved(trip, [{ apptTime: '11:00:00' }]), modCount: trip.modCount + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: RES_MSG.CONFLICT(trip.referenceNumber), current: { id: trip.id, modCount: trip.modCount } });
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("refuses putting a passenger on a trip whose partner is on that passenger's blacklist, but not editing the trip of one already on it", async () => {
    const trip = await book([outbound(rider.id, rider.homeId)]);
    const { partner } = await createPartner(db.pool, 'Mesa Rides');
    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [trip.id, partner.id]);
    const other = await createPassenger(db.pool, 'Ines Gallegos');
    for (const who of [other.id, rider.id]) {
      await db.pool.query(`insert into blacklists (partner_id, passenger_id, requested_by) values ($1, $2, 'Passenger')`, [partner.id, who]);
    }
    const detail = (await staff.get(`/api/drive-assignments-detailed?id=${trip.id}`)).json() as ReservationDetail;
    const before = await tripRow(db.pool, trip.id);
    const refused = await save(staff, asSaved(detail, [{ passengerId: other.id, locationFirst: { id: other.homeId } }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Ines Gallegos is on Mesa Rides\u2019s blacklist (requested by Passenger): trip ${trip.referenceNumber} cannot be assigned to it`);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
    // the rider was on the trip before their entry: changing its time is not giving the partner a passenger
    expect((await save(staff, asSaved(detail, [{ locFirstTimeOrd: '09:15:00' }]))).statusCode).toBe(200);
  });

  it('refuses dropping a saved leg (cancel it instead) and a Final trip', async () => {
    const trip = await book([outbound(rider.id, rider.homeId), outbound(rider.id, rider.homeId, { whichLeg: 'B', locFirstTimeOrd: '14:00:00', apptTime: null })]);
    const dropped = asSaved(trip);
    dropped.tripLegs.pop();
    const res = await save(staff, dropped);
    expect(res.json()).toMatchObject({ message: RES_MSG.SAVED_LEG_DROPPED });
    expect(res.statusCode).toBe(400);
    const final = await createTrip(db.pool, { serviceDate: FUTURE, partnerPayStatus: 'Final', legs: [{ passengerId: rider.id }] });
    const detail = (await staff.get(`/api/drive-assignments-detailed?id=${final.id}`)).json() as ReservationDetail;
    const before = await tripRow(db.pool, final.id);
    const refused = await save(staff, asSaved(detail, [{ locationFirst: { id: rider.homeId }, locationSecond: { text: CLINIC.text }, apptTime: null }]));
    expect(refused.json()).toMatchObject({ message: RES_MSG.FINALIZED });
    expect(await tripRow(db.pool, final.id)).toEqual(before);
  });

  it('saves changed fields and a cancelled leg with audit rows before and after, bumping modCount once', async () => {
    const trip = await book([outbound(rider.id, rider.homeId), outbound(rider.id, rider.homeId, { whichLeg: 'B', locFirstTimeOrd: '14:00:00', apptTime: null })]);
    const body = { ...asSaved(trip, [{ apptTime: '10:15:00' }, { canceled: true }]), pca: true };
    const res = await save(staff, body);
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as ReservationSaveResult).trip;
    expect(saved).toMatchObject({ modCount: trip.modCount + 1, pca: true });
    expect(saved.tripLegs.map((l) => [l.whichLeg, l.status, l.apptTime])).toEqual([
      ['A', 'Pending', '10:15:00'],
      ['B', 'Canceled', null],
    ]);
    const [legA, legB] = trip.tripLegs;
    expect((await auditRows(db.pool, 'trip_legs', legA.id)).at(-1)).toMatchObject({
      activity_type: 'reservation-save',
      before: { apptTime: '10:00:00' },
      after: { apptTime: '10:15:00' },
    });
    expect((await auditRows(db.pool, 'trip_legs', legB.id)).at(-1)).toMatchObject({ before: { status: 'Pending' }, after: { status: 'Canceled' } });
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({ before: { pca: false }, after: { pca: true } });
    // the same body again changes nothing (and would now be stale)
    const again = await save(staff, { ...body, modCount: saved.modCount });
    expect((again.json() as ReservationSaveResult).trip.modCount).toBe(saved.modCount);
  });

  it('applyToAll changes the later trips of the series that have not started and are not Final', async () => {
    const trip = await book([outbound(rider.id, rider.homeId)]);
    const key = '11111111-2222-4333-8444-555555555555';
    const later = await book([outbound(rider.id, rider.homeId)], { serviceDate: '2026-11-30' });
    const final = await book([outbound(rider.id, rider.homeId)], { serviceDate: '2026-12-07' });
    const earlier = await book([outbound(rider.id, rider.homeId)], { serviceDate: '2026-11-22' });
    await db.pool.query('update drive_assignments set dupe_reference_key = $1 where id = any($2)', [key, [trip.id, later.id, final.id, earlier.id]]);
    await db.pool.query(`update drive_assignments set partner_pay_status = 'Final' where id = $1`, [final.id]);
    const fresh = (await staff.get(`/api/drive-assignments-detailed?id=${trip.id}`)).json() as ReservationDetail;
    const res = await save(staff, { ...asSaved(fresh, [{ apptTime: '10:20:00', passNotes: 'Uses a walker' }]), schedulePriority: 2 }, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().seriesUpdated).toEqual([later.referenceNumber]);
    const laterNow = (await staff.get(`/api/drive-assignments-detailed?id=${later.id}`)).json() as ReservationDetail;
    expect(laterNow).toMatchObject({ schedulePriority: 2, modCount: later.modCount + 1, serviceDate: '2026-11-30' });
    expect(laterNow.tripLegs[0]).toMatchObject({ apptTime: '10:20:00', passNotes: 'Uses a walker' });
    for (const untouched of [final, earlier]) {
      const now = (await staff.get(`/api/drive-assignments-detailed?id=${untouched.id}`)).json() as ReservationDetail;
      expect(now).toMatchObject({ schedulePriority: 1, modCount: untouched.modCount });
    }
  });

  it("applyToAll tells each partner of a changed occurrence which of its trips changed, and no one else", async () => {
    const trip = await book([outbound(rider.id, rider.homeId)]);
    const later = await book([outbound(rider.id, rider.homeId)], { serviceDate: '2026-11-30' });
    const unassigned = await book([outbound(rider.id, rider.homeId)], { serviceDate: '2026-12-01' });
    const key = '21111111-2222-4333-8444-555555555555';
    const partner = await createPartner(db.pool);
    await db.pool.query('update drive_assignments set dupe_reference_key = $1 where id = any($2)', [key, [trip.id, later.id, unassigned.id]]);
    await db.pool.query('update drive_assignments set farmout_contact_id = $1 where id = $2', [partner.partner.id, later.id]);
    const notices = () =>
      db.pool.query<{ recipient_id: string; message: { title: string; body: string } }>(
        `select recipient_id, message from notification_deliveries where message->>'title' = $1 order by created`,
        [RES_MSG.SERIES_CHANGED_TITLE],
      );
    const before = (await notices()).rows.length;
    const fresh = (await staff.get(`/api/drive-assignments-detailed?id=${trip.id}`)).json() as ReservationDetail;
    const res = await save(staff, { ...asSaved(fresh, [{ passNotes: 'Bring the oxygen' }]) }, true);
    expect(res.json().seriesUpdated.sort()).toEqual([later.referenceNumber, unassigned.referenceNumber].sort());
    const sent = (await notices()).rows.slice(before);
    expect(sent).toEqual([{ recipient_id: partner.user.id, message: expect.objectContaining({ body: RES_MSG.SERIES_CHANGED([later.referenceNumber]) }) }]);
  });
});

describe('GET drive-assignments-detailed', () => {
  it('answers 401, 400, 403 (Affiliate, Case Manager) and 404, and finds a trip by id, reference number or leg', async () => {
    const trip = await book([outbound(rider.id, rider.homeId)]);
    const url = `/api/drive-assignments-detailed?id=${trip.id}`;
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    expect((await staff.get('/api/drive-assignments-detailed')).statusCode).toBe(400);
    expect((await affiliate.get(url)).statusCode).toBe(403);
    expect((await caseManager.get(url)).statusCode).toBe(403);
    expect((await staff.get(`/api/drive-assignments-detailed?id=${UNKNOWN}`)).statusCode).toBe(404);
    expect((await staff.get('/api/drive-assignments-detailed?referenceNumber=0')).statusCode).toBe(404);
    for (const q of [`id=${trip.id}`, `referenceNumber=${trip.referenceNumber}`, `tripLegId=${trip.tripLegs[0].id}`]) {
      const res = await staff.get(`/api/drive-assignments-detailed?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: trip.id, dupeReferenceKey: null, createdOverride: null, createdByName: expect.any(String) });
    }
  });
});
