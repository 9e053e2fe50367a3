import { DUP_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact } from './factories.ts';
import { auditRows, createDriver, createTrip, FUTURE, signIn } from './trip-factories.ts';

const world = staffWorld();

const tripCount = async () => (await world.db.pool.query('select count(*)::int as n from drive_assignments')).rows[0].n as number;

/** A driven, paid trip with a partner and driver: everything a copy must leave behind. */
async function drivenTrip() {
  const driver = await createDriver(world.db.pool, world.x.partner.id);
  const trip = await createTrip(world.db.pool, {
    partnerId: world.x.partner.id,
    accepted: true,
    driverId: driver.id,
    driverEmpNumberAssigned: driver.employeeNumber,
    partnerPayStatus: 'Final',
    legs: [{ act: '09:02:00', dep: '09:05:00', drop: '09:41:00', status: 'Rode' }, { pickup: '13:00:00', dropoff: '13:40:00', status: 'CanceledNoCharge', cancelNc: true }],
  });
  return trip;
}

describe('POST /api/duplicate-da', () => {
  it('answers 401, 400, 403 (partner, case manager), 404 in that order, writing nothing', async () => {
    const trip = await createTrip(world.db.pool, { partnerId: world.x.partner.id });
    const body = { daId: trip.id, dates: [FUTURE] };
    const before = await tripCount();
    expect((await new Browser(world.t.app).post('/api/duplicate-da', body)).statusCode).toBe(401);
    const bad = await world.staff.post('/api/duplicate-da', { daId: trip.id, dates: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose at least one date');
    expect((await world.staff.post('/api/duplicate-da', { daId: trip.id, dates: ['2026-02-30'] })).json().details[0].path).toBe('dates.0');
    expect((await world.staff.post('/api/duplicate-da', { ...body, standingOrders: true })).json().message).toBe('Choose the weekdays the standing order repeats on');
    const partner = await signIn(world.t.app, world.x.user);
    expect((await partner.post('/api/duplicate-da', body)).statusCode).toBe(403);
    const cm = await signIn(world.t.app, await createContact(world.db.pool, { types: ['Case Manager'] }));
    expect((await cm.post('/api/duplicate-da', body)).statusCode).toBe(403);
    expect((await world.staff.post('/api/duplicate-da', { daId: '00000000-0000-4000-8000-000000000000', dates: [FUTURE] })).statusCode).toBe(404);
    expect(await tripCount()).toBe(before);
  });

  it('is all or nothing: one date past 365 days, in the past or twice writes nothing', async () => {
    const trip = await createTrip(world.db.pool);
    const before = await tripCount();
    for (const [dates, path, message] of [
      [[FUTURE, '2027-11-23'], 'dates.1', DUP_MSG.TOO_FAR],
      [['2026-11-21', FUTURE], 'dates.0', DUP_MSG.PAST],
      [[FUTURE, FUTURE], 'dates.1', DUP_MSG.DATE_TWICE],
    ] as const) {
      const res = await world.staff.post('/api/duplicate-da', { daId: trip.id, dates });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, details: [{ path, message }] });
    }
    expect(await tripCount()).toBe(before);
    expect((await world.db.pool.query('select dupe_reference_key from drive_assignments where id = $1', [trip.id])).rows[0].dupe_reference_key).toBeNull();
    // exactly 365 days ahead is allowed
    expect((await world.staff.post('/api/duplicate-da', { daId: trip.id, dates: ['2027-11-22'] })).statusCode).toBe(200);
  });

  it('copies without actuals, cancels, partner, driver or pay; one series key; one audit row per copy naming its source', async () => {
    const trip = await drivenTrip();
    const res = await world.staff.post('/api/duplicate-da', { daId: trip.id, dates: ['2026-11-30', '2026-11-25'] });
    expect(res.statusCode).toBe(200);
    const { created, dupeReferenceKey, standingOrder } = res.json();
    expect(standingOrder).toBeNull();
    expect(created.map((c: { serviceDate: string }) => c.serviceDate)).toEqual(['2026-11-25', '2026-11-30']);
    for (const c of created) expect(c.referenceNumber).not.toBe(trip.referenceNumber);
    const copies = await world.db.pool.query(
      `select id, accepted, canceled, partner_pay_status, farmout_contact_id, driver_id, driver_emp_number_assigned, dupe_reference_key::text as key, mod_count
         from drive_assignments where dupe_reference_key = $1 order by service_date`,
      [dupeReferenceKey],
    );
    expect(copies.rows).toHaveLength(3);
    expect(copies.rows[0].id).toBe(trip.id);
    for (const copy of copies.rows.slice(1)) {
      expect(copy).toMatchObject({ accepted: false, canceled: false, partner_pay_status: 'Open', farmout_contact_id: null, driver_id: null, driver_emp_number_assigned: null, mod_count: 0 });
      const legs = await world.db.pool.query('select status, loc_first_time_act, loc_first_time_dep, loc_second_time_act, cancel_nc, serv_date_beg::text from trip_legs where drive_assignment_id = $1 order by leg_order', [copy.id]);
      expect(legs.rows.map((l) => [l.status, l.loc_first_time_act, l.loc_first_time_dep, l.loc_second_time_act, l.cancel_nc])).toEqual([
        ['Pending', null, null, null, false],
        ['Pending', null, null, null, false],
      ]);
      const audit = await auditRows(world.db.pool, 'drive_assignments', copy.id);
      expect(audit).toEqual([expect.objectContaining({ activity_type: 'duplicate', before: null, after: expect.objectContaining({ sourceId: trip.id, sourceReferenceNumber: trip.referenceNumber }) })]);
    }
    expect((await auditRows(world.db.pool, 'drive_assignments', trip.id)).at(-1)).toMatchObject({ activity_type: 'duplicate', after: { dupeReferenceKey } });
    // a second duplicate keeps the series key
    const again = await world.staff.post('/api/duplicate-da', { daId: created[0].id, dates: ['2026-12-01'] });
    expect(again.json().dupeReferenceKey).toBe(dupeReferenceKey);
  });

  it('keeps the rule as a standing order when asked', async () => {
    const trip = await createTrip(world.db.pool);
    const res = await world.staff.post('/api/duplicate-da', {
      daId: trip.id,
      dates: ['2026-11-23', '2026-11-25', '2026-11-27'],
      standingOrders: true,
      standingOrder: { weekdays: [1, 3, 5], everyWeeks: 1, endDate: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().standingOrder).toMatchObject({
      weekdays: [1, 3, 5],
      everyWeeks: 1,
      startDate: '2026-11-23',
      endDate: null,
      filledThrough: '2026-11-27',
      description: 'This trip repeats every Monday, Wednesday and Friday from Nov 23, 2026, with no end date.',
    });
    expect(res.json().standingOrder.trips).toHaveLength(3);
    const ended = await world.staff.post('/api/duplicate-da', { daId: trip.id, dates: [FUTURE], standingOrders: true, standingOrder: { weekdays: [1], everyWeeks: 1, endDate: '2026-11-22' } });
    expect(ended.json().message).toBe('A standing order cannot end before it starts');
  });
});
