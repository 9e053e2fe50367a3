import { dateInZone, datesToFill } from '@tripline/core';
import { inTransaction, writeAudits } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { copyTrip } from './copy.ts';
import { loadOrders, orderTimeZone } from './repository.ts';

/**
 * The daily run of standing orders: each order that has not ended gets its trips made for its days
 * from today to 60 days ahead (in its trip's time zone) that have none yet, suspended days left
 * out. A day that has a trip is never made again, so running twice the same day makes nothing more.
 * Each order is its own transaction; an order another run holds is skipped. Answers the trips made.
 */
export async function fillStandingOrders(deps: Pick<AppDeps, 'pool'>, now: Date): Promise<number> {
  const { rows } = await deps.pool.query<{ id: string }>(
    `select id from standing_orders where end_date is null or end_date >= $1::date - 2 order by created_at, id`,
    [now.toISOString().slice(0, 10)],
  );
  let made = 0;
  for (const { id } of rows) {
    made += await inTransaction(deps.pool, async (client) => {
      const locked = await client.query('select id from standing_orders where id = $1 for update skip locked', [id]);
      if (locked.rowCount === 0) return 0;
      const [order] = await loadOrders(client, { ids: [id] });
      if (!order) return 0;
      const today = dateInZone(now, await orderTimeZone(client, order.row.source_drive_assignment_id));
      const have = await client.query<{ day: string }>(
        `select to_char(service_date, 'YYYY-MM-DD') as day from standing_order_trips where standing_order_id = $1 and service_date >= $2`,
        [id, today],
      );
      const dates = datesToFill(order.rule, today, new Set(have.rows.map((r) => r.day)));
      if (dates.length === 0) return 0;
      const trips = await copyTrip(client, order.row.source_drive_assignment_id, dates, order.row.dupe_reference_key, null);
      await client.query(
        `insert into standing_order_trips (standing_order_id, service_date, drive_assignment_id) select $1, d, t from unnest($2::date[], $3::uuid[]) as x(d, t)`,
        [id, trips.map((t) => t.serviceDate), trips.map((t) => t.id)],
      );
      await client.query(`update standing_orders set filled_through = greatest(coalesce(filled_through, $2::date), $2::date) where id = $1`, [id, dates.at(-1)]);
      await writeAudits(
        client,
        trips.map((t) => ({
          actorId: null,
          activityType: 'standing-order-fill' as const,
          table: 'drive_assignments',
          recordId: t.id,
          before: null,
          after: { sourceId: order.row.source_drive_assignment_id, standingOrderId: id, referenceNumber: t.referenceNumber, serviceDate: t.serviceDate, dupeReferenceKey: order.row.dupe_reference_key },
        })),
      );
      return trips.length;
    });
  }
  return made;
}
