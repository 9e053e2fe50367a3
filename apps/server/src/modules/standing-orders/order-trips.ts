import { dateInRange, STAFF_CANCEL_REASON, type ActivityType, type StandingRule } from '@tripline/core';
import type { PoolClient } from 'pg';
import { writeAudits, type AuditEntry } from '../../platform/audit.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';

/** Who an audit row names: the staff member's request, or nobody for the daily run. */
export type Actor = Pick<AuditEntry, 'actorId' | 'impersonatorId' | 'requestId' | 'clientAddress'>;

/**
 * Cancels, without charge, the trips a standing order made on days from `from` to `to` (null: no
 * end) that are today or later and not yet driven, cancelled or Final: a suspension or an end date
 * takes them off the schedule. They are marked as cancelled by the order, so a resume restores
 * exactly these.
 */
export async function holdOrderTrips(
  client: PoolClient,
  orderId: string,
  range: { from: string; to: string | null },
  today: string,
  actor: Actor,
  activity: ActivityType,
  note: string,
): Promise<number> {
  const from = range.from > today ? range.from : today;
  const { rows } = await client.query<{ id: string; mod_count: number }>(
    `select da.id, da.mod_count from standing_order_trips t join drive_assignments da on da.id = t.drive_assignment_id
      where t.standing_order_id = $1 and t.service_date >= $2 and ($3::date is null or t.service_date <= $3)
        and not da.canceled and da.partner_pay_status <> 'Final'
        and not exists (select 1 from trip_legs l where l.drive_assignment_id = da.id and l.loc_first_time_act is not null)
      order by da.id for update of da`,
    [orderId, from, range.to],
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await client.query(
    `update drive_assignments set canceled = true, cancelled_without_charge = true, cancelled_with_charge = false, cancelled_reason = $2,
            mod_count = mod_count + 1, updated_at = now() where id = any($1::uuid[])`,
    [ids, STAFF_CANCEL_REASON],
  );
  await client.query(
    `update trip_legs set status = 'CanceledNoCharge', cancel_nc = true, cancel_wc = false, cancel_reason = $2, cancel_notes = $3, mod_count = mod_count + 1
      where drive_assignment_id = any($1::uuid[]) and status not in ('Canceled', 'CanceledNoCharge')`,
    [ids, STAFF_CANCEL_REASON, note],
  );
  await client.query('update standing_order_trips set cancelled_by_order = true where standing_order_id = $1 and drive_assignment_id = any($2::uuid[])', [orderId, ids]);
  // a cancellation or its undoing changes what the trips pay
  await repriceTrips(client, ids, new Date());
  await writeAudits(
    client,
    rows.map((r) => ({
      ...actor,
      activityType: activity,
      table: 'drive_assignments',
      recordId: r.id,
      before: { modCount: r.mod_count, canceled: false },
      after: { modCount: r.mod_count + 1, canceled: true, cancelledWithoutCharge: true, cancelledReason: STAFF_CANCEL_REASON, standingOrderId: orderId, note },
    })),
  );
  return rows.length;
}

/**
 * Restores the trips the order itself cancelled on days from `from` to `to` that the rule now
 * keeps again (not in another suspension, not after the end), today or later and not Final: the
 * cancel flags and reason are cleared and the legs wait for their pickup again.
 */
export async function restoreOrderTrips(
  client: PoolClient,
  orderId: string,
  range: { from: string; to: string | null },
  today: string,
  rule: StandingRule,
  actor: Actor,
  activity: ActivityType,
): Promise<number> {
  const from = range.from > today ? range.from : today;
  const { rows } = await client.query<{ id: string; mod_count: number; day: string }>(
    `select da.id, da.mod_count, to_char(t.service_date, 'YYYY-MM-DD') as day
       from standing_order_trips t join drive_assignments da on da.id = t.drive_assignment_id
      where t.standing_order_id = $1 and t.cancelled_by_order and t.service_date >= $2 and ($3::date is null or t.service_date <= $3)
        and da.canceled and da.partner_pay_status <> 'Final'
      order by da.id for update of da`,
    [orderId, from, range.to],
  );
  const back = rows.filter((r) => (!rule.endDate || r.day <= rule.endDate) && !rule.suspensions.some((s) => dateInRange(r.day, s)));
  if (back.length === 0) return 0;
  const ids = back.map((r) => r.id);
  await client.query(
    `update drive_assignments set canceled = false, cancelled_without_charge = false, cancelled_with_charge = false, cancelled_reason = null,
            mod_count = mod_count + 1, updated_at = now() where id = any($1::uuid[])`,
    [ids],
  );
  await client.query(
    `update trip_legs set status = case when loc_first_time_ord = '23:59:00' and call_in_time is null then 'WillCall' else 'Pending' end,
            cancel_nc = false, cancel_wc = false, cancel_reason = null, cancel_notes = null, mod_count = mod_count + 1
      where drive_assignment_id = any($1::uuid[])`,
    [ids],
  );
  await client.query('update standing_order_trips set cancelled_by_order = false where standing_order_id = $1 and drive_assignment_id = any($2::uuid[])', [orderId, ids]);
  // a cancellation or its undoing changes what the trips pay
  await repriceTrips(client, ids, new Date());
  await writeAudits(
    client,
    back.map((r) => ({
      ...actor,
      activityType: activity,
      table: 'drive_assignments',
      recordId: r.id,
      before: { modCount: r.mod_count, canceled: true },
      after: { modCount: r.mod_count + 1, canceled: false, standingOrderId: orderId },
    })),
  );
  return back.length;
}
