import type pg from 'pg';
import { addDays } from './calendar.ts';

/** Demo entries: an active one without end, one ending soon, one that starts today, one that ended. */
const ENTRIES: readonly { reason: string; from: number; to: number | null }[] = [
  { reason: 'Threatened a driver at pickup', from: -30, to: null },
  { reason: 'Three no-shows in a month: confirm the day before', from: -7, to: 14 },
  { reason: 'Fall risk: needs a two-person assist', from: 0, to: 90 },
  { reason: 'Verbal abuse toward dispatch', from: -120, to: -10 },
];

/** Elevated members on the watch list: a few demo passengers, added by the administrator. */
export async function addDemoWatchList(client: pg.PoolClient, today: string): Promise<void> {
  const { rows: passengers } = await client.query<{ id: string }>(
    `select id from contacts where types && '{Passenger,S/N Passenger}' and username is null and not deleted and member_id is not null
      order by contact_number limit $1`,
    [ENTRIES.length],
  );
  const { rows: admins } = await client.query<{ id: string }>("select id from contacts where username = 'admin'");
  const addedBy = admins[0]?.id ?? null;
  for (const [i, p] of passengers.entries()) {
    const e = ENTRIES[i];
    await client.query('insert into elevated_members (passenger_id, reason, start_date, end_date, added_by) values ($1, $2, $3, $4, $5)', [
      p.id,
      e.reason,
      addDays(today, e.from),
      e.to === null ? null : addDays(today, e.to),
      addedBy,
    ]);
  }
}
