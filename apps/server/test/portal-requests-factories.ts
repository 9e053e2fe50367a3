import type { Pool } from 'pg';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { addressRow, divisionWithCounties, CLINIC, HOME } from './reservation-helpers.ts';
import { signIn } from './trip-factories.ts';

/** A member plan of a new MCO with the given plan columns (advance_notice_days_min, …). */
export async function createPlan(pool: Pool, terms: Record<string, unknown> = {}): Promise<string> {
  const mco = await createContact(pool, { types: ['MCO'], username: null });
  const cols = Object.keys(terms);
  const { rows } = await pool.query(
    `insert into plans (mco_id, name, code, lob${cols.map((c) => `, ${c}`).join('')})
     values ($1, $2, $3, 'Medicaid'${cols.map((_, i) => `, $${i + 4}`).join('')}) returning id`,
    [mco.id, `Plan ${mco.contactNumber}`, `P-${mco.contactNumber}`, ...Object.values(terms)],
  );
  return rows[0].id;
}

/** Covers the contact by the bill-to (under the plan when given), as the member id given. */
export async function cover(pool: Pool, contactId: string, billToId: string, memberId: string, planId: string | null = null): Promise<void> {
  await pool.query('insert into coverages (contact_id, bill_to_id, plan_id, member_id) values ($1, $2, $3, $4)', [contactId, billToId, planId, memberId]);
}

export interface Member extends Created {
  homeId: string;
  clinicId: string;
}

/** A passenger with a date of birth and a member id, a home and a clinic on file, covered by the bill-to. */
export async function createMember(
  pool: Pool,
  billToId: string,
  spec: { name: string; memberId: string; dob?: string; username?: string | null; types?: string[]; planId?: string | null },
): Promise<Member> {
  const p = await createContact(pool, { types: spec.types ?? ['S/N Passenger'], username: spec.username ?? null, name: spec.name });
  const [first, ...rest] = spec.name.split(' ');
  await pool.query('update contacts set member_id = $2, date_of_birth = $3, first_name = $4, last_name = $5 where id = $1', [
    p.id,
    spec.memberId,
    spec.dob ?? '1950-04-02',
    first,
    rest.join(' '),
  ]);
  await cover(pool, p.id, billToId, spec.memberId, spec.planId ?? null);
  return { ...p, homeId: await addressRow(pool, HOME, p.id), clinicId: await addressRow(pool, CLINIC, p.id) };
}

/**
 * Two accounts, each with its case manager and member, a passenger who signs in (a member of the
 * first account), staff, and the appointment types the portal offers.
 */
export async function portalWorld(pool: Pool) {
  await divisionWithCounties(pool);
  const billToA = await createContact(pool, { types: ['Bill To'], username: null, name: 'Valley Health Plan' });
  const billToB = await createContact(pool, { types: ['Bill To'], username: null, name: 'Mesa Care' });
  await pool.query(`insert into appointment_types (code, display) values ('Medical', 'Medical'), ('Dialysis', 'Dialysis') on conflict (code) do nothing`);
  return {
    billToA,
    billToB,
    managerA: await createContact(pool, { types: ['Case Manager'], billToIds: [billToA.id], name: 'Ana Manager' }),
    managerB: await createContact(pool, { types: ['Case Manager'], billToIds: [billToB.id], name: 'Ben Manager' }),
    staff: await createContact(pool, { types: ['SecureEmployee'], name: 'Sam Staff' }),
    memberA: await createMember(pool, billToA.id, { name: 'Rosa Chavez', memberId: 'VH-1001', dob: '1948-06-15' }),
    memberB: await createMember(pool, billToB.id, { name: 'Luis Ortega', memberId: 'MC-2002' }),
    rider: await createMember(pool, billToA.id, { name: 'Grace Lee', memberId: 'VH-1003', username: `rider_${Date.now()}` }),
  };
}
export type PortalWorld = Awaited<ReturnType<typeof portalWorld>>;

/** A request (spec 2 §3) from the member's home to the clinic for a 10:00 appointment on the day. */
export const tripRequest = (m: Member, serviceDate: string, extra: Record<string, unknown> = {}) => ({
  passenger: m.id,
  serviceTypeCode: '01',
  serviceDate,
  apptTime: '10:00:00',
  locationFirst: { id: m.homeId },
  locationSecond: { id: m.clinicId },
  apptType: 'Medical',
  ...extra,
});

/**
 * A test database and app with the two accounts' world, each user signed in: both case managers,
 * staff, the passenger and a partner's user (who may not request trips).
 */
export async function portalRequestSetup() {
  const db = await createTestDatabase();
  const t = await buildTestApp(db.pool);
  const w = await portalWorld(db.pool);
  return {
    db,
    t,
    w,
    managerA: await signIn(t.app, w.managerA),
    managerB: await signIn(t.app, w.managerB),
    staff: await signIn(t.app, w.staff),
    rider: await signIn(t.app, w.rider),
    partner: await signIn(t.app, await createContact(db.pool, { types: ['Affiliate'] })),
    close: async () => {
      await t.app.close();
      await db.drop();
    },
  };
}
export type PortalRequestSetup = Awaited<ReturnType<typeof portalRequestSetup>>;
