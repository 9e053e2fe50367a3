import type { DriveAssignment } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, findTrips, findTripsJsonInParts } from '../src/modules/trips/repository.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import {
  apiToken,
  createDriver,
  createPartner,
  createReasons,
  createTrip,
  FUTURE,
  PAST,
  signIn,
  TODAY,
  type CreatedTrip,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let early: CreatedTrip;
let late: CreatedTrip;
let noon: CreatedTrip;
let theirs: CreatedTrip;
let passengerId: string;
let passenger: Awaited<ReturnType<typeof createContact>>;
let billTo: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Rio Grande Medical');
  billTo = (await createContact(db.pool, { types: ['Bill To'], username: null })).id;
  passenger = await createContact(db.pool, { types: ['Passenger', 'S/N Passenger'], name: 'Ada Lovato', phone: { number: '5055550123' } });
  passengerId = passenger.id;
  late = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ pickup: '14:00:00', dropoff: '14:30:00' }] });
  early = await createTrip(db.pool, {
    partnerId: x.partner.id,
    billToId: billTo,
    legs: [
      { pickup: '07:00:00', dropoff: '07:30:00', passengerId },
      { pickup: '11:00:00', dropoff: '11:30:00', passengerId },
    ],
  });
  noon = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ pickup: '23:59:00', dropoff: null }, { pickup: '12:00:00' }] });
  theirs = await createTrip(db.pool, { partnerId: y.partner.id });
  await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const list = async (b: Browser, query: string) => b.get(`/api/drive-assignments?${query}`);
const refs = (rows: DriveAssignment[]) => rows.map((r) => r.referenceNumber);

describe('GET /api/drive-assignments', () => {
  it('answers 401 without a session', async () => {
    expect((await list(new Browser(t.app), `serviceDate=${TODAY}`)).statusCode).toBe(401);
  });

  it('answers 400 without a date, id or reference number, and for a malformed date', async () => {
    const b = await signIn(t.app, x.user);
    const none = await list(b, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter a date, passenger, reference number, member or driver, or use a custom query');
    // every accepted date form is read (DECISIONS 2); a day that does not exist is refused
    expect((await list(b, 'serviceDate=2026-02-30')).json().message).toBe('Enter a date like 2026-11-22 or 11/22/2026');
  });

  it("gives a partner its day, ordered by first pickup (will call last among a trip's legs), never another partner's trip", async () => {
    const res = await list(await signIn(t.app, x.user), `serviceDate=${TODAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(refs(body.rows)).toEqual([early.referenceNumber, noon.referenceNumber, late.referenceNumber]);
    expect(body.total).toBe(3);
  });

  it('presents each row exactly as the trip repository does (the SyncDriveAssv shape)', async () => {
    const body = (await list(await signIn(t.app, x.user), `serviceDate=${TODAY}`)).json();
    const row = body.rows.find((r: DriveAssignment) => r.id === early.id);
    expect(row).toEqual(await findTrip(db.pool, null, early.id));
    expect(row).toMatchObject({
      farmoutName: 'Sandia Mobility',
      partnerPayStatus: 'Open',
      outstandingAdjustments: 0,
      timeZone: 'America/Denver',
      tripLegs: [
        { whichLeg: 'A', locFirstTimeOrd: '07:00:00', passenger: { id: passengerId, name: 'Ada Lovato', phones: [expect.objectContaining({ phoneNumberWithAreaCode: '5055550123' })] } },
        { whichLeg: 'B', locFirstTimeOrd: '11:00:00' },
      ],
    });
    // 07:00 in Albuquerque on 2026-11-22 is 14:00 UTC
    expect(row.tripLegs[0].locFirstTimeOrdMillis).toBe(Date.parse('2026-11-22T14:00:00Z'));
  });

  it('gives staff every trip of the day, a case manager the bill-to trips, a passenger their own', async () => {
    const staff = await createContact(db.pool, { types: ['SecureEmployee'] });
    const all = (await list(await signIn(t.app, staff), `serviceDate=${TODAY}`)).json();
    expect(refs(all.rows).sort()).toEqual([early, noon, late, theirs].map((r) => r.referenceNumber).sort());
    const cm = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo] });
    expect(refs((await list(await signIn(t.app, cm), `serviceDate=${TODAY}`)).json().rows)).toEqual([early.referenceNumber]);
    expect(refs((await list(await signIn(t.app, passenger), `serviceDate=${TODAY}`)).json().rows)).toEqual([early.referenceNumber]);
  });

  it('finds exactly one trip by id or reference number (a short id is a reference number), else 404', async () => {
    const b = await signIn(t.app, x.user);
    const byId = (await list(b, `id=${early.id}`)).json();
    expect(byId).toMatchObject({ total: 1, rows: [{ id: early.id }] });
    expect((await list(b, `referenceNumber=${late.referenceNumber}`)).json().rows[0].id).toBe(late.id);
    expect((await list(b, `id=${late.referenceNumber}`)).json().rows[0].id).toBe(late.id);
    for (const q of [`id=${theirs.id}`, `referenceNumber=${theirs.referenceNumber}`, 'id=00000000-0000-4000-8000-000000000000', 'id=not-a-uuid-at-all']) {
      const res = await list(b, q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('answers an empty day with no rows', async () => {
    expect((await list(await signIn(t.app, x.user), `serviceDate=${PAST}`)).json()).toEqual({ rows: [], total: 0 });
  });

  it("reads the day with an API token that may GET trips, in the token contact's scope", async () => {
    const value = await apiToken(db.pool, x.partner.id, { trips: ['GET'] });
    const res = await t.app.inject({ url: `/api/drive-assignments?serviceDate=${TODAY}`, headers: { authorization: `Bearer ${value}` } });
    expect(res.statusCode).toBe(200);
    expect(refs(res.json().rows)).toEqual([early.referenceNumber, noon.referenceNumber, late.referenceNumber]);
    const other = await apiToken(db.pool, x.partner.id, { contacts: ['GET'] });
    const refused = await t.app.inject({ url: `/api/drive-assignments?serviceDate=${TODAY}`, headers: { authorization: `Bearer ${other}` } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the day list follows every change to what a trip shows', () => {
  const rowOf = async (b: Browser, id: string) =>
    ((await list(b, `serviceDate=${TODAY}`)).json().rows as DriveAssignment[]).find((r) => r.id === id) as DriveAssignment;

  it('a leg, a partner activity, the trip row, a name, a phone, an address and a cancel reason', async () => {
    const b = await signIn(t.app, x.user);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ pickup: '06:00:00', passengerId }], cancelledReason: 'Brand New Reason' });
    const address = await db.pool.query(`insert into addresses (street, city, state, zip) values ('1 Main St', 'Albuquerque', 'NM', '87102') returning id`);
    await db.pool.query('update trip_legs set location_first_id = $2 where id = $1', [trip.legIds[0], address.rows[0].id]);
    expect((await rowOf(b, trip.id)).tripLegs[0].locationFirst.Address).toBe('1 Main St, Albuquerque, NM 87102');

    await db.pool.query(`update trip_legs set loc_first_time_act = '06:02:00' where id = $1`, [trip.legIds[0]]);
    expect((await rowOf(b, trip.id)).tripLegs[0].locFirstTimeAct).toBe('06:02:00');
    await db.pool.query(`insert into partner_activities (drive_assignment_id, action, status) values ($1, 'WaitTime', 'Pending')`, [trip.id]);
    expect((await rowOf(b, trip.id)).outstandingAdjustments).toBe(1);
    await db.pool.query(`update drive_assignments set flag = 'Late' where id = $1`, [trip.id]);
    expect((await rowOf(b, trip.id)).flag).toBe('Late');
    await db.pool.query(`update contacts set name = 'Ada L. Lovato' where id = $1`, [passengerId]);
    expect((await rowOf(b, trip.id)).tripLegs[0].passenger?.name).toBe('Ada L. Lovato');
    await db.pool.query(`update contact_phones set sms_enabled = true where contact_id = $1`, [passengerId]);
    expect((await rowOf(b, trip.id)).tripLegs[0].passenger?.phones[0].smsEnabled).toBe(true);
    await db.pool.query(`update addresses set street = '2 Main St' where id = $1`, [address.rows[0].id]);
    expect((await rowOf(b, trip.id)).tripLegs[0].locationFirst.Address).toBe('2 Main St, Albuquerque, NM 87102');
    expect((await rowOf(b, trip.id)).cancelReasonRequiresStats).toBeNull();
    await db.pool.query(`insert into cancel_reasons (label, require_stats) values ('Brand New Reason', true)`);
    expect((await rowOf(b, trip.id)).cancelReasonRequiresStats).toBe(true);
    await db.pool.query('delete from trip_legs where id = $1', [trip.legIds[0]]);
    expect((await rowOf(b, trip.id)).tripLegs).toEqual([]);
    await db.pool.query('delete from drive_assignments where id = $1', [trip.id]);
    expect(await rowOf(b, trip.id)).toBeUndefined();
  });

  it('keeps the built JSON between requests: only a new stamp rebuilds it', async () => {
    const b = await signIn(t.app, x.user);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id });
    expect((await rowOf(b, trip.id)).flag).toBeNull();
    // with triggers off (replication role) the change leaves no stamp: the kept copy is served
    const client = await db.pool.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query(`update drive_assignments set flag = 'Unstamped' where id = $1`, [trip.id]);
    } finally {
      await client.query('reset session_replication_role');
      client.release();
    }
    expect((await rowOf(b, trip.id)).flag).toBeNull();
    await db.pool.query(`update trip_legs set pass_notes = 'gate code 12' where drive_assignment_id = $1`, [trip.id]);
    expect(await rowOf(b, trip.id)).toMatchObject({ flag: 'Unstamped', tripLegs: [{ passNotes: 'gate code 12' }] });
  });

  it('a trip moved to another partner or day leaves the list', async () => {
    const b = await signIn(t.app, x.user);
    const trip = await createTrip(db.pool, { partnerId: x.partner.id });
    expect(await rowOf(b, trip.id)).toBeDefined();
    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [trip.id, y.partner.id]);
    expect(await rowOf(b, trip.id)).toBeUndefined();
  });
});

describe('a day built in parts (live found sets)', () => {
  it('puts the trips in the same order as the list: pickup, will call only last, then reference number', async () => {
    const day = '2026-12-15';
    const made: CreatedTrip[] = [];
    for (const pickup of ['10:00:00', '08:00:00', '23:59:00', '10:00:00', '08:00:00', '23:59:00', '06:30:00', '10:00:00']) {
      made.push(await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: day, legs: [{ pickup, dropoff: null }] }));
    }
    // reference numbers of different lengths order by their characters, as in the list
    await db.pool.query(`update drive_assignments set reference_number = '99' where id = $1`, [made[0].id]);
    await db.pool.query(`update drive_assignments set reference_number = '100' where id = $1`, [made[3].id]);
    const listed = await findTrips(db.pool, null, { serviceDate: day });
    expect(listed.at(-1)!.tripLegs[0].locFirstTimeOrd).toBe('23:59:00');
    expect(listed.map((r) => r.referenceNumber).indexOf('100')).toBeLessThan(listed.map((r) => r.referenceNumber).indexOf('99'));
    for (const parts of [1, 2, 3]) {
      const built = await findTripsJsonInParts(db.pool, { serviceDate: day }, parts);
      expect(built.map((r) => r.trip.id)).toEqual(listed.map((r) => r.id));
      expect(built.map((r) => JSON.parse(r.json))).toEqual(listed);
    }
  });
});

describe('reference data', () => {
  it('decline-reasons: 401, then the reasons with aliases in order', async () => {
    expect((await new Browser(t.app).get('/api/decline-reasons')).statusCode).toBe(401);
    const res = await (await signIn(t.app, x.user)).get('/api/decline-reasons');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ name: 'No Availability', aliases: ['No Driver Available', 'Fully Booked'], alwaysVisible: false });
    expect(res.json().at(-1)).toEqual({ name: 'Other', aliases: [], alwaysVisible: true });
  });

  it('cancel-reasons: 401, 400, staff get all; partners not staff-only ones, and only Advance Notice for a later day', async () => {
    expect((await new Browser(t.app).get('/api/cancel-reasons')).statusCode).toBe(401);
    const partner = await signIn(t.app, x.user);
    expect((await partner.get('/api/cancel-reasons?serviceDate=tomorrow')).statusCode).toBe(400);
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    const all = (await staff.get('/api/cancel-reasons')).json();
    expect(all.map((r: { label: string }) => r.label)).toContain('Duplicate Trip');
    expect(all[0]).toEqual({ label: 'Advance Notice', requireStats: false, requireNotes: false });
    expect(all.find((r: { label: string }) => r.label === 'No Show')).toEqual({ label: 'No Show', requireStats: true, requireNotes: true });
    const today = (await partner.get(`/api/cancel-reasons?serviceDate=${TODAY}`)).json().map((r: { label: string }) => r.label);
    expect(today).toContain('No Show');
    expect(today).not.toContain('Duplicate Trip');
    expect(today).not.toContain('Member Not Eligible');
    expect((await partner.get(`/api/cancel-reasons?serviceDate=${FUTURE}`)).json()).toEqual([{ label: 'Advance Notice', requireStats: false, requireNotes: false }]);
    expect((await staff.get(`/api/cancel-reasons?serviceDate=${FUTURE}`)).json()).toHaveLength(all.length);
  });

  it("drivers: 401, 403 for other roles, a partner's own drivers; staff name the partner (400 without); another partner's: 404", async () => {
    expect((await new Browser(t.app).get('/api/drivers')).statusCode).toBe(401);
    const pax = await createContact(db.pool, { types: ['S/N Passenger'] });
    expect((await (await signIn(t.app, pax)).get('/api/drivers')).statusCode).toBe(403);
    const d1 = await createDriver(db.pool, x.partner.id, { employeeNumber: 'SM001' });
    await createDriver(db.pool, y.partner.id);
    const partner = await signIn(t.app, x.user);
    expect((await partner.get('/api/drivers')).json()).toEqual([{ id: d1.id, name: d1.name, employeeNumber: 'SM001', partnerId: x.partner.id }]);
    expect((await partner.get(`/api/drivers?partnerId=${y.partner.id}`)).statusCode).toBe(404);
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    const missing = await staff.get('/api/drivers');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose a partner (partnerId).');
    expect((await staff.get(`/api/drivers?partnerId=${x.partner.id}`)).json().map((d: { id: string }) => d.id)).toEqual([d1.id]);
  });
});
