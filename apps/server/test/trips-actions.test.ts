import { TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import {
  auditRows,
  createDriver,
  createPartner,
  createReasons,
  createTrip,
  FUTURE,
  PAST,
  signIn,
  tripRow,
  type CreatedTrip,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;
let staff: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], name: 'Dana Dispatch' }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

async function unchanged(trip: CreatedTrip, call: () => Promise<{ statusCode: number; json(): { message: string } }>, status: number, message?: string) {
  const before = await tripRow(db.pool, trip.id);
  const res = await call();
  expect(res.statusCode).toBe(status);
  if (message) expect(res.json().message).toBe(message);
  expect(await tripRow(db.pool, trip.id)).toEqual(before);
}

const outbox = async (to: string) => (await db.pool.query('select recipient, body, contact_id from outbox_messages where recipient = $1', [to])).rows;

describe('POST /api/drive-assignment-assign-driver', () => {
  const assign = (b: Browser, trip: CreatedTrip, driverId: string | null, modCount = trip.modCount) =>
    b.post('/api/drive-assignment-assign-driver', { daId: trip.id, driverId, modCount });

  it('answers 401, 400, 403, 404 and 409 in that order of concern, changing nothing', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
    const driver = await createDriver(db.pool, x.partner.id);
    expect((await assign(new Browser(t.app), trip, driver.id)).statusCode).toBe(401);
    expect((await partner.post('/api/drive-assignment-assign-driver', { daId: trip.id, modCount: 0 })).statusCode).toBe(400);
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await assign(cm, trip, driver.id)).statusCode).toBe(403);
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE, accepted: true });
    await unchanged(theirs, () => assign(partner, theirs, driver.id), 404);
    await unchanged(trip, () => assign(partner, trip, driver.id, trip.modCount + 1), 409);
  });

  it("refuses a driver who does not work for the trip's partner, and a Final or read-only trip", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
    const otherDriver = await createDriver(db.pool, y.partner.id);
    const notADriver = await createContact(db.pool, { types: ['Affiliate'], parentId: x.partner.id });
    await unchanged(trip, () => assign(partner, trip, otherDriver.id), 400, TRIP_MSG.DRIVER_NOT_OF_PARTNER);
    await unchanged(trip, () => assign(partner, trip, notADriver.id), 400, TRIP_MSG.DRIVER_NOT_OF_PARTNER);
    await unchanged(trip, () => assign(staff, trip, otherDriver.id), 400, TRIP_MSG.DRIVER_NOT_OF_PARTNER);
    const driver = await createDriver(db.pool, x.partner.id);
    const final = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Final' });
    await unchanged(final, () => assign(partner, final, driver.id), 400, TRIP_MSG.FINALIZED_READ_ONLY);
    const canceled = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, canceled: true });
    await unchanged(canceled, () => assign(partner, canceled, driver.id), 400, TRIP_MSG.NOT_EDITABLE);
  });

  it('assigns the driver with their employee number, clears it with null, and audits both', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true });
    const driver = await createDriver(db.pool, x.partner.id, { employeeNumber: 'SM042' });
    const set = await assign(partner, trip, driver.id);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ driverId: driver.id, driverEmpNumberAssigned: 'SM042', driverName: driver.name, modCount: trip.modCount + 1 });
    const cleared = await assign(partner, trip, null, trip.modCount + 1);
    expect(cleared.json()).toMatchObject({ driverId: null, driverEmpNumberAssigned: null, modCount: trip.modCount + 2 });
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).map((a) => [a.activity_type, a.before.driverId, a.after.driverId])).toEqual([
      ['assign-driver', null, driver.id],
      ['assign-driver', driver.id, null],
    ]);
  });
});

describe('POST /api/drive-assignment-flag', () => {
  it("answers 401, 400, 403, 404 for another partner's trip and 409 for a stale modCount, changing nothing", async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id });
    expect((await new Browser(t.app).post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: 'Late' })).statusCode).toBe(401);
    expect((await partner.post('/api/drive-assignment-flag', { referenceNumber: '12345678901', flag: 'Late' })).statusCode).toBe(400);
    const pax = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    await unchanged(trip, () => pax.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: 'Late' }), 403);
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id });
    await unchanged(theirs, () => partner.post('/api/drive-assignment-flag', { referenceNumber: theirs.referenceNumber, flag: 'Late' }), 404);
    await unchanged(trip, () => partner.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: 'Late', modCount: trip.modCount + 3 }), 409);
  });

  it('answers 409 with the server’s copy to the second of two people flagging from the same copy', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id });
    const first = await partner.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: 'Late', modCount: trip.modCount });
    expect(first.statusCode).toBe(200);
    const colleague = await signIn(t.app, await createContact(db.pool, { types: ['Affiliate'], parentId: x.partner.id }));
    const second = await colleague.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: 'Complaint', modCount: trip.modCount });
    expect(second.statusCode).toBe(409);
    expect(second.json().current).toMatchObject({ referenceNumber: trip.referenceNumber, flag: 'Late', modCount: trip.modCount + 1 });
    expect(await tripRow(db.pool, trip.id)).toMatchObject({ flag: 'Late', mod_count: trip.modCount + 1 });
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toHaveLength(1);
  });

  it('sets and clears the flag (with or without modCount), even on a Final trip, with an audit row', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Final' });
    const set = await partner.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: ' Complaint ', modCount: trip.modCount });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ flag: 'Complaint', modCount: trip.modCount + 1 });
    const cleared = await partner.post('/api/drive-assignment-flag', { referenceNumber: trip.referenceNumber, flag: null });
    expect(cleared.json()).toMatchObject({ flag: null, modCount: trip.modCount + 2 });
    expect((await auditRows(db.pool, 'drive_assignments', trip.id)).map((a) => a.after.flag)).toEqual(['Complaint', null]);
  });
});

describe('POST /api/send-sms', () => {
  let rider: Created;
  let trip: CreatedTrip;
  beforeAll(async () => {
    rider = await createContact(db.pool, { types: ['Passenger'], name: 'Rosa Chavez', username: null, phone: { number: '(505) 555-0142', type: 'Cell' } });
    trip = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ passengerId: rider.id }] });
  });

  it('answers 401, then 400 without a contact id or a message', async () => {
    expect((await new Browser(t.app).post('/api/send-sms', { daId: trip.id, contactId: rider.id, message: 'Hi' })).statusCode).toBe(401);
    const noContact = await partner.post('/api/send-sms', { daId: trip.id, message: 'On our way' });
    expect(noContact.statusCode).toBe(400);
    expect((await partner.post('/api/send-sms', { daId: trip.id, contactId: '', message: 'x' })).json().message).toBe(TRIP_MSG.MISSING_CONTACT_ID);
    expect((await partner.post('/api/send-sms', { daId: trip.id, contactId: rider.id, message: ' ' })).json().message).toBe('Write a message');
  });

  it("answers 403 to other roles, 404 for another partner's trip and for a contact who does not ride on the trip", async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post('/api/send-sms', { daId: trip.id, contactId: rider.id, message: 'Hi' })).statusCode).toBe(403);
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, legs: [{ passengerId: rider.id }] });
    expect((await partner.post('/api/send-sms', { daId: theirs.id, contactId: rider.id, message: 'Hi' })).statusCode).toBe(404);
    const stranger = await createContact(db.pool, { types: ['Passenger'], username: null, phone: { number: '5055550177', type: 'Cell' } });
    expect((await partner.post('/api/send-sms', { daId: trip.id, contactId: stranger.id, message: 'Hi' })).statusCode).toBe(404);
    expect(await outbox('5055550177')).toEqual([]);
  });

  it('refuses a passenger without an eligible phone, and a number that is not one of theirs', async () => {
    const landline = await createContact(db.pool, { types: ['Passenger'], name: 'Eli Baca', username: null, phone: { number: '5055550199', type: 'Home' } });
    const their = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ passengerId: landline.id }] });
    const res = await partner.post('/api/send-sms', { daId: their.id, contactId: landline.id, message: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TRIP_MSG.NO_SMS_PHONE('Eli Baca'));
    const other = await partner.post('/api/send-sms', { daId: trip.id, contactId: rider.id, to: '5055559999', message: 'Hi' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(TRIP_MSG.SMS_PHONE_NOT_ELIGIBLE('5055559999', 'Rosa Chavez'));
    expect(await outbox('5055559999')).toEqual([]);
  });

  it("texts the passenger's eligible phone through the outbox, and audits it", async () => {
    const res = await partner.post('/api/send-sms', { daId: trip.id, contactId: rider.id, to: '+1 505 555 0142', message: 'Your ride is 5 minutes away' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, to: '(505) 555-0142' });
    expect(await outbox('(505) 555-0142')).toEqual([{ recipient: '(505) 555-0142', body: 'Your ride is 5 minutes away', contact_id: rider.id }]);
    expect(await auditRows(db.pool, 'contacts', rider.id)).toEqual([
      expect.objectContaining({ activity_type: 'sms', actor_id: x.user.id, after: expect.objectContaining({ to: '(505) 555-0142', driveAssignmentId: trip.id }) }),
    ]);
  });

  it("texts a driver: a partner its own drivers (with vehicle and sender), staff any, another partner's driver is 404", async () => {
    const driver = await createDriver(db.pool, x.partner.id, { phone: { number: '5055550111', type: 'Cell' } });
    const vehicle = await db.pool.query(`insert into vehicles (vehicle_number, vehicle_type, partner_id) values ('SM-12', 'Sedan', $1) returning id`, [x.partner.id]);
    const res = await partner.post('/api/send-sms', { driverId: driver.id, vehicleId: vehicle.rows[0].id, message: 'Pick up at door 3', includeSenderName: true });
    expect(res.json()).toEqual({ sent: true, to: '5055550111' });
    const user = await db.pool.query('select name from contacts where id = $1', [x.user.id]);
    expect((await outbox('5055550111'))[0].body).toBe(`[Vehicle SM-12] ${user.rows[0].name}: Pick up at door 3`);
    const fromStaff = await staff.post('/api/send-sms', { driverId: driver.id, message: 'Call dispatch', includeSenderName: false });
    expect(fromStaff.statusCode).toBe(200);
    expect((await outbox('5055550111')).map((m) => m.body)).toContain('Call dispatch');
    const theirs = await signIn(t.app, y.user);
    expect((await theirs.post('/api/send-sms', { driverId: driver.id, message: 'Hi' })).statusCode).toBe(404);
    const theirVehicle = await db.pool.query(`insert into vehicles (vehicle_number, vehicle_type, partner_id) values ('RG-1', 'Sedan', $1) returning id`, [y.partner.id]);
    expect((await partner.post('/api/send-sms', { driverId: driver.id, vehicleId: theirVehicle.rows[0].id, message: 'Hi' })).statusCode).toBe(404);
  });
});

describe('POST /api/cancel-individual-trip-leg', () => {
  const cancel = (b: Browser, trip: CreatedTrip, leg: number, reason: string, modCount = trip.modCount) =>
    b.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount, tripLegId: trip.legIds[leg], reason, notes: 'Called at 7:10' });
  const twoLegs = (spec = {}) =>
    createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true, legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }], ...spec });

  it('answers 401, 400, 403, 404 (trip and leg) and 409, changing nothing', async () => {
    const trip = await twoLegs();
    expect((await cancel(new Browser(t.app), trip, 0, 'Advance Notice')).statusCode).toBe(401);
    const body = { driveAssignmentId: trip.id, modCount: trip.modCount, tripLegId: trip.legIds[0] };
    expect((await partner.post('/api/cancel-individual-trip-leg', body)).json().message).toBe('reason is required');
    expect((await partner.post('/api/cancel-individual-trip-leg', { ...body, reason: ' ' })).json().message).toBe('Choose a cancel reason');
    const pax = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    expect((await cancel(pax, trip, 0, 'Advance Notice')).statusCode).toBe(403);
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE, accepted: true });
    await unchanged(theirs, () => cancel(partner, theirs, 0, 'Advance Notice'), 404);
    await unchanged(trip, () => partner.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount: trip.modCount, tripLegId: theirs.legIds[0], reason: 'Advance Notice' }), 404, TRIP_MSG.UNKNOWN_LEG);
    await unchanged(trip, () => cancel(partner, trip, 0, 'Advance Notice', trip.modCount + 1), 409);
  });

  it('refuses with the rule: not accepted, Pending pay, already cancelled, read-only; unknown, staff-only and too-early reasons; stats needed', async () => {
    const unassigned = await twoLegs({ accepted: false });
    await unchanged(unassigned, () => cancel(partner, unassigned, 0, 'Advance Notice'), 400, TRIP_MSG.CANCEL_NOT_ASSIGNED);
    const pending = await twoLegs({ serviceDate: PAST, partnerPayStatus: 'Pending' });
    await unchanged(pending, () => cancel(partner, pending, 0, 'No Show'), 400, TRIP_MSG.CANCEL_NOT_OPEN);
    const cancelled = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, accepted: true, legs: [{ status: 'CanceledNoCharge', cancelNc: true }, {}] });
    await unchanged(cancelled, () => cancel(partner, cancelled, 0, 'Advance Notice'), 400, TRIP_MSG.LEG_ALREADY_CANCELLED);
    const dryRun = await twoLegs({ dryRun: true });
    await unchanged(dryRun, () => cancel(partner, dryRun, 0, 'Advance Notice'), 400, TRIP_MSG.NOT_EDITABLE);
    const trip = await twoLegs();
    await unchanged(trip, () => cancel(partner, trip, 0, 'Because'), 400, TRIP_MSG.UNKNOWN_CANCEL_REASON);
    await unchanged(trip, () => cancel(partner, trip, 0, 'Duplicate Trip'), 400, TRIP_MSG.UNKNOWN_CANCEL_REASON);
    await unchanged(trip, () => cancel(partner, trip, 0, 'Weather'), 400, TRIP_MSG.ADVANCE_NOTICE_ONLY);
    const happened = await twoLegs({ serviceDate: PAST });
    await unchanged(happened, () => cancel(partner, happened, 0, 'No Show'), 400, TRIP_MSG.CANCEL_STATS_REQUIRED('No Show'));
  });

  it('cancels one leg without charge; cancelling the last leg with charge cancels the trip; both audited', async () => {
    const trip = await createTrip(db.pool, {
      partnerId: x.partner.id,
      serviceDate: PAST,
      accepted: true,
      legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00', act: '13:02:00', dep: '13:12:00' }],
    });
    const first = await cancel(partner, trip, 0, 'advance notice');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ canceled: false, modCount: trip.modCount + 1, tripLegs: [{ status: 'CanceledNoCharge', cancelNc: true }, { status: 'Pending' }] });
    const second = await cancel(partner, trip, 1, 'No Show', trip.modCount + 1);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      canceled: true,
      cancelledWithCharge: true,
      cancelledWithoutCharge: false,
      cancelledReason: 'No Show',
      cancelReasonRequiresStats: true,
      tripLegs: [{ status: 'CanceledNoCharge' }, { status: 'Canceled', cancelWc: true, cancelNc: false }],
    });
    const legs = (await tripRow(db.pool, trip.id)).legs as Record<string, unknown>[];
    expect(legs.map((l) => [l.cancel_reason, l.cancel_notes])).toEqual([
      ['Advance Notice', 'Called at 7:10'],
      ['No Show', 'Called at 7:10'],
    ]);
    expect(await auditRows(db.pool, 'trip_legs', trip.legIds[1])).toEqual([
      expect.objectContaining({ activity_type: 'cancel-leg', before: { status: 'Pending', cancelNc: false, cancelWc: false }, after: expect.objectContaining({ status: 'Canceled', reason: 'No Show' }) }),
    ]);
    expect((await auditRows(db.pool, 'drive_assignments', trip.id))[1].after).toMatchObject({ canceled: true, cancelledWithCharge: true, cancelledReason: 'No Show' });
  });

  it("lets staff use any reason, and a case manager cancel a trip of their bill-to", async () => {
    const trip = await twoLegs();
    expect((await cancel(staff, trip, 0, 'Duplicate Trip')).statusCode).toBe(200);
    const billTo = await createContact(db.pool, { types: ['Bill To'], username: null });
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo.id] }));
    const theirs = await twoLegs({ billToId: billTo.id });
    const mine = await cancel(cm, theirs, 1, 'Advance Notice');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().tripLegs[1].status).toBe('CanceledNoCharge');
    const other = await twoLegs();
    expect((await cancel(cm, other, 0, 'Advance Notice')).statusCode).toBe(404);
  });
});

describe('POST /api/cancel-individual-trip-leg by staff (spec 2 §5)', () => {
  const staffCancel = (trip: CreatedTrip, legs: number[], reason: string, extra: Record<string, unknown> = {}, modCount = trip.modCount) =>
    staff.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount, selections: legs.map((i) => trip.legIds[i]), reason, notes: 'Hospital called', ...extra });
  // the test clock is 08:00 on TODAY: the window opens at 07:00
  const today = (legs: { pickup?: string; act?: string }[], spec = {}) => createTrip(db.pool, { legs, ...spec });

  it('cancels unassigned legs from exactly 1 hour ago on; refuses earlier pickups and picked-up legs', async () => {
    const trip = await today([{ pickup: '07:00:00' }, { pickup: '06:59:00' }, { pickup: '07:30:00', act: '07:31:00' }]);
    await unchanged(trip, () => staffCancel(trip, [1], 'Other'), 400, 'Only a leg with no actual pickup and a pickup from 1 hour ago on can be cancelled.');
    await unchanged(trip, () => staffCancel(trip, [2], 'Other'), 400, 'Only a leg with no actual pickup and a pickup from 1 hour ago on can be cancelled.');
    await unchanged(trip, () => staffCancel(trip, [0], 'Other', { notes: ' ' }), 400, 'Please enter additional notes for this cancel reason');
    const ok = await staffCancel(trip, [0], 'Other');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tripLegs.map((l: { status: string }) => l.status)).toEqual(['CanceledNoCharge', 'Pending', 'Pending']);
    expect(ok.headers['x-warning']).toBeUndefined();
  });

  it('lets staff override the charge, cancels the trip with its last legs, and warns when cancelling again', async () => {
    const trip = await createTrip(db.pool, { serviceDate: FUTURE, legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }] });
    const both = await staffCancel(trip, [0, 1], 'Advance Notice', { withCharge: true });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ canceled: true, cancelledWithCharge: true, cancelledReason: 'Advance Notice', tripLegs: [{ status: 'Canceled' }, { status: 'Canceled' }] });
    const legAudit = await auditRows(db.pool, 'trip_legs', trip.legIds[0]);
    expect(legAudit.at(-1)?.after).toMatchObject({ chargeOverridden: true, reason: 'Advance Notice' });
    const again = await staffCancel(trip, [1], 'Weather', {}, trip.modCount + 1);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-warning']).toBe('This trip is already canceled!');
    expect(again.json().tripLegs[1]).toMatchObject({ status: 'CanceledNoCharge', cancelNc: true });
    const legs = (await tripRow(db.pool, trip.id)).legs as Record<string, unknown>[];
    expect(legs.map((l) => l.cancel_reason)).toEqual(['Advance Notice', 'Weather']);
  });

  it('keeps the refusal for partners cancelling again, and asks non-staff for the plate in an IL county', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, legs: [{}, { status: 'CanceledNoCharge', cancelNc: true }] });
    await unchanged(trip, () => partner.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount: trip.modCount, tripLegId: trip.legIds[1], reason: 'No Show', notes: 'x' }), 400, TRIP_MSG.LEG_ALREADY_CANCELLED);
    await db.pool.query(`update drive_assignments set county = 'IL031' where id = $1`, [trip.id]);
    const fresh = { ...trip, modCount: (await tripRow(db.pool, trip.id)).mod_count as number };
    const body = { driveAssignmentId: trip.id, modCount: fresh.modCount, tripLegId: trip.legIds[0], reason: 'No Show', notes: 'Waited 10 minutes', arrived: '09:02:00', departed: '09:12:00' };
    await unchanged(fresh, () => partner.post('/api/cancel-individual-trip-leg', body), 400, 'Enter the state and number of the licence plate of the vehicle sent');
    await unchanged(fresh, () => partner.post('/api/cancel-individual-trip-leg', { ...body, licensePlateState: 'IL', licensePlate: 'AB 1234', withCharge: false }), 400, 'Only operator staff may choose whether a cancel is charged.');
    const ok = await partner.post('/api/cancel-individual-trip-leg', { ...body, licensePlateState: 'il', licensePlate: 'AB 1234' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tripLegs[0]).toMatchObject({ status: 'Canceled', locFirstTimeAct: '09:02:00', locFirstTimeDep: '09:12:00' });
    const legs = (await tripRow(db.pool, trip.id)).legs as Record<string, unknown>[];
    expect([legs[0].cancel_plate_state, legs[0].cancel_plate]).toEqual(['IL', 'AB 1234']);
  });

  it('un-cancel (bulk) restores the legs to Pending and clears the flags and the plate', async () => {
    const trip = await createTrip(db.pool, { serviceDate: FUTURE });
    expect((await staffCancel(trip, [0], 'Other')).statusCode).toBe(200);
    const res = await staff.post('/api/drive-assignment-bulk-un-cancel', { referenceNumbers: [trip.referenceNumber] });
    expect(res.statusCode).toBe(200);
    const row = await tripRow(db.pool, trip.id);
    expect([row.canceled, row.cancelled_without_charge, row.cancelled_reason]).toEqual([false, false, null]);
    expect((row.legs as Record<string, unknown>[]).map((l) => [l.status, l.cancel_nc, l.cancel_reason, l.cancel_plate])).toEqual([['Pending', false, null, null]]);
    const past = await createTrip(db.pool, { serviceDate: PAST, canceled: true, legs: [{ status: 'CanceledNoCharge', cancelNc: true }] });
    const refused = await staff.post('/api/drive-assignment-bulk-un-cancel', { referenceNumbers: [past.referenceNumber] });
    expect(refused.json().message).toBe('No canceled DAs in found set');
  });
});
