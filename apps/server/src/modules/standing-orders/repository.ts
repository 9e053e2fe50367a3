import { describeStandingOrder, type StandingOrder, type StandingRule } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

interface OrderRow {
  id: string;
  mod_count: number;
  source_drive_assignment_id: string;
  dupe_reference_key: string;
  weekdays: number[];
  every_weeks: number;
  start_date: string;
  end_date: string | null;
  filled_through: string | null;
}

const ORDER_COLUMNS = `so.id, so.mod_count, so.source_drive_assignment_id, so.dupe_reference_key::text, so.weekdays::int[] as weekdays,
  so.every_weeks, to_char(so.start_date, 'YYYY-MM-DD') as start_date, to_char(so.end_date, 'YYYY-MM-DD') as end_date,
  to_char(so.filled_through, 'YYYY-MM-DD') as filled_through`;

/** A standing order as its rule reads it, with its suspensions. */
export interface LoadedOrder {
  row: OrderRow;
  rule: StandingRule;
  suspensions: { id: string; startDate: string; endDate: string; createdByName: string | null }[];
}

/** Loads standing orders by id (locking them when asked), with their suspensions. */
export async function loadOrders(db: Db, where: { ids?: readonly string[]; tripId?: string }, lock = false): Promise<LoadedOrder[]> {
  const params: unknown[] = [];
  let cond: string;
  if (where.ids) {
    params.push(where.ids);
    cond = 'so.id = any($1::uuid[])';
  } else {
    // the orders made from the trip, and the order that made the trip
    params.push(where.tripId);
    cond = `so.source_drive_assignment_id = $1 or so.id in (select standing_order_id from standing_order_trips where drive_assignment_id = $1)`;
  }
  const { rows } = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from standing_orders so where ${cond} order by so.created_at, so.id ${lock ? 'for update of so' : ''}`, params);
  if (rows.length === 0) return [];
  const susp = await db.query<{ id: string; standing_order_id: string; start_date: string; end_date: string; name: string | null }>(
    `select s.id, s.standing_order_id, to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date, c.name
       from standing_order_suspensions s left join contacts c on c.id = s.created_by
      where s.standing_order_id = any($1::uuid[]) order by s.start_date`,
    [rows.map((r) => r.id)],
  );
  return rows.map((row) => {
    const suspensions = susp.rows
      .filter((s) => s.standing_order_id === row.id)
      .map((s) => ({ id: s.id, startDate: s.start_date, endDate: s.end_date, createdByName: s.name }));
    return {
      row,
      suspensions,
      rule: { weekdays: row.weekdays, everyWeeks: row.every_weeks, startDate: row.start_date, endDate: row.end_date, suspensions },
    };
  });
}

/** The answer of the standing-order endpoints: the rule in words, its suspensions and the trips it made. */
export async function presentOrders(db: Db, orders: readonly LoadedOrder[]): Promise<StandingOrder[]> {
  if (orders.length === 0) return [];
  const trips = await db.query<{ standing_order_id: string; id: string; reference_number: string; service_date: string; canceled: boolean }>(
    `select t.standing_order_id, da.id, da.reference_number, to_char(t.service_date, 'YYYY-MM-DD') as service_date, da.canceled
       from standing_order_trips t join drive_assignments da on da.id = t.drive_assignment_id
      where t.standing_order_id = any($1::uuid[]) order by t.service_date`,
    [orders.map((o) => o.row.id)],
  );
  return orders.map(({ row, rule, suspensions }) => ({
    id: row.id,
    modCount: row.mod_count,
    sourceTripId: row.source_drive_assignment_id,
    dupeReferenceKey: row.dupe_reference_key,
    weekdays: row.weekdays,
    everyWeeks: row.every_weeks,
    startDate: row.start_date,
    endDate: row.end_date,
    filledThrough: row.filled_through,
    description: describeStandingOrder(rule),
    suspensions,
    trips: trips.rows
      .filter((t) => t.standing_order_id === row.id)
      .map((t) => ({ id: t.id, referenceNumber: t.reference_number, serviceDate: t.service_date, canceled: t.canceled })),
  }));
}

/** The time zone the order's days are counted in: its source trip's division. */
export async function orderTimeZone(db: Db, sourceTripId: string): Promise<string> {
  const { rows } = await db.query<{ tz: string | null }>(
    `select dv.time_zone as tz from drive_assignments da left join divisions dv on dv.id = da.division_id where da.id = $1`,
    [sourceTripId],
  );
  return rows[0]?.tz ?? 'America/Denver';
}
