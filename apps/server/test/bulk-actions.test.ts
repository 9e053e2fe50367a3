import { BULK_MSG, SEARCH_MSG, TRIP_MSG, type BulkResult } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
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
let staffId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Bosque Wheelchair Express');
  const s = await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
  staffId = s.id;
  staff = await signIn(t.app, s);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const post = (b: Browser, path: string, body: unknown) => b.post(`/api/${path}`, body);
const result = (res: { json(): unknown }) => res.json() as BulkResult;

describe('access and validation of every bulk action', () => {
  const calls: [string, unknown][] = [
    ['drive-assignment-bulk-un-cancel', { referenceNumbers: ['1'] }],
    ['drive-assignment-bulk-reset', { referenceNumbers: ['1'] }],
    ['drive-assignment-bulk-assign', { referenceNumbers: ['1'], providerId: '11111111-1111-4111-8111-111111111111' }],
    ['bulk-cancel', ['11111111-1111-4111-8111-111111111111']],
    ['bulk-unassign', ['11111111-1111-4111-8111-111111111111']],
    ['repair-trips', { referenceNumbers: ['1'], dryRun: true }],
  ];

  it('answers 401 without a session', async () => {
    for (const [path, body] of calls) expect((await post(new Browser(t.app), path, body)).statusCode, path).toBe(401);
  });

  it('answers 400 for an empty or malformed batch', async () => {
    for (const [path] of calls) {
      const bad = path.startsWith('bulk-') ? [] : { referenceNumbers: [] };
      const res = await post(staff, path, bad);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toBe('Choose at least one trip');
    }
    const long = await post(staff, 'drive-assignment-bulk-reset', { referenceNumbers: ['12345678901'] });
    expect(long.json().message).toBe('A reference number has at most 10 characters');
    expect((await post(staff, 'drive-assignment-bulk-assign', { referenceNumbers: ['1'] })).statusCode).toBe(400);
  });

  it('answers 400 when no trip of the batch exists in the caller\'s scope', async () => {
    for (const [path, body] of calls.filter(([p]) => p !== 'repair-trips' && p !== 'drive-assignment-bulk-assign')) {
      const res = await post(staff, path, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toBe('No trips match your result set; nothing was changed.');
    }
  });

  it('answers 403 to a partner and a case manager, and repair-trips to a plain dispatcher', async () => {
    const partner = await signIn(t.app, x.user);
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    for (const [path, body] of calls) {
      expect((await post(partner, path, body)).statusCode, path).toBe(403);
      expect((await post(cm, path, body)).statusCode, path).toBe(403);
    }
    expect((await post(staff, 'repair-trips', { referenceNumbers: ['1'], dryRun: true })).statusCode).toBe(403);
  });
});

describe('POST drive-assignment-bulk-assign', () => {
  it("assigns today's and later trips, skips yesterday's (unchanged), the same partner, Final and unknown ones", async () => {
    const driver = await createDriver(db.pool, y.partner.id);
    const today = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: TODAY, accepted: true, driverId: driver.id, driverEmpNumberAssigned: driver.employeeNumber });
    const future = await createTrip(db.pool, { serviceDate: FUTURE });
    const past = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST });
    const same = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const final = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: FUTURE, partnerPayStatus: 'Final' });
    const pastBefore = await tripRow(db.pool, past.id);
    const finalBefore = await tripRow(db.pool, final.id);

    const res = await post(staff, 'drive-assignment-bulk-assign', {
      referenceNumbers: [today.referenceNumber, future.referenceNumber, past.referenceNumber, same.referenceNumber, final.referenceNumber, '99999'],
      providerId: x.partner.id,
    });
    expect(res.statusCode).toBe(200);
    expect(result(res)).toEqual({
      changed: [
        { id: today.id, referenceNumber: today.referenceNumber },
        { id: future.id, referenceNumber: future.referenceNumber },
      ],
      skipped: [
        { id: past.id, referenceNumber: past.referenceNumber, reason: SEARCH_MSG.BULK_TODAY_OR_LATER },
        { id: same.id, referenceNumber: same.referenceNumber, reason: 'Already assigned to this partner' },
        { id: final.id, referenceNumber: final.referenceNumber, reason: TRIP_MSG.FINALIZED_READ_ONLY },
        { id: null, referenceNumber: '99999', reason: 'No such trip' },
      ],
    });
    const row = await tripRow(db.pool, today.id);
    expect(row).toMatchObject({
      farmout_contact_id: x.partner.id,
      farmout_contact_number: Number(x.partner.contactNumber),
      accepted: false,
      declined: false,
      driver_id: null,
      driver_emp_number_assigned: null,
      mod_count: today.modCount + 1,
    });
    expect(await tripRow(db.pool, past.id)).toEqual(pastBefore);
    expect(await tripRow(db.pool, final.id)).toEqual(finalBefore);

    const audit = await auditRows(db.pool, 'drive_assignments', today.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      activity_type: 'bulk-assign',
      actor_id: staffId,
      before: { farmoutContactId: y.partner.id, accepted: true, driverId: driver.id },
      after: { farmoutContactId: x.partner.id, farmoutName: 'Sandia Mobility', accepted: false, driverId: null },
    });
    expect(await auditRows(db.pool, 'drive_assignments', past.id)).toEqual([]);
  });

  it('answers 400 for a provider that is not a partner company', async () => {
    const trip = await createTrip(db.pool, { serviceDate: FUTURE });
    const before = await tripRow(db.pool, trip.id);
    for (const providerId of [x.user.id, staffId, '11111111-1111-4111-8111-111111111111']) {
      const res = await post(staff, 'drive-assignment-bulk-assign', { referenceNumbers: [trip.referenceNumber], providerId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('There is no partner with this id');
    }
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });
});

describe('POST drive-assignment-bulk-un-cancel', () => {
  it("answers 400 'No canceled DAs in found set' when no trip is cancelled, changing nothing", async () => {
    const a = await createTrip(db.pool, { serviceDate: FUTURE });
    const before = await tripRow(db.pool, a.id);
    const res = await post(staff, 'drive-assignment-bulk-un-cancel', { referenceNumbers: [a.referenceNumber, '99998'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No canceled DAs in found set');
    expect(await tripRow(db.pool, a.id)).toEqual(before);
  });

  it("counts only cancelled trips of today or later: a found set whose only cancelled trip is past is refused", async () => {
    const past = await createTrip(db.pool, { serviceDate: PAST, canceled: true });
    const active = await createTrip(db.pool, { serviceDate: FUTURE });
    const before = await tripRow(db.pool, past.id);
    const res = await post(staff, 'drive-assignment-bulk-un-cancel', { referenceNumbers: [past.referenceNumber, active.referenceNumber] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No canceled DAs in found set');
    expect(await tripRow(db.pool, past.id)).toEqual(before);
  });

  it('restores cancelled trips and their legs; skips active and past ones', async () => {
    const cancelled = await createTrip(db.pool, {
      partnerId: x.partner.id,
      serviceDate: FUTURE,
      canceled: true,
      cancelledWithoutCharge: true,
      cancelledReason: 'Weather',
      legs: [{ status: 'CanceledNoCharge', cancelNc: true }, { pickup: '23:59:00', dropoff: '23:59:00', status: 'CanceledNoCharge', cancelNc: true }],
    });
    const active = await createTrip(db.pool, { serviceDate: FUTURE });
    const past = await createTrip(db.pool, { serviceDate: PAST, canceled: true });
    const res = await post(staff, 'drive-assignment-bulk-un-cancel', { referenceNumbers: [cancelled.referenceNumber, active.referenceNumber, past.referenceNumber] });
    expect(res.statusCode).toBe(200);
    expect(result(res).changed.map((c) => c.id)).toEqual([cancelled.id]);
    expect(result(res).skipped.map((s) => s.reason)).toEqual([BULK_MSG.NOT_CANCELLED, SEARCH_MSG.BULK_TODAY_OR_LATER]);
    const row = await tripRow(db.pool, cancelled.id);
    expect(row).toMatchObject({ canceled: false, cancelled_without_charge: false, cancelled_reason: null });
    expect((row.legs as { status: string; cancel_nc: boolean }[]).map((l) => [l.status, l.cancel_nc])).toEqual([
      ['Pending', false],
      ['WillCall', false],
    ]);
    expect((await auditRows(db.pool, 'drive_assignments', cancelled.id))[0]).toMatchObject({ activity_type: 'bulk-un-cancel', after: { canceled: false } });
  });
  it('restores a trip whose legs staff cancelled one at a time, though the trip itself is not cancelled', async () => {
    const partly = await createTrip(db.pool, {
      serviceDate: FUTURE,
      legs: [{}, { status: 'Canceled', cancelWc: true }],
    });
    const res = await post(staff, 'drive-assignment-bulk-un-cancel', { referenceNumbers: [partly.referenceNumber] });
    expect(res.statusCode).toBe(200);
    expect(result(res).changed.map((c) => c.id)).toEqual([partly.id]);
    const row = await tripRow(db.pool, partly.id);
    expect((row.legs as { status: string; cancel_wc: boolean }[]).map((l) => [l.status, l.cancel_wc])).toEqual([
      ['Pending', false],
      ['Pending', false],
    ]);
  });
});

describe('POST drive-assignment-bulk-reset', () => {
  it("clears the partner's answer so it answers again", async () => {
    const accepted = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, accepted: true });
    const declined = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, declined: true });
    const open = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const res = await post(staff, 'drive-assignment-bulk-reset', { referenceNumbers: [accepted.referenceNumber, declined.referenceNumber, open.referenceNumber] });
    expect(result(res).changed.map((c) => c.id)).toEqual([accepted.id, declined.id]);
    expect(result(res).skipped).toEqual([{ id: open.id, referenceNumber: open.referenceNumber, reason: BULK_MSG.NO_ANSWER }]);
    expect(await tripRow(db.pool, declined.id)).toMatchObject({ accepted: false, declined: false, deleted: false, farmout_contact_id: x.partner.id });
    expect(await tripRow(db.pool, accepted.id)).toMatchObject({ accepted: false });
  });
});

describe('POST bulk-cancel and bulk-unassign (trip ids)', () => {
  it('cancels without charge with every leg, and audits each trip', async () => {
    const a = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, legs: [{}, { pickup: '13:00:00', dropoff: '13:30:00' }] });
    const b = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, canceled: true });
    const res = await post(staff, 'bulk-cancel', [a.id, b.id, '11111111-1111-4111-8111-111111111111']);
    expect(res.statusCode).toBe(200);
    expect(result(res)).toEqual({
      changed: [{ id: a.id, referenceNumber: a.referenceNumber }],
      skipped: [
        { id: b.id, referenceNumber: b.referenceNumber, reason: BULK_MSG.ALREADY_CANCELLED },
        { id: '11111111-1111-4111-8111-111111111111', referenceNumber: null, reason: 'No such trip' },
      ],
    });
    const row = await tripRow(db.pool, a.id);
    expect(row).toMatchObject({ canceled: true, cancelled_without_charge: true, cancelled_with_charge: false, cancelled_reason: 'Other' });
    expect((row.legs as { status: string }[]).map((l) => l.status)).toEqual(['CanceledNoCharge', 'CanceledNoCharge']);
    expect(await auditRows(db.pool, 'drive_assignments', a.id)).toEqual([
      expect.objectContaining({ activity_type: 'bulk-cancel', actor_id: staffId, before: expect.objectContaining({ canceled: false }) }),
    ]);
  });

  it('takes trips away from their partner and driver', async () => {
    const driver = await createDriver(db.pool, x.partner.id);
    const a = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: TODAY, accepted: true, driverId: driver.id });
    const none = await createTrip(db.pool, { serviceDate: TODAY });
    const res = await post(staff, 'bulk-unassign', [a.id, none.id]);
    expect(result(res).changed).toEqual([{ id: a.id, referenceNumber: a.referenceNumber }]);
    expect(result(res).skipped).toEqual([{ id: none.id, referenceNumber: none.referenceNumber, reason: BULK_MSG.NO_PARTNER }]);
    expect(await tripRow(db.pool, a.id)).toMatchObject({ farmout_contact_id: null, farmout_contact_number: null, driver_id: null, accepted: false });
  });

  it('leaves every trip unchanged when the batch fails part-way (one transaction)', async () => {
    const a = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const b = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE });
    const before = [await tripRow(db.pool, a.id), await tripRow(db.pool, b.id)];
    // the trips are written first, then the legs: fail on one leg of the second trip
    await db.pool.query(
      `create function test_fail_leg() returns trigger language plpgsql as $$
       begin if new.id = '${b.legIds[0]}' then raise exception 'forced failure'; end if; return new; end $$`,
    );
    await db.pool.query('create trigger test_fail_leg before update on trip_legs for each row execute function test_fail_leg()');
    try {
      const res = await post(staff, 'bulk-cancel', [a.id, b.id]);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('The server could not complete the request');
    } finally {
      await db.pool.query('drop trigger test_fail_leg on trip_legs');
      await db.pool.query('drop function test_fail_leg()');
    }
    expect([await tripRow(db.pool, a.id), await tripRow(db.pool, b.id)]).toEqual(before);
    expect(await auditRows(db.pool, 'drive_assignments', a.id)).toEqual([]);
  });
});

describe('POST repair-trips', () => {
  it('reports without writing on a dry run, then fixes and audits', async () => {
    const encounters = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Encounters'] }));
    const driver = await createDriver(db.pool, x.partner.id, { employeeNumber: 'SAN042' });
    const broken = await createTrip(db.pool, {
      partnerId: x.partner.id,
      serviceDate: PAST,
      willCall: true,
      driverId: driver.id,
      driverEmpNumberAssigned: 'WRONG',
      canceled: true,
      cancelledWithCharge: true,
    });
    const fine = await createTrip(db.pool, { serviceDate: FUTURE });
    const before = await tripRow(db.pool, broken.id);

    const body = { referenceNumbers: [broken.referenceNumber, fine.referenceNumber, '99997'] };
    const dry = await post(encounters, 'repair-trips', { ...body, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      repaired: [
        {
          referenceNumber: broken.referenceNumber,
          fixes: [
            'The trip is marked Will Call but no pickup is at 23:59: Will Call turned off',
            "The assigned employee number (WRONG) is not the driver's (SAN042): set to the driver's",
            `The partner number (none) is not the partner's contact number (${x.partner.contactNumber}): set to the partner's`,
            'The trip is cancelled but 1 leg(s) are not: legs marked cancelled',
          ],
        },
      ],
      skipped: [
        { referenceNumber: fine.referenceNumber, reason: 'Nothing to repair' },
        { referenceNumber: '99997', reason: 'No such trip' },
      ],
    });
    expect(await tripRow(db.pool, broken.id)).toEqual(before);

    const admin = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], adminAccess: true }));
    const fixed = await post(admin, 'repair-trips', { ...body, dryRun: false });
    expect(fixed.json().repaired).toHaveLength(1);
    const row = await tripRow(db.pool, broken.id);
    expect(row).toMatchObject({
      will_call: false,
      driver_emp_number_assigned: 'SAN042',
      farmout_contact_number: Number(x.partner.contactNumber),
      mod_count: broken.modCount + 1,
    });
    expect((row.legs as { status: string; cancel_wc: boolean }[]).map((l) => [l.status, l.cancel_wc])).toEqual([['Canceled', true]]);
    const audit = await auditRows(db.pool, 'drive_assignments', broken.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ activity_type: 'repair-trips', before: { willCall: true, driverEmpNumberAssigned: 'WRONG' }, after: { willCall: false } });
    // a second run finds nothing left
    expect((await post(admin, 'repair-trips', { ...body, dryRun: true })).json().repaired).toEqual([]);
  });
});
