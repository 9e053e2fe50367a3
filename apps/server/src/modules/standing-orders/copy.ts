import type { Pool, PoolClient } from 'pg';

/**
 * What a copy of a trip leaves behind (spec 2 §7 duplicate-da): its identity, what happened on its
 * day (actual times, stats, cancellation, call-in), who drives it and what it pays (partner, driver,
 * vehicle, rate, pay status, extra wait), its answer, lock and flag, and its history. Every other
 * column is copied, so a column added later is copied too unless it is named here.
 */
const TRIP_NOT_COPIED = new Set([
  'id', 'reference_number', 'mod_count', 'service_date', 'accepted', 'declined', 'deleted', 'canceled',
  'cancelled_without_charge', 'cancelled_with_charge', 'cancelled_reason', 'dry_run', 'locked', 'flag',
  'partner_pay_status', 'driver_emp_number_assigned', 'driver_id', 'vehicle_id', 'farmout_contact_number',
  'farmout_contact_id', 'farmout_rate', 'marketplace_until', 'created_at', 'updated_at', 'view_stamp',
  'wait_time_minutes', 'dupe_reference_key', 'created_by', 'created_override', 'legs_stamp',
]);
const LEG_NOT_COPIED = new Set([
  'id', 'drive_assignment_id', 'loc_first_time_act', 'loc_first_time_dep', 'loc_second_time_act', 'call_in_time',
  'status', 'cancel_nc', 'cancel_wc', 'cancel_reason', 'cancel_notes', 'cancel_plate_state', 'cancel_plate',
  'stats_reason', 'stats_notes', 'stats_entered_by', 'stats_entered_at', 'serv_date_beg', 'mod_count',
  'canceled_at', 'canceled_by',
]);

const columns = new Map<string, Promise<string[]>>();

/** The columns of a table (read once per process: migrations run before the server starts). */
function columnsOf(db: Pool | PoolClient, table: string): Promise<string[]> {
  let found = columns.get(table);
  if (!found) {
    found = db
      .query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [table],
      )
      .then((r) => r.rows.map((c) => c.column_name));
    columns.set(table, found);
    found.catch(() => columns.delete(table));
  }
  return found;
}

const quote = (c: string) => `"${c.replaceAll('"', '""')}"`;

export interface MadeTrip {
  id: string;
  referenceNumber: string;
  serviceDate: string;
}

/**
 * Copies a trip to each date in one statement per table (the caller's transaction makes it all or
 * nothing): new ids and reference numbers, the series key, who made them, and legs waiting for
 * their pickup (a will-call pickup waits for the call). Legs the editor dropped are not copied.
 */
export async function copyTrip(client: PoolClient, sourceId: string, dates: readonly string[], key: string, madeBy: string | null): Promise<MadeTrip[]> {
  if (dates.length === 0) return [];
  const tripCols = (await columnsOf(client, 'drive_assignments')).filter((c) => !TRIP_NOT_COPIED.has(c));
  const legColsAll = await columnsOf(client, 'trip_legs');
  const legCols = legColsAll.filter((c) => !LEG_NOT_COPIED.has(c));
  const tripList = tripCols.map(quote).join(', ');
  const made = await client.query<{ id: string; reference_number: string; service_date: string }>(
    `insert into drive_assignments (${tripList}, service_date, dupe_reference_key, created_by)
     select ${tripCols.map((c) => `da.${quote(c)}`).join(', ')}, d.day, $3::uuid, $4::uuid
       from drive_assignments da cross join unnest($2::date[]) with ordinality as d(day, n)
      where da.id = $1
      order by d.n
     returning id, reference_number, to_char(service_date, 'YYYY-MM-DD') as service_date`,
    [sourceId, dates, key, madeBy],
  );
  const legList = legCols.map(quote).join(', ');
  const dropped = legColsAll.includes('canceled_at') ? 'and tl.canceled_at is null' : '';
  await client.query(
    `insert into trip_legs (${legList}, drive_assignment_id, serv_date_beg, status)
     select ${legCols.map((c) => `tl.${quote(c)}`).join(', ')}, n.id, n.day,
            case when tl.loc_first_time_ord = '23:59:00' then 'WillCall' else 'Pending' end
       from trip_legs tl cross join unnest($2::uuid[], $3::date[]) as n(id, day)
      where tl.drive_assignment_id = $1 ${dropped}`,
    [sourceId, made.rows.map((r) => r.id), made.rows.map((r) => r.service_date)],
  );
  return made.rows.map((r) => ({ id: r.id, referenceNumber: r.reference_number, serviceDate: r.service_date }));
}
