import type { ElevatedMember } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/** An entry as the API answers it; `$1` is the day `active` is judged on. */
const ENTRY_JSON = `json_build_object(
  'id', e.id, 'passengerId', e.passenger_id, 'passengerName', p.name, 'contactNumber', p.contact_number, 'memberId', p.member_id,
  'reason', e.reason, 'startDate', to_char(e.start_date, 'YYYY-MM-DD'), 'endDate', to_char(e.end_date, 'YYYY-MM-DD'),
  'active', e.start_date <= $1::date and (e.end_date is null or e.end_date >= $1::date),
  'addedById', e.added_by, 'addedByName', a.name, 'created', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))`;

const FROM = `from elevated_members e join contacts p on p.id = e.passenger_id left join contacts a on a.id = e.added_by`;

/** The watch list: active entries first, then by passenger name; one passenger's when asked. */
export async function listEntries(db: Db, today: string, passengerId?: string): Promise<ElevatedMember[]> {
  const { rows } = await db.query<{ entry: ElevatedMember }>(
    `select ${ENTRY_JSON} as entry ${FROM}
      where ($2::uuid is null or e.passenger_id = $2)
      order by (e.start_date <= $1::date and (e.end_date is null or e.end_date >= $1::date)) desc, lower(p.name), e.start_date`,
    [today, passengerId ?? null],
  );
  return rows.map((r) => r.entry);
}

export async function loadEntry(db: Db, today: string, id: string): Promise<ElevatedMember | null> {
  const { rows } = await db.query<{ entry: ElevatedMember }>(`select ${ENTRY_JSON} as entry ${FROM} where e.id = $2`, [today, id]);
  return rows[0]?.entry ?? null;
}

/** The passenger's latest entry (a merge may have left two), locked for a change. */
export async function entryOfPassenger(db: Db, passengerId: string): Promise<{ id: string; reason: string; startDate: string; endDate: string | null } | null> {
  const { rows } = await db.query(
    `select id, reason, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
       from elevated_members where passenger_id = $1 order by created_at desc limit 1 for update`,
    [passengerId],
  );
  return rows[0] ?? null;
}

/** Types that make a contact a passenger (spec 2 §3 S/N Passenger, and the older Passenger). */
export const PASSENGER_TYPES = ['Passenger', 'S/N Passenger'];

/** Whether the contact exists, is not deleted and is a passenger; locks it so two adds of one passenger queue. */
export async function lockPassenger(db: Db, id: string): Promise<'passenger' | 'other' | null> {
  const { rows } = await db.query<{ passenger: boolean }>(
    'select types && $2::text[] as passenger from contacts where id = $1 and not deleted for update',
    [id, PASSENGER_TYPES],
  );
  if (!rows[0]) return null;
  return rows[0].passenger ? 'passenger' : 'other';
}

/**
 * Whether each passenger is on the watch list today, for the screens that show an "elevated" badge
 * (contacts, trips): the ids among `ids` with an active entry.
 */
export async function elevatedPassengerIds(db: Db, ids: readonly string[], today: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `select distinct passenger_id as id from elevated_members
      where passenger_id = any($1::uuid[]) and start_date <= $2::date and (end_date is null or end_date >= $2::date)`,
    [ids, today],
  );
  return new Set(rows.map((r) => r.id));
}
