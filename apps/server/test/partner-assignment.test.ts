import { TRIP_MSG, type DriveAssignment, type PartnerOption } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { HttpSession, idsOf, serve, type Served } from './live-helpers.ts';
import {
  auditRows,
  createDriver,
  createPartner,
  createReasons,
  createTrip,
  FUTURE,
  PAST,
  signIn,
  TODAY,
  tripRow,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let staff: Browser;
let staffUser: Created;
let partnerX: Browser;

const ABQ_DOWNTOWN = { lat: 35.0844, lng: -106.6504, zip: '87102' };

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Bosque Wheelchair Express');
  staffUser = await createContact(db.pool, { types: ['SecureEmployee'] });
  staff = await signIn(t.app, staffUser);
  partnerX = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

/** A partner company with a base, a fleet and the ZIP codes it serves. */
async function partnerAt(name: string, base: { lat: number; lng: number }, fleet: { seats: number; wheelchairs: number; stretchers: number }, zips: string[]) {
  const p = await createPartner(db.pool, name);
  await db.pool.query('update contacts set base_lat = $2, base_lng = $3 where id = $1', [p.partner.id, base.lat, base.lng]);
  await db.pool.query(
    `insert into vehicles (vehicle_number, vehicle_type, partner_id, ambulatory_seating_capacity, wheelchair_seating_capacity, stretcher_capacity)
     values ($1, 'Van', $2, $3, $4, $5)`,
    [`V-${p.partner.contactNumber}`, p.partner.id, fleet.seats, fleet.wheelchairs, fleet.stretchers],
  );
  for (const zip of zips) await db.pool.query('insert into partner_zip_coverage (partner_id, zip) values ($1, $2)', [p.partner.id, zip]);
  return p;
}

/** Puts the trip's first pickup at an address. */
async function pickupAt(legId: string, at: { lat: number; lng: number; zip: string }) {
  const { rows } = await db.pool.query(
    `insert into addresses (street, city, state, zip, lat, lng) values ('400 Gold Ave SW', 'Albuquerque', 'NM', $1, $2, $3) returning id`,
    [at.zip, at.lat, at.lng],
  );
  await db.pool.query('update trip_legs set location_first_id = $2 where id = $1', [legId, rows[0].id]);
}

const patch = (b: Browser, body: unknown) => b.request('PATCH', '/api/drive-assignments-detailed', { body });

describe('GET partner-options-for-da', () => {
  it('answers 401, 400, 403 (partner, case manager) and 404 for an unknown reference', async () => {
    const trip = await createTrip(db.pool, { serviceDate: FUTURE });
    const url = `/api/partner-options-for-da?referenceNumber=${trip.referenceNumber}`;
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    const missing = await staff.get('/api/partner-options-for-da');
    expect(missing.statusCode).toBe(400);
    expect((await partnerX.get(url)).statusCode).toBe(403);
    expect((await (await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }))).get(url)).statusCode).toBe(403);
    expect((await staff.get('/api/partner-options-for-da?referenceNumber=99999')).statusCode).toBe(404);
  });

  it('lists partner companies best first with their parts, the current partner and out-of-area ones marked', async () => {
    const near = await partnerAt('Near Rides', { lat: 35.09, lng: -106.64 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['87102', '87104']);
    const far = await partnerAt('Las Cruces Rides', { lat: 32.3199, lng: -106.7637 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['88005']);
    const noChair = await partnerAt('Sedans Only', { lat: 35.09, lng: -106.64 }, { seats: 3, wheelchairs: 0, stretchers: 0 }, ['87102']);
    // two partners alike in every way are ordered by name
    const twinB = await partnerAt('Twin B', { lat: 35.2, lng: -106.6 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, []);
    const twinA = await partnerAt('Twin A', { lat: 35.2, lng: -106.6 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, []);
    const trip = await createTrip(db.pool, { partnerId: far.partner.id, serviceDate: FUTURE });
    await db.pool.query(`update drive_assignments set service_type_requested = '03' where id = $1`, [trip.id]);
    await pickupAt(trip.legIds[0], ABQ_DOWNTOWN);
    // Near Rides has another trip that day and accepted its one trip of the last 90 days
    await createTrip(db.pool, { partnerId: near.partner.id, serviceDate: FUTURE });
    await createTrip(db.pool, { partnerId: near.partner.id, serviceDate: PAST, accepted: true });

    const res = await staff.get(`/api/partner-options-for-da?referenceNumber=${trip.referenceNumber}`);
    expect(res.statusCode).toBe(200);
    const options = res.json() as PartnerOption[];
    const scores = options.map((o) => o.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const mine = new Set([near, far, noChair, twinA, twinB].map((p) => p.partner.id));
    expect(options.filter((o) => mine.has(o.providerId)).map((o) => o.name)).toEqual(['Near Rides', 'Twin A', 'Twin B', 'Sedans Only', 'Las Cruces Rides']);

    const byName = new Map(options.map((o) => [o.name, o]));
    expect(byName.get('Near Rides')).toMatchObject({
      providerId: near.partner.id,
      contactNumber: near.partner.contactNumber,
      outOfArea: false,
      current: false,
      inHouse: false,
      parts: { capable: true, zipCovered: true, tripsThatDay: 1, acceptanceRate: 1 },
    });
    expect(byName.get('Near Rides')).toMatchObject({ coverage: { covered: 1, trips: 1 } });
    // miles to 0.1 (DECISIONS 12): under a mile downtown, about 190 miles from Las Cruces
    expect(byName.get('Near Rides')!.parts.distanceMiles).toBeLessThan(1.2);
    expect(byName.get('Las Cruces Rides')).toMatchObject({ current: true, outOfArea: true, parts: { zipCovered: false }, coverage: { covered: 0, trips: 1 } });
    expect(byName.get('Las Cruces Rides')!.parts.distanceMiles).toBeGreaterThan(180);
    expect(byName.get('Las Cruces Rides')!.parts.distanceMiles).toBeLessThan(200);
    expect(Number.isInteger(byName.get('Las Cruces Rides')!.parts.distanceMiles! * 10)).toBe(true);
    expect(byName.get('Sedans Only')).toMatchObject({ outOfArea: false, parts: { capable: false } });
    expect(byName.get('Twin A')!.score).toBe(byName.get('Twin B')!.score);
    // partner users and drivers are not partners
    expect(options.some((o) => o.providerId === x.user.id)).toBe(false);
  });

  it('counts accepted and declined trips of the same service days for the acceptance rate', async () => {
    const p = await partnerAt('Half Rides', { lat: 35.1, lng: -106.6 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['87102']);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    await createTrip(db.pool, { partnerId: p.partner.id, serviceDate: PAST, accepted: true });
    const declined = await createTrip(db.pool, { partnerId: p.partner.id, serviceDate: PAST });
    // a decline entered today of a trip long ago is outside the window
    const old = await createTrip(db.pool, { partnerId: p.partner.id, serviceDate: '2020-01-06' });
    await db.pool.query(
      `insert into trip_declines (drive_assignment_id, partner_id, reason) values ($1, $3, 'No Availability'), ($2, $3, 'No Availability')`,
      [declined.id, old.id, p.partner.id],
    );
    const options = (await staff.get(`/api/partner-options-for-da?referenceNumber=${trip.referenceNumber}`)).json() as PartnerOption[];
    expect(options.find((o) => o.providerId === p.partner.id)!.parts.acceptanceRate).toBe(0.5);
  });
});

describe('POST partner-coverage-for-das', () => {
  const cover = (b: Browser, body: unknown) => b.post('/api/partner-coverage-for-das', body);

  it('answers 401, 400 for no trips or an unknown partner, 403 to a partner', async () => {
    const trip = await createTrip(db.pool, { serviceDate: FUTURE });
    const body = { referenceNumbers: [trip.referenceNumber], providerId: x.partner.id };
    expect((await cover(new Browser(t.app), body)).statusCode).toBe(401);
    expect((await cover(staff, { ...body, referenceNumbers: [] })).json().message).toBe('Choose at least one trip');
    const unknown = await cover(staff, { ...body, providerId: '11111111-1111-4111-8111-111111111111' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no partner with this id');
    expect((await cover(partnerX, body)).statusCode).toBe(403);
  });

  it("names every trip whose pickup ZIP the partner does not serve, a pickup without ZIP included, and skips unknown references", async () => {
    const p = await partnerAt('Coverage Rides', { lat: 35.09, lng: -106.64 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['87102']);
    const inside = await createTrip(db.pool, { serviceDate: FUTURE });
    await pickupAt(inside.legIds[0], ABQ_DOWNTOWN);
    const plus4 = await createTrip(db.pool, { serviceDate: FUTURE });
    await pickupAt(plus4.legIds[0], { ...ABQ_DOWNTOWN, zip: '87102-1234' });
    const outside = await createTrip(db.pool, { serviceDate: FUTURE });
    await pickupAt(outside.legIds[0], { lat: 32.3199, lng: -106.7637, zip: '88005' });
    const noZip = await createTrip(db.pool, { serviceDate: FUTURE });
    const res = await cover(staff, {
      referenceNumbers: [inside.referenceNumber, plus4.referenceNumber, outside.referenceNumber, noZip.referenceNumber, '99996'],
      providerId: p.partner.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().checked).toBe(4);
    expect(new Set(res.json().outOfArea)).toEqual(
      new Set([
        { referenceNumber: outside.referenceNumber, zip: '88005' },
        { referenceNumber: noZip.referenceNumber, zip: null },
      ]),
    );
  });
});

describe('POST partner-options-for-das (the picker of a bulk assignment)', () => {
  const options = (b: Browser, body: unknown) => b.post('/api/partner-options-for-das', body);
  const LAS_CRUCES = { lat: 32.3199, lng: -106.7637, zip: '88005' };

  /** Two local partners, one in each city, and trips in both. */
  async function twoCities() {
    const abq = await partnerAt(`Duke City Rides ${Math.random().toString(36).slice(2, 7)}`, { lat: 35.09, lng: -106.64 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['87102']);
    const lc = await partnerAt(`Mesilla Rides ${Math.random().toString(36).slice(2, 7)}`, { lat: 32.32, lng: -106.76 }, { seats: 4, wheelchairs: 2, stretchers: 0 }, ['88005']);
    const trips = [];
    for (const at of [ABQ_DOWNTOWN, ABQ_DOWNTOWN, LAS_CRUCES]) {
      const trip = await createTrip(db.pool, { partnerId: abq.partner.id, serviceDate: FUTURE });
      await pickupAt(trip.legIds[0], at);
      trips.push(trip);
    }
    return { abq, lc, trips, refs: trips.map((tr) => tr.referenceNumber) };
  }

  it('answers 401, 400 for no trips or a bad reference, 403 to a partner and a case manager, 404 when none is found', async () => {
    const { refs } = await twoCities();
    expect((await options(new Browser(t.app), { referenceNumbers: refs })).statusCode).toBe(401);
    const none = await options(staff, { referenceNumbers: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one trip');
    const long = await options(staff, { referenceNumbers: ['12345678901'] });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A reference number has at most 10 characters');
    expect((await options(partnerX, { referenceNumbers: refs })).statusCode).toBe(403);
    expect((await options(await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] })), { referenceNumbers: refs })).statusCode).toBe(403);
    const missing = await options(staff, { referenceNumbers: ['99991', '99992'] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No trip has these reference numbers.');
  });

  it('counts the pickups each partner serves over every trip: a local partner is not Out-Of-Area', async () => {
    const { abq, lc, trips, refs } = await twoCities();
    const before = await Promise.all(trips.map((tr) => tripRow(db.pool, tr.id)));
    const res = await options(staff, { referenceNumbers: [...refs, '99993'] });
    expect(res.statusCode).toBe(200);
    const list = res.json() as PartnerOption[];
    const scores = list.map((o) => o.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const local = list.find((o) => o.providerId === abq.partner.id)!;
    // two of the three pickups are in its ZIP: it is neither Out-Of-Area nor covering all
    expect(local).toMatchObject({ outOfArea: false, current: true, coverage: { covered: 2, trips: 3 }, parts: { zipCovered: false } });
    expect(list.find((o) => o.providerId === lc.partner.id)).toMatchObject({ outOfArea: false, current: false, coverage: { covered: 1, trips: 3 } });
    // a partner serving none of the pickups is the one marked Out-Of-Area
    expect(list.find((o) => o.providerId === x.partner.id)).toMatchObject({ outOfArea: true, coverage: { covered: 0, trips: 3 } });
    // the mean distance, in miles: (≈0.5 + ≈0.5 + ≈190) ÷ 3
    expect(local.parts.distanceMiles).toBeGreaterThan(60);
    expect(local.parts.distanceMiles).toBeLessThan(66);
    // asking changes nothing
    expect(await Promise.all(trips.map((tr) => tripRow(db.pool, tr.id)))).toEqual(before);
  });

  it('answers like the one-trip picker for one trip', async () => {
    const { abq, refs } = await twoCities();
    const one = (await options(staff, { referenceNumbers: [refs[0]] })).json() as PartnerOption[];
    const single = (await staff.get(`/api/partner-options-for-da?referenceNumber=${refs[0]}`)).json() as PartnerOption[];
    expect(one).toEqual(single);
    expect(one.find((o) => o.providerId === abq.partner.id)).toMatchObject({ outOfArea: false, parts: { zipCovered: true }, coverage: { covered: 1, trips: 1 } });
  });
});

describe('POST decline-da-on-behalf-of-partner', () => {
  const body = (tripId: string, providerId: string, reasonId = 'No Availability') => ({ daId: tripId, providerId, reasonId });

  it('answers 401, 400 for a missing or unknown reason, 403 to a partner, 404 for an unknown trip', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    expect((await new Browser(t.app).post('/api/decline-da-on-behalf-of-partner', body(trip.id, x.partner.id))).statusCode).toBe(401);
    const blank = await staff.post('/api/decline-da-on-behalf-of-partner', body(trip.id, x.partner.id, ' '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TRIP_MSG.DECLINE_REASON_REQUIRED);
    const unknown = await staff.post('/api/decline-da-on-behalf-of-partner', body(trip.id, x.partner.id, 'Tired'));
    expect(unknown.json()).toMatchObject({ message: TRIP_MSG.UNKNOWN_DECLINE_REASON, details: [{ path: 'reasonId' }] });
    expect((await partnerX.post('/api/decline-da-on-behalf-of-partner', body(trip.id, x.partner.id))).statusCode).toBe(403);
    expect((await staff.post('/api/decline-da-on-behalf-of-partner', body('11111111-1111-4111-8111-111111111111', x.partner.id))).statusCode).toBe(404);
  });

  it('records the decline for the partner (trip_declines on_behalf, activity, audit) and takes the trip from its driver', async () => {
    const driver = await createDriver(db.pool, x.partner.id);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true, driverId: driver.id });
    const { rows: reasons } = await db.pool.query(`select id from decline_reasons where name = 'No Availability'`);
    const res = await staff.post('/api/decline-da-on-behalf-of-partner', body(trip.id, x.partner.id, reasons[0].id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trip.id, declined: true, deleted: true, accepted: false, driverId: null, modCount: trip.modCount + 1 });

    const { rows: declines } = await db.pool.query('select partner_id, reason, entered_by, on_behalf from trip_declines where drive_assignment_id = $1', [trip.id]);
    expect(declines).toEqual([{ partner_id: x.partner.id, reason: 'No Availability', entered_by: staffUser.id, on_behalf: true }]);
    const row = await tripRow(db.pool, trip.id);
    expect(row.activities).toEqual([expect.objectContaining({ action: 'Decline', status: 'Recorded', reason: 'No Availability', partner_id: x.partner.id })]);
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({
        activity_type: 'decline-on-behalf',
        actor_id: staffUser.id,
        before: expect.objectContaining({ declined: false, accepted: true }),
        after: expect.objectContaining({ declined: true, reason: 'No Availability', onBehalf: true }),
      }),
    ]);
  });

  it('refuses another partner, a declined or past trip, changing nothing', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const declined = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, declined: true });
    const past = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST });
    for (const [id, providerId, message] of [
      [trip.id, y.partner.id, 'This trip is not assigned to this partner'],
      [declined.id, x.partner.id, TRIP_MSG.ALREADY_DECLINED],
      [past.id, x.partner.id, TRIP_MSG.ALREADY_OCCURRED],
    ]) {
      const before = await tripRow(db.pool, id);
      const res = await staff.post('/api/decline-da-on-behalf-of-partner', body(id, providerId));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await tripRow(db.pool, id)).toEqual(before);
    }
  });

  it("keeps the partner's own decline as a trip_declines row too", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const res = await partnerX.post(`/api/decline?driveAssignmentId=${trip.id}&modCount=${trip.modCount}`, { reason: 'Other' });
    expect(res.statusCode).toBe(200);
    const { rows } = await db.pool.query('select partner_id, reason, entered_by, on_behalf from trip_declines where drive_assignment_id = $1', [trip.id]);
    expect(rows).toEqual([{ partner_id: x.partner.id, reason: 'Other', entered_by: x.user.id, on_behalf: false }]);
  });
});

describe('PATCH drive-assignments-detailed', () => {
  it('answers 401, 400 and 403, and 409 with the server copy for a stale modCount, changing nothing', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    expect((await patch(new Browser(t.app), { id: trip.id, modCount: 0 })).statusCode).toBe(401);
    expect((await patch(staff, { id: trip.id })).statusCode).toBe(400);
    expect((await patch(partnerX, { id: trip.id, modCount: trip.modCount, notesSummary: 'x' })).statusCode).toBe(403);
    const before = await tripRow(db.pool, trip.id);
    const res = await patch(staff, { id: trip.id, modCount: trip.modCount + 1, notesSummary: 'Gate code 1234' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: TRIP_MSG.CONFLICT_SERVER, current: { id: trip.id, modCount: trip.modCount } });
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('changes the partner by contact number: the new partner answers afresh, audited', async () => {
    const driver = await createDriver(db.pool, x.partner.id);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true, driverId: driver.id });
    const res = await patch(staff, { id: trip.id, modCount: trip.modCount, farmoutContactNumber: y.partner.contactNumber, farmoutCompany: y.partner.name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      farmoutContactId: y.partner.id,
      farmoutContactNumber: y.partner.contactNumber,
      farmoutName: 'Bosque Wheelchair Express',
      accepted: false,
      driverId: null,
      modCount: trip.modCount + 1,
    });
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({
        activity_type: 'partner-change',
        before: expect.objectContaining({ farmoutContactId: x.partner.id, farmoutName: 'Sandia Mobility' }),
        after: expect.objectContaining({ farmoutContactId: y.partner.id, farmoutName: 'Bosque Wheelchair Express' }),
      }),
    ]);

    // the same partner again changes nothing; null takes the trip from its partner
    const same = await patch(staff, { id: trip.id, modCount: trip.modCount + 1, farmoutContactNumber: y.partner.contactNumber });
    expect(same.json().modCount).toBe(trip.modCount + 1);
    const none = await patch(staff, { id: trip.id, modCount: trip.modCount + 1, farmoutContactNumber: null });
    expect(none.json()).toMatchObject({ farmoutContactId: null, farmoutContactNumber: null, modCount: trip.modCount + 2 });
  });

  it('answers 400 for an unknown partner number or a leg of another trip, changing nothing', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const other = await createTrip(db.pool, { serviceDate: FUTURE });
    const before = await tripRow(db.pool, trip.id);
    const unknown = await patch(staff, { id: trip.id, modCount: trip.modCount, farmoutContactNumber: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'There is no partner with the number 999', details: [{ path: 'farmoutContactNumber' }] });
    // a user of the partner is not the partner
    const user = await patch(staff, { id: trip.id, modCount: trip.modCount, farmoutContactNumber: x.user.contactNumber });
    expect(user.statusCode).toBe(400);
    const leg = await patch(staff, { id: trip.id, modCount: trip.modCount, tripLegs: [{ id: other.legIds[0], passNotes: 'x' }] });
    expect(leg.statusCode).toBe(400);
    expect(leg.json().message).toBe(TRIP_MSG.UNKNOWN_LEG);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("saves the notes summary and the legs' passenger notes, audited; a Final trip is read-only", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const res = await patch(staff, { id: trip.id, modCount: trip.modCount, notesSummary: 'Gate code 1234', tripLegs: [{ id: trip.legIds[0], passNotes: 'Walker' }] });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as DriveAssignment;
    expect(saved.notesSummary).toBe('Gate code 1234');
    expect(saved.tripLegs[0].passNotes).toBe('Walker');
    expect(saved.modCount).toBe(trip.modCount + 1);
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({ activity_type: 'trip-notes', before: { modCount: trip.modCount, notesSummary: null }, after: { modCount: trip.modCount + 1, notesSummary: 'Gate code 1234' } }),
    ]);
    expect(await auditRows(db.pool, 'trip_legs', trip.legIds[0])).toEqual([
      expect.objectContaining({ activity_type: 'trip-notes', before: { passNotes: null }, after: { passNotes: 'Walker' } }),
    ]);

    const final = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, partnerPayStatus: 'Final' });
    const refused = await patch(staff, { id: final.id, modCount: final.modCount, notesSummary: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
  });
});

describe('trip inspect: ETAs and related trips', () => {
  it('answers the ETAs of a trip in scope with the lateness marks; 404 out of scope', async () => {
    const trip = await createTrip(db.pool, {
      partnerId: x.partner.id,
      serviceDate: TODAY,
      legs: [{ pickup: '07:00:00', dropoff: '07:30:00', act: '07:20:00', dep: '07:25:00', drop: '07:50:00' }],
    });
    expect((await new Browser(t.app).get(`/api/drive-assignment-etas?id=${trip.id}`)).statusCode).toBe(401);
    expect((await partnerX.get('/api/drive-assignment-etas')).statusCode).toBe(400);
    const res = await partnerX.get(`/api/drive-assignment-etas?id=${trip.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        legId: trip.legIds[0],
        whichLeg: 'A',
        status: 'Pending',
        pickup: { ordered: '07:00:00', scheduled: null, estimated: null, actual: '07:20:00', minutesLate: 20, mark: 'warning' },
        dropoff: { ordered: '07:30:00', scheduled: null, estimated: null, actual: '07:50:00', minutesLate: 20, mark: 'danger' },
      },
    ]);
    const partnerY = await signIn(t.app, y.user);
    expect((await partnerY.get(`/api/drive-assignment-etas?id=${trip.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/api/drive-assignment-etas?id=${trip.id}`)).statusCode).toBe(200);
  });

  it("answers the passenger's trips of the day in the caller's scope", async () => {
    const pax = await createContact(db.pool, { types: ['S/N Passenger'], username: null });
    const mine = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, legs: [{ passengerId: pax.id }] });
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE, legs: [{ pickup: '13:00:00', passengerId: pax.id }] });
    await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, legs: [{ passengerId: pax.id }] });
    const url = `/api/drive-assignments-by-passenger-service-date?passengerId=${pax.id}&serviceDate=${FUTURE}`;
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    expect((await staff.get(`/api/drive-assignments-by-passenger-service-date?passengerId=${pax.id}`)).statusCode).toBe(400);
    expect(idsOf((await staff.get(url)).json())).toEqual([mine.id, theirs.id]);
    expect(idsOf((await partnerX.get(url)).json())).toEqual([mine.id]);
  });
});

describe('live: assignments reach the partners and trip inspect', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(db.pool);
  });
  afterAll(async () => {
    await served.app.close();
  });

  it("adds a bulk-assigned trip to the new partner's Home list and removes it from the old one's", async () => {
    const day = '2026-12-05';
    const trip = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: day });
    const liveX = await (await HttpSession.signIn(served, x.user.username!)).live();
    const liveY = await (await HttpSession.signIn(served, y.user.username!)).live();
    expect(idsOf((await liveX.fetch('home', 'SyncDriveAssv', { pickupDate: day })).rows)).toEqual([]);
    expect(idsOf((await liveY.fetch('home', 'SyncDriveAssv', { pickupDate: day })).rows)).toEqual([trip.id]);

    const staffHttp = await HttpSession.signIn(served, staffUser.username!);
    const res = await staffHttp.request('POST', '/api/drive-assignment-bulk-assign', { referenceNumbers: [trip.referenceNumber], providerId: x.partner.id });
    expect(res.status).toBe(200);
    expect(idsOf((await liveX.changed('home', (m) => m.added.length > 0)).added)).toEqual([trip.id]);
    expect((await liveY.changed('home', (m) => m.removed.length > 0)).removed).toEqual([trip.id]);

    // trip inspect follows the one trip by id, on any date
    const inspect = await staffHttp.live();
    expect(idsOf((await inspect.fetch('one', 'SyncDriveAssv', { id: trip.id })).rows)).toEqual([trip.id]);
    await staffHttp.request('POST', '/api/bulk-unassign', [trip.id]);
    expect((await inspect.changed('one')).updated).toEqual([expect.objectContaining({ id: trip.id, farmoutContactId: null })]);
    expect((await liveX.changed('home', (m) => m.removed.length > 0)).removed).toEqual([trip.id]);
    await Promise.all([liveX.close(), liveY.close(), inspect.close()]);
  });
});
