import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSessionUser, type SessionUser } from '../src/platform/auth/users.ts';
import { tripScope, tripVisibleTo } from '../src/platform/scope.ts';
import { findTrips } from '../src/modules/trips/repository.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';

// The live fan-out filters rows in memory with tripVisibleTo; the HTTP API filters in SQL with
// tripScope. On the same data they must choose the same trips for every kind of user.
let db: TestDatabase;
const users: Record<string, SessionUser> = {};

async function trip(partnerId: string | null, billToId: string | null, passengerIds: (string | null)[]) {
  const { rows } = await db.pool.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id, bill_to_contact_id)
     values ('2026-11-22', '01', $1, $2) returning id`,
    [partnerId, billToId],
  );
  for (const [i, p] of passengerIds.entries()) {
    await db.pool.query('insert into trip_legs (drive_assignment_id, passenger_id, which_leg) values ($1, $2, $3)', [rows[0].id, p, 'ABC'[i]]);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  const c = (spec: Parameters<typeof createContact>[1]) => createContact(db.pool, spec);
  const partnerA = await c({ types: ['Affiliate'] });
  const partnerB = await c({ types: ['Affiliate'], username: null });
  const billA = await c({ types: ['Bill To'], username: null });
  const billB = await c({ types: ['Bill To'], username: null });
  const pax1 = await c({ types: ['Passenger', 'S/N Passenger'] });
  const pax2 = await c({ types: ['Passenger'] });
  const paxCm = await c({ types: ['Passenger', 'Case Manager'], billToIds: [billB.id] });
  const made = {
    partnerUser: await c({ types: ['AffiliateEmployee'], parentId: partnerA.id }),
    partnerCompany: partnerA,
    caseManager: await c({ types: ['Case Manager'], billToIds: [billA.id] }),
    caseManagerWithoutAccounts: await c({ types: ['Case Manager'] }),
    passenger: pax1,
    otherPassenger: pax2,
    passengerCaseManager: paxCm,
    staff: await c({ types: ['SecureEmployee'] }),
    staffByGroup: await c({ types: ['Driver'], ldapGroups: ['SecureEmployee'] }),
    admin: await c({ types: ['Facility'], adminAccess: true }),
    driver: await c({ types: ['Driver'] }),
  };
  await trip(partnerA.id, billA.id, [pax1.id]);
  await trip(partnerA.id, null, [pax2.id, null]);
  await trip(partnerB.id, billB.id, [pax2.id, pax1.id]);
  await trip(partnerB.id, billA.id, [paxCm.id]);
  await trip(null, billB.id, [null]);
  await trip(null, null, []);
  for (const [k, v] of Object.entries(made)) users[k] = (await loadSessionUser(db.pool, v.id, null))!;
});
afterAll(async () => db.drop());

describe('tripVisibleTo agrees with tripScope', () => {
  it('for every kind of user, on the same trips', async () => {
    const all = await findTrips(db.pool, null, {});
    expect(all).toHaveLength(6);
    const sizes: Record<string, number> = {};
    for (const [name, user] of Object.entries(users)) {
      const params: unknown[] = [];
      const { rows } = await db.pool.query(`select id from drive_assignments da where ${tripScope(user, params)} order by id`, params);
      const inMemory = all.filter((t) => tripVisibleTo(user, t)).map((t) => t.id).sort();
      expect(inMemory, name).toEqual(rows.map((r) => r.id).sort());
      sizes[name] = inMemory.length;
    }
    // The data gives each kind of user a different view, so the agreement above means something.
    expect(sizes).toEqual({
      partnerUser: 2,
      partnerCompany: 2,
      caseManager: 2,
      caseManagerWithoutAccounts: 0,
      passenger: 2,
      otherPassenger: 2,
      passengerCaseManager: 3,
      staff: 6,
      staffByGroup: 6,
      admin: 6,
      driver: 0,
    });
  });
});
