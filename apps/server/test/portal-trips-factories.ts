import type { Pool } from 'pg';
import { createContact } from './factories.ts';
import { createPerson } from './contact-search-factories.ts';

/** A member plan of a new MCO with the given terms (column names as in plans), the rest as a new plan has them. */
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

/**
 * A passenger who signs in to the portal (S/N Passenger with a username), a member of the bill-to
 * (a coverage with the member id, under the plan when given).
 */
export async function createMember(pool: Pool, billToId: string, memberId: string, planId: string | null = null) {
  const p = await createPerson(pool, { username: undefined, memberId, coveredBy: billToId, phone: { number: '5055550142', smsEnabled: true } });
  if (planId) await pool.query('update coverages set plan_id = $2 where contact_id = $1', [p.id, planId]);
  return p;
}
