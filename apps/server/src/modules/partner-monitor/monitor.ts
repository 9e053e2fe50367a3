import { MONITOR_ACTIONS, OPERATOR_TIME_ZONE, type MonitorRow, type ParsedQueryOf, type contract } from '@tripline/core';
import type { Pool } from 'pg';

type MonitorQuery = ParsedQueryOf<typeof contract.partnerMonitorList>;

const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * GET partner-monitor (spec 3 §2, §7): the requests staff review, of every partner, oldest first
 * (then by id, so pages neither repeat nor skip rows), with the trip, the partner, what was asked
 * (old → new) and the receipts of an expense; the total counts every matching request.
 */
export async function monitorPage(pool: Pool, q: MonitorQuery): Promise<{ rows: MonitorRow[]; total: number }> {
  const params: unknown[] = [MONITOR_ACTIONS];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['pa.action = any($1::text[])'];
  if (q.status !== 'All') where.push(`pa.status = ${p(q.status)}`);
  if (q.referenceNumber) where.push(`da.reference_number = ${p(q.referenceNumber)}`);
  if (q.serviceDate) where.push(`da.service_date = ${p(q.serviceDate)}::date`);
  if (q.actionDate) {
    const zone = p(OPERATOR_TIME_ZONE);
    const day = p(q.actionDate);
    where.push(`pa.created_at >= (${day}::date)::timestamp at time zone ${zone} and pa.created_at < (${day}::date + 1)::timestamp at time zone ${zone}`);
  }
  const limit = p(q.limit);
  const offset = p(q.offset);
  const { rows } = await pool.query(
    `select pa.id, pa.action, pa.status, pa.number, pa.amount, pa.reason, pa.previous_value, pa.deadhead, pa.notes,
            pa.created_at, pa.resolved_at, cb.name as created_by_name, rb.name as resolved_by_name,
            partner.id as partner_id, partner.name as partner_name,
            da.id as trip_id, da.reference_number, da.service_date::text as service_date, da.partner_pay_status,
            coalesce((select json_agg(json_build_object('id', r.id, 'name', r.original_name) order by r.created_at)
                        from receipts r where r.partner_activity_id = pa.id), '[]') as receipts,
            count(*) over () as total
       from partner_activities pa
       join drive_assignments da on da.id = pa.drive_assignment_id
       left join contacts partner on partner.id = coalesce(pa.partner_id, da.farmout_contact_id)
       left join contacts cb on cb.id = pa.created_by
       left join contacts rb on rb.id = pa.resolved_by
      where ${where.join(' and ')}
      order by pa.created_at, pa.id
      limit ${limit} offset ${offset}`,
    params,
  );
  const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? await countOnly(pool, where, params.slice(0, params.length - 2)) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      action: r.action,
      status: r.status,
      partner: r.partner_id ? { id: r.partner_id, name: r.partner_name } : null,
      trip: { id: r.trip_id, referenceNumber: r.reference_number, serviceDate: r.service_date, partnerPayStatus: r.partner_pay_status },
      request: {
        number: num(r.number),
        amount: num(r.amount),
        reason: r.reason,
        previousValue: num(r.previous_value),
        deadhead: r.deadhead,
        receipts: r.receipts,
      },
      notes: r.notes,
      createdAt: r.created_at.toISOString(),
      createdByName: r.created_by_name,
      resolvedAt: r.resolved_at ? r.resolved_at.toISOString() : null,
      resolvedByName: r.resolved_by_name,
    })),
  };
}

/** The count alone, for a page past the last row. */
async function countOnly(pool: Pool, where: string[], params: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from partner_activities pa join drive_assignments da on da.id = pa.drive_assignment_id where ${where.join(' and ')}`,
    params,
  );
  return rows[0].n;
}

/** The trip a request or a trip leg belongs to, or null when there is none. */
export async function tripOfRequestOrLeg(pool: Pool, by: { id?: string; tripLegId?: string }): Promise<string | null> {
  const { rows } = by.id
    ? await pool.query<{ id: string }>('select drive_assignment_id as id from partner_activities where id = $1', [by.id])
    : await pool.query<{ id: string }>('select drive_assignment_id as id from trip_legs where id = $1', [by.tripLegId]);
  return rows[0]?.id ?? null;
}

