import type { Pool } from 'pg';
import { createContact } from './factories.ts';
import { createPerson } from './contact-search-factories.ts';

export interface PlanLimits {
  tripLimit?: number | null;
  noticeDaysMin?: number | null;
  noticeDaysMax?: number | null;
}

/** A member plan of a new MCO with the limits a trip request keeps (the rest as a new plan has them). */
export async function createPlan(pool: Pool, limits: PlanLimits = {}): Promise<string> {
  const mco = await createContact(pool, { types: ['MCO'], username: null });
  const { rows } = await pool.query<{ id: string }>(
    `insert into plans (mco_id, name, code, lob, trip_limit_count, advance_notice_days_min, advance_notice_days_max)
     values ($1, 'Portal plan ' || $2, 'PP-' || $2, 'Medicaid', $3, $4, $5) returning id`,
    [mco.id, String(mco.contactNumber), limits.tripLimit ?? null, limits.noticeDaysMin ?? null, limits.noticeDaysMax ?? null],
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
