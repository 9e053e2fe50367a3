import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSessionUser, type SessionUser } from '../src/platform/auth/users.ts';
import { tripScope } from '../src/platform/scope.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';

let db: TestDatabase;
const refs: Record<string, string> = {};
let users: Record<string, SessionUser>;

async function trip(ref: string, partnerId: string | null, billToId: string | null, passengerId: string) {
  const { rows } = await db.pool.query(
    `insert into drive_assignments (reference_number, service_date, service_type_requested, farmout_contact_id, bill_to_contact_id)
     values ($1, '2026-11-22', '01', $2, $3) returning id`,
    [ref, partnerId, billToId],
  );
  await db.pool.query('insert into trip_legs (drive_assignment_id, passenger_id) values ($1, $2)', [rows[0].id, passengerId]);
  refs[ref] = rows[0].id;
}

async function visible(user: SessionUser): Promise<string[]> {
  const params: unknown[] = [];
  const where = tripScope(user, params);
  const { rows } = await db.pool.query(`select reference_number from drive_assignments da where ${where} order by 1`, params);
  return rows.map((r) => r.reference_number);
}

beforeAll(async () => {
  db = await createTestDatabase();
  const partnerA = await createContact(db.pool, { types: ['Affiliate'], username: null });
  const partnerB = await createContact(db.pool, { types: ['Affiliate'], username: null });
  const billA = await createContact(db.pool, { types: ['Bill To'], username: null });
  const billB = await createContact(db.pool, { types: ['Bill To'], username: null });
  const billC = await createContact(db.pool, { types: ['Bill To'], username: null });
  const pax1 = await createContact(db.pool, { types: ['Passenger', 'S/N Passenger'] });
  const pax2 = await createContact(db.pool, { types: ['Passenger'], username: null });
  const userA = await createContact(db.pool, { types: ['Affiliate'], parentId: partnerA.id });
  const cm = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billA.id, billB.id] });
  const staff = await createContact(db.pool, { types: ['SecureEmployee'] });
  const nobody = await createContact(db.pool, { types: ['Driver'] });
  await trip('T1', partnerA.id, billA.id, pax1.id);
  await trip('T2', partnerA.id, billC.id, pax2.id);
  await trip('T3', partnerB.id, billB.id, pax2.id);
  await trip('T4', partnerB.id, billC.id, pax1.id);
  await trip('T5', null, billC.id, pax2.id);
  const load = async (id: string) => (await loadSessionUser(db.pool, id, null))!;
  users = { partner: await load(userA.id), cm: await load(cm.id), pax: await load(pax1.id), staff: await load(staff.id), nobody: await load(nobody.id) };
});
afterAll(async () => db.drop());

describe('trip row scope', () => {
  it('gives staff every trip', async () => expect(await visible(users.staff)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']));
  it('gives a partner user only its partner’s trips', async () => expect(await visible(users.partner)).toEqual(['T1', 'T2']));
  it('gives a case manager only its bill-to accounts’ trips', async () => expect(await visible(users.cm)).toEqual(['T1', 'T3']));
  it('gives a passenger only their own trips', async () => expect(await visible(users.pax)).toEqual(['T1', 'T4']));
  it('gives any other contact nothing', async () => expect(await visible(users.nobody)).toEqual([]));
});
