import { ORDER_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { fillStandingOrders } from '../src/modules/standing-orders/fill.ts';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact } from './factories.ts';
import { auditRows, createTrip, signIn } from './trip-factories.ts';

const world = staffWorld();

/** A trip with a Tuesday/Thursday standing order from Nov 24, its first two dates made. */
async function order(endDate: string | null = null) {
  const trip = await createTrip(world.db.pool, { partnerId: world.x.partner.id });
  const res = await world.staff.post('/api/duplicate-da', {
    daId: trip.id,
    dates: ['2026-11-24', '2026-11-26'],
    standingOrders: true,
    standingOrder: { weekdays: [2, 4], everyWeeks: 1, endDate },
  });
  expect(res.statusCode).toBe(200);
  return { trip, order: res.json().standingOrder };
}

const madeDays = async (orderId: string) =>
  (
    await world.db.pool.query(
      `select to_char(t.service_date, 'YYYY-MM-DD') as day, da.canceled from standing_order_trips t join drive_assignments da on da.id = t.drive_assignment_id
        where t.standing_order_id = $1 order by t.service_date`,
      [orderId],
    )
  ).rows as { day: string; canceled: boolean }[];

describe('the daily standing-order run', () => {
  it('fills 60 days ahead, skips suspended days, and makes nothing more when run twice', async () => {
    const { order: o } = await order();
    const first = await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now());
    expect(first).toBeGreaterThan(0);
    const days = await madeDays(o.id);
    // Tuesdays and Thursdays from Nov 24 to Jan 21 (today Nov 22 + 60 days)
    expect(days[0].day).toBe('2026-11-24');
    expect(days.at(-1)?.day).toBe('2027-01-21');
    expect(days).toHaveLength(18);
    expect(await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now())).toBe(0);
    expect(await madeDays(o.id)).toHaveLength(18);
    const made = (await world.db.pool.query(`select drive_assignment_id from standing_order_trips where standing_order_id = $1 and service_date = '2027-01-21'`, [o.id])).rows[0];
    expect(await auditRows(world.db.pool, 'drive_assignments', made.drive_assignment_id)).toEqual([
      expect.objectContaining({ activity_type: 'standing-order-fill', actor_id: null, after: expect.objectContaining({ standingOrderId: o.id }) }),
    ]);
    // the next day reaches one day further: Jan 22 is a Friday, so nothing new until Jan 26
    world.t.clock.set(new Date(world.t.clock.now().getTime() + 5 * 86_400_000));
    expect(await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now())).toBe(1);
    world.t.clock.set(new Date(world.t.clock.now().getTime() - 5 * 86_400_000));
  });
});

describe('GET /api/standing-orders', () => {
  it('answers 401, 400, 403, 404 and the orders of a trip, its copies included', async () => {
    const { trip, order: o } = await order('2026-12-31');
    expect((await new Browser(world.t.app).get(`/api/standing-orders?driveAssignmentId=${trip.id}`)).statusCode).toBe(401);
    expect((await world.staff.get('/api/standing-orders')).statusCode).toBe(400);
    const partner = await signIn(world.t.app, world.x.user);
    expect((await partner.get(`/api/standing-orders?driveAssignmentId=${trip.id}`)).statusCode).toBe(403);
    const cm = await signIn(world.t.app, await createContact(world.db.pool, { types: ['Case Manager'] }));
    expect((await cm.get(`/api/standing-orders?driveAssignmentId=${trip.id}`)).statusCode).toBe(403);
    expect((await world.staff.get('/api/standing-orders?driveAssignmentId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const mine = await world.staff.get(`/api/standing-orders?driveAssignmentId=${trip.id}`);
    expect(mine.json()).toEqual([expect.objectContaining({ id: o.id, endDate: '2026-12-31' })]);
    const copy = o.trips[0].id;
    expect((await world.staff.get(`/api/standing-orders?driveAssignmentId=${copy}`)).json()).toEqual([expect.objectContaining({ id: o.id })]);
    expect((await world.staff.get(`/api/standing-orders?driveAssignmentId=${(await createTrip(world.db.pool)).id}`)).json()).toEqual([]);
  });
});

describe('suspending, resuming and ending a standing order', () => {
  it('a suspension cancels its trips without charge and the run skips its days; a resume restores them', async () => {
    const { order: o } = await order();
    await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now());
    const body = { standingOrderId: o.id, modCount: o.modCount, startDate: '2026-12-01', endDate: '2026-12-10' };
    expect((await new Browser(world.t.app).post('/api/standing-order-suspensions', body)).statusCode).toBe(401);
    expect((await world.staff.post('/api/standing-order-suspensions', { ...body, endDate: '2026-11-30' })).json().message).toBe(ORDER_MSG.RANGE_ORDER);
    expect((await world.staff.post('/api/standing-order-suspensions', { ...body, standingOrderId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const stale = await world.staff.post('/api/standing-order-suspensions', { ...body, modCount: o.modCount + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: o.id, modCount: o.modCount });

    const res = await world.staff.post('/api/standing-order-suspensions', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ modCount: o.modCount + 1, suspensions: [{ startDate: '2026-12-01', endDate: '2026-12-10' }] });
    const held = (await madeDays(o.id)).filter((d) => d.day >= '2026-12-01' && d.day <= '2026-12-10');
    expect(held.map((d) => [d.day, d.canceled])).toEqual([
      ['2026-12-01', true],
      ['2026-12-03', true],
      ['2026-12-08', true],
      ['2026-12-10', true],
    ]);
    expect((await madeDays(o.id)).find((d) => d.day === '2026-11-26')?.canceled).toBe(false);
    const legs = await world.db.pool.query(
      `select l.status, l.cancel_notes from trip_legs l join standing_order_trips t on t.drive_assignment_id = l.drive_assignment_id
        where t.standing_order_id = $1 and t.service_date = '2026-12-01'`,
      [o.id],
    );
    expect(legs.rows).toEqual([{ status: 'CanceledNoCharge', cancel_notes: 'Standing order suspended Dec 1, 2026 – Dec 10, 2026' }]);
    expect((await world.staff.post('/api/standing-order-suspensions', { ...body, modCount: o.modCount + 1, startDate: '2026-12-10', endDate: '2026-12-12' })).json().message).toBe(ORDER_MSG.OVERLAP);

    const suspensionId = res.json().suspensions[0].id;
    const resumed = await world.staff.request('DELETE', `/api/standing-order-suspensions?id=${suspensionId}&modCount=${o.modCount + 1}`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().suspensions).toEqual([]);
    expect((await madeDays(o.id)).every((d) => !d.canceled)).toBe(true);
    expect((await world.db.pool.query(`select count(*)::int as n from audit_log where activity_type in ('standing-order-suspend', 'standing-order-resume')`)).rows[0].n).toBe(10);
  });

  it('an end date cancels the trips after it; clearing it brings them back; a partner is refused', async () => {
    const { order: o } = await order();
    await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now());
    const partner = await signIn(world.t.app, world.x.user);
    expect((await partner.post('/api/standing-orders', { id: o.id, modCount: o.modCount, endDate: '2026-12-31' })).statusCode).toBe(403);
    const ended = await world.staff.post('/api/standing-orders', { id: o.id, modCount: o.modCount, endDate: '2026-12-31' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().description).toBe('This trip repeats every Tuesday and Thursday from Nov 24, 2026 until Dec 31, 2026.');
    const days = await madeDays(o.id);
    expect(days.filter((d) => d.canceled).every((d) => d.day > '2026-12-31')).toBe(true);
    expect(days.filter((d) => d.day > '2026-12-31').every((d) => d.canceled)).toBe(true);
    expect(await fillStandingOrders({ pool: world.db.pool }, world.t.clock.now())).toBe(0);
    const open = await world.staff.post('/api/standing-orders', { id: o.id, modCount: o.modCount + 1, endDate: null });
    expect(open.statusCode).toBe(200);
    expect((await madeDays(o.id)).every((d) => !d.canceled)).toBe(true);
  });
});
