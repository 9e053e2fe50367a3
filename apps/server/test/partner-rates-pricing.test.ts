import type { TripPay } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repriceTrips } from '../src/modules/partner-rates/pricing.ts';
import { buildTestApp, type Browser, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createBillTo, createRate } from './rate-factories.ts';
import { createPartner, createReasons, createTrip, FUTURE, PAST, signIn, type Partner, type TripSpec } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let billTo: Created;
let staff: Browser;
let partnerX: Browser;

/** 10 miles in metres (10.0 miles after rounding to 0.1). */
const TEN_MILES = 16094;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  y = await createPartner(db.pool, 'Rio Grande Medical Transport');
  billTo = await createBillTo(db.pool);
  // Sandia: $20 a pickup, $2 a mile up to 10 miles, $1.50 beyond, $15 a cancellation, $5 PCA
  await createRate(db.pool, { affiliateId: x.partner.id, billToId: billTo.id, rateType: 'Pick Up Per Mile', amounts: { addsPca: 5 } });
  await createRate(db.pool, { affiliateId: y.partner.id, billToId: billTo.id, rateType: 'Flat Rate', amounts: { baseFlatRate: 35 } });
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partnerX = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

async function trip(spec: TripSpec = {}) {
  const created = await createTrip(db.pool, { partnerId: x.partner.id, billToId: billTo.id, serviceDate: FUTURE, accepted: true, ...spec });
  await db.pool.query('update trip_legs set google_driving_distance_meters = $2 where drive_assignment_id = $1', [created.id, TEN_MILES]);
  return created;
}
const pay = async (id: string) => {
  const { rows } = await db.pool.query('select farmout_rate, farmout_rate_default, farmout_rate_breakdown from drive_assignments where id = $1', [id]);
  return rows[0] as { farmout_rate: number | null; farmout_rate_default: number | null; farmout_rate_breakdown: TripPay | null };
};
async function reprice(ids: string[]) {
  const client = await db.pool.connect();
  try {
    return await repriceTrips(client, ids, new Date());
  } finally {
    client.release();
  }
}

describe('repriceTrips', () => {
  it('prices from the legs and the rate in force, and stores the breakdown', async () => {
    const two = await trip({ legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }] });
    expect(await reprice([two.id])).toEqual([{ id: two.id, before: 42.5, after: 80 }]);
    expect(await pay(two.id)).toEqual({
      farmout_rate: 80,
      farmout_rate_default: 80,
      farmout_rate_breakdown: {
        noRate: false, rateId: expect.any(String), rateType: 'Pick Up Per Mile', totalPennies: 8000,
        lines: [{ item: 'basePickupRate', quantity: 2, unitPennies: 2000, pennies: 4000 }, { item: 'baseMileageRate', quantity: 20, unitPennies: 200, pennies: 4000 }],
      },
    });
    expect(await reprice([two.id])).toEqual([]);
  });

  it('reads approved expenses, approved mileage and deadhead, PCA, and keeps an override', async () => {
    const one = await trip();
    await db.pool.query('update drive_assignments set pca = true, paid_miles_override = 12, extra_deadhead_miles = 3 where id = $1', [one.id]);
    await db.pool.query(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, amount) values ($1, $2, 'Expense', 'Approved', 7.25), ($1, $2, 'Expense', 'Pending', 100)`,
      [one.id, x.partner.id],
    );
    await reprice([one.id]);
    // 20 pickup + 10 × 2 + 2 × 1.50 + 5 PCA + 7.25 expenses + 3 × 2 deadhead
    expect((await pay(one.id)).farmout_rate).toBe(20 + 20 + 3 + 5 + 7.25 + 6);
    await db.pool.query('update drive_assignments set farmout_rate_override = 99 where id = $1', [one.id]);
    await reprice([one.id]);
    expect(await pay(one.id)).toMatchObject({ farmout_rate: 99, farmout_rate_default: 61.25 });
  });

  it('leaves Final trips and trips without a partner alone; a trip without a rate in force is NoRate', async () => {
    const final = await trip({ partnerPayStatus: 'Final' });
    const none = await trip({ partnerId: null });
    const otherBillTo = await trip({ billToId: (await createBillTo(db.pool, 'Sunrise Dialysis Program')).id });
    expect(await reprice([final.id, none.id, otherBillTo.id])).toEqual([{ id: otherBillTo.id, before: 42.5, after: null }]);
    expect((await pay(final.id)).farmout_rate).toBe(42.5);
    expect((await pay(none.id)).farmout_rate).toBe(42.5);
    expect(await pay(otherBillTo.id)).toEqual({ farmout_rate: null, farmout_rate_default: null, farmout_rate_breakdown: { noRate: true } });
  });
});

describe('trip writes that change pay inputs reprice the trip in their transaction', () => {
  const cancel = (b: Browser, id: string, modCount: number, tripLegId: string, reason: string) =>
    b.post('/api/cancel-individual-trip-leg', { driveAssignmentId: id, modCount, tripLegId, reason, notes: 'Called at 7:10' });

  it('a leg cancelled without charge is no longer paid; the last leg cancelled with charge pays the cancel rate', async () => {
    const two = await trip({ serviceDate: PAST, legs: [{}, { pickup: '13:00:00', dropoff: '13:40:00' }] });
    const first = await cancel(partnerX, two.id, two.modCount, two.legIds[0], 'Advance Notice');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().farmoutRate).toBe(40);
    expect((await pay(two.id)).farmout_rate).toBe(40);
    const second = await cancel(partnerX, two.id, two.modCount + 1, two.legIds[1], 'Late Cancel');
    expect(second.statusCode, second.body).toBe(200);
    expect((await pay(two.id)).farmout_rate).toBe(15);
  });

  it('stats entered price the trip from its legs, in the same answer', async () => {
    const one = await trip({ serviceDate: PAST });
    const res = await partnerX.post('/api/stats', [
      { driveAssignmentId: one.id, modCount: one.modCount, tripLegId: one.legIds[0], timeArrive: '09:02:00', timeDepart: '09:06:00', timeDropOff: '09:45:00' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated[0].farmoutRate).toBe(40);
    expect((await pay(one.id)).farmout_rate_breakdown).toMatchObject({ noRate: false, totalPennies: 4000 });
  });

  it("a new partner's rate prices a trip assigned in bulk", async () => {
    const one = await trip();
    const res = await staff.post('/api/drive-assignment-bulk-assign', { referenceNumbers: [one.referenceNumber], providerId: y.partner.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pay(one.id)).farmout_rate).toBe(35);
  });

  it('a write that changes no pay input leaves the pay as it was', async () => {
    const one = await trip();
    const res = await staff.post('/api/drive-assignment-flag', { referenceNumber: one.referenceNumber, flag: 'Call passenger' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pay(one.id)).toEqual({ farmout_rate: 42.5, farmout_rate_default: null, farmout_rate_breakdown: null });
  });
});
