import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createTrip, tripRow } from './trip-factories.ts';

// A trip's first real pickup is kept on its row by the legs' statement triggers (migration 0021):
// day order and searches read it from there, so it must follow every change of the legs.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const firstPickup = async (id: string) => (await tripRow(db.pool, id)).first_pickup;

describe("a trip's first pickup", () => {
  it('is the earliest ordered pickup of its legs, the 23:59 placeholder left out, from the load that wrote both', async () => {
    const trip = await createTrip(db.pool, { legs: [{ pickup: '13:15:00' }, { pickup: '23:59:00' }, { pickup: '08:05:00' }] });
    expect(await firstPickup(trip.id)).toBe('08:05:00');
    const placeholderOnly = await createTrip(db.pool, { legs: [{ pickup: '23:59:00' }] });
    expect(await firstPickup(placeholderOnly.id)).toBeNull();
  });

  it('follows legs inserted, moved and deleted later, and moves the legs stamp as before', async () => {
    const trip = await createTrip(db.pool, { legs: [{ pickup: '10:00:00' }] });
    const before = await tripRow(db.pool, trip.id);
    await db.pool.query(
      `insert into trip_legs (drive_assignment_id, which_leg, leg_order, loc_first_time_ord)
       select drive_assignment_id, 'B', leg_order + 1, '07:30' from trip_legs where drive_assignment_id = $1`,
      [trip.id],
    );
    const inserted = await tripRow(db.pool, trip.id);
    expect(inserted.first_pickup).toBe('07:30:00');
    expect(Number(inserted.legs_stamp)).toBeGreaterThan(Number(before.legs_stamp));

    await db.pool.query(`update trip_legs set loc_first_time_ord = '11:00' where drive_assignment_id = $1 and loc_first_time_ord = '07:30'`, [trip.id]);
    expect(await firstPickup(trip.id)).toBe('10:00:00');
    await db.pool.query(`delete from trip_legs where drive_assignment_id = $1 and loc_first_time_ord = '10:00'`, [trip.id]);
    expect(await firstPickup(trip.id)).toBe('11:00:00');
    await db.pool.query('delete from trip_legs where drive_assignment_id = $1', [trip.id]);
    expect(await firstPickup(trip.id)).toBeNull();
  });

  it('changes in the transaction that changes the legs, so a reader never sees one without the other', async () => {
    const trip = await createTrip(db.pool, { legs: [{ pickup: '09:00:00' }] });
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update trip_legs set loc_first_time_ord = '06:45' where drive_assignment_id = $1`, [trip.id]);
      expect((await client.query('select first_pickup from drive_assignments where id = $1', [trip.id])).rows[0].first_pickup).toBe('06:45:00');
      expect(await firstPickup(trip.id)).toBe('09:00:00');
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await firstPickup(trip.id)).toBe('09:00:00');
  });
});
