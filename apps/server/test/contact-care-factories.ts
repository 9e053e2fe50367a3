import { HOLD_OPEN_END, type BlacklistRequester, type HoldType } from '@tripline/core';
import type { Pool } from 'pg';
import { createContact, type Created } from './factories.ts';

/** A passenger record (no sign-in) with the facts duplicates are found by. */
export async function createPassenger(
  pool: Pool,
  spec: { name?: string; dateOfBirth?: string; memberId?: string; phone?: string; email?: string; username?: string } = {},
): Promise<Created> {
  const c = await createContact(pool, {
    name: spec.name,
    types: ['S/N Passenger'],
    username: spec.username ?? null,
    phone: spec.phone ? { number: spec.phone } : undefined,
    email: spec.email,
  });
  await pool.query('update contacts set date_of_birth = $2, member_id = $3 where id = $1', [c.id, spec.dateOfBirth ?? null, spec.memberId ?? null]);
  return c;
}

/** A hold row as the API would have placed it (placed today, open-ended unless an end is given). */
export async function createHold(pool: Pool, providerId: string, spec: { type?: HoldType; beginDate: string; endDate?: string }): Promise<string> {
  const { rows } = await pool.query(
    `insert into provider_holds (provider_id, type, start_date, begin_date, end_date) values ($1, $2, $3, $3, $4) returning id`,
    [providerId, spec.type ?? 'NoNewTrips', spec.beginDate, spec.endDate ?? HOLD_OPEN_END],
  );
  return rows[0].id;
}

/** A current blacklist entry between a partner and a passenger. */
export async function createBlacklist(
  pool: Pool,
  partnerId: string,
  passengerId: string,
  spec: { requestedBy?: BlacklistRequester; endDate?: string | null } = {},
): Promise<string> {
  const { rows } = await pool.query(
    `insert into blacklists (partner_id, passenger_id, requested_by, end_date) values ($1, $2, $3, $4) returning id`,
    [partnerId, passengerId, spec.requestedBy ?? 'Passenger', spec.endDate ?? null],
  );
  return rows[0].id;
}

/** The rows of a table, for a test to compare before and after a refused write. */
export async function rowsOf(pool: Pool, table: string): Promise<unknown[]> {
  const { rows } = await pool.query(`select * from ${table} order by 1`);
  return rows;
}
