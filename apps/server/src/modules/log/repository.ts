import { OPERATOR_TIME_ZONE, PAY_ADJUSTMENT_ACTIONS, type LogCriteria, type LogEntry, type PartnerActivity } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { tripScope } from '../../platform/scope.ts';
import { isUuid } from '../trips/repository.ts';

interface EntryRow {
  id: number;
  at: Date;
  activity_type: string;
  table_name: string;
  record_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_username: string | null;
  impersonator_id: string | null;
  impersonator_name: string | null;
}

/** The audit columns with the names of the actor and the impersonator (alias `a` is audit_log). */
const ENTRY_SELECT = `
  select a.id, a.at, a.activity_type, a.table_name, a.record_id, a.before, a.after, a.request_id,
         a.actor_id, ac.name as actor_name, ac.username as actor_username,
         a.impersonator_id, im.name as impersonator_name
    from audit_log a
    left join contacts ac on ac.id = a.actor_id
    left join contacts im on im.id = a.impersonator_id`;

function present(r: EntryRow): LogEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    activityType: r.activity_type,
    table: r.table_name,
    recordId: r.record_id,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name, username: r.actor_username } : null,
    impersonator: r.impersonator_id ? { id: r.impersonator_id, name: r.impersonator_name } : null,
    before: r.before,
    after: r.after,
    requestId: r.request_id,
  };
}

/** The contact a log search names: a contact id as it is, otherwise a user name (any case); null when nobody. */
async function resolveUser(pool: Pool, user: string): Promise<string | null> {
  if (isUuid(user)) return user;
  const { rows } = await pool.query<{ id: string }>('select id from contacts where lower(username) = lower($1)', [user]);
  return rows[0]?.id ?? null;
}

/**
 * One page of the audit log, newest first (spec 2 §7 GET log). Each criterion narrows the search;
 * the record, actor and time indexes (audit_log_record, audit_log_actor, audit_log_at) serve it.
 * Dates are whole days in the operator's time zone. `before` continues after that entry, in the
 * same order, so pages neither repeat nor skip rows.
 */
export async function searchLog(pool: Pool, c: LogCriteria): Promise<{ entries: LogEntry[]; more: boolean }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (c.table) where.push(`a.table_name = ${p(c.table)}`);
  if (c.id) where.push(`a.record_id = ${p(c.id)}`);
  if (c.user) {
    const actorId = await resolveUser(pool, c.user);
    if (!actorId) return { entries: [], more: false };
    // what they did themselves, and what they did while impersonating someone else
    const who = p(actorId);
    where.push(`(a.actor_id = ${who}::uuid or a.impersonator_id = ${who}::uuid)`);
  }
  if (c.activityType) where.push(`a.activity_type = ${p(c.activityType)}`);
  if (c.dateFrom || c.dateTo) {
    const zone = p(OPERATOR_TIME_ZONE);
    if (c.dateFrom) where.push(`a.at >= (${p(c.dateFrom)}::date)::timestamp at time zone ${zone}`);
    if (c.dateTo) where.push(`a.at < (${p(c.dateTo)}::date + 1)::timestamp at time zone ${zone}`);
  }
  if (c.before !== undefined) {
    const cursor = p(c.before);
    // The bound on `at` alone lets the time-ordered indexes start at the cursor.
    where.push(`a.at <= (select b.at from audit_log b where b.id = ${cursor})`);
    where.push(`(a.at, a.id) < (select b.at, b.id from audit_log b where b.id = ${cursor})`);
  }
  const limit = p(c.limit + 1);
  const { rows } = await pool.query<EntryRow>(
    `${ENTRY_SELECT} where ${where.length ? where.join(' and ') : 'true'} order by a.at desc, a.id desc limit ${limit}`,
    params,
  );
  return { entries: rows.slice(0, c.limit).map(present), more: rows.length > c.limit };
}

/** A trip by reference number within the caller's row scope; null when missing or out of scope. */
export async function tripIdInScope(pool: Pool, user: SessionUser, by: { referenceNumber: string } | { id: string }): Promise<string | null> {
  const params: unknown[] = [];
  let match: string;
  if ('id' in by) {
    if (!isUuid(by.id)) return null;
    params.push(by.id);
    match = `da.id = $1`;
  } else {
    params.push(by.referenceNumber);
    match = `da.reference_number = $1`;
  }
  const scope = tripScope(user, params);
  const { rows } = await pool.query<{ id: string }>(`select da.id from drive_assignments da where ${match} and ${scope}`, params);
  return rows[0]?.id ?? null;
}

/**
 * Every audit entry about one trip, newest first: the trip itself, its legs, its partner
 * activities and the receipts attached to it.
 */
export async function tripActivity(pool: Pool, tripId: string): Promise<LogEntry[]> {
  const { rows } = await pool.query<EntryRow>(
    `${ENTRY_SELECT}
      where (a.table_name = 'drive_assignments' and a.record_id = $1::text)
         or (a.table_name = 'trip_legs' and a.record_id = any(array(select id::text from trip_legs where drive_assignment_id = $1::uuid)))
         or (a.table_name = 'partner_activities'
             and a.record_id = any(array(select id::text from partner_activities where drive_assignment_id = $1::uuid)))
         or (a.table_name = 'receipts' and a.record_id = any(array(select id::text from receipts where drive_assignment_id = $1::uuid)))
      order by a.at desc, a.id desc`,
    [tripId],
  );
  return rows.map(present);
}

/** The partner activities of a trip, newest first, optionally of one action or status. */
export async function partnerActivities(
  db: Pool | PoolClient,
  tripId: string,
  filter: { action?: string; status?: string; id?: string; adjustment?: boolean },
): Promise<PartnerActivity[]> {
  const { rows } = await db.query(
    `select pa.id, pa.drive_assignment_id, pa.action, pa.status, pa.number, pa.amount, pa.reason, pa.previous_value, pa.deadhead,
            pa.notes, pa.created_at,
            cb.name as created_by_name, rb.name as resolved_by_name, pa.resolved_at
       from partner_activities pa
       left join contacts cb on cb.id = pa.created_by
       left join contacts rb on rb.id = pa.resolved_by
      where pa.drive_assignment_id = $1
        and ($2::text is null or pa.action = $2)
        and ($3::text is null or pa.status = $3)
        and ($4::uuid is null or pa.id = $4)
        and (not $5::boolean or pa.action = any($6::text[]))
      order by pa.created_at desc, pa.id`,
    [tripId, filter.action || null, filter.status || null, filter.id ?? null, filter.adjustment === true, PAY_ADJUSTMENT_ACTIONS],
  );
  return rows.map((r) => ({
    id: r.id,
    driveAssignmentId: r.drive_assignment_id,
    action: r.action,
    status: r.status,
    number: r.number,
    amount: r.amount,
    reason: r.reason,
    previousValue: r.previous_value,
    deadhead: r.deadhead,
    notes: r.notes,
    createdAt: r.created_at.toISOString(),
    createdByName: r.created_by_name,
    resolvedByName: r.resolved_by_name,
    resolvedAt: r.resolved_at ? r.resolved_at.toISOString() : null,
  }));
}
