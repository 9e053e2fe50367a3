import type { ActivityType } from '@tripline/core';
import type { PoolClient, Pool } from 'pg';

export interface AuditEntry {
  actorId: string | null;
  impersonatorId?: string | null;
  /** One of the types core lists, so the audit log's suggestions know every one. */
  activityType: ActivityType;
  table: string;
  recordId: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  clientAddress?: string | null;
}

/** Appends one audit row; call it inside the transaction of the change it records. */
export async function writeAudit(db: Pool | PoolClient, e: AuditEntry): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, impersonator_id, activity_type, table_name, record_id, before, after, request_id, client_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.actorId,
      e.impersonatorId ?? null,
      e.activityType,
      e.table,
      e.recordId,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.requestId ?? null,
      e.clientAddress ?? null,
    ],
  );
}

/** Runs work in one transaction: everything or nothing is written. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Who is acting for an audit row: the signed-in contact and, during su, the staff member behind it. */
export function auditActor(req: { id: string; ip: string; user: { id: string; su: { id: string } | null } | null }) {
  return {
    actorId: req.user?.id ?? null,
    impersonatorId: req.user?.su?.id ?? null,
    requestId: req.id,
    clientAddress: req.ip,
  };
}

/** Appends many audit rows in one statement (a batch of trips accepted at once). */
export async function writeAudits(db: Pool | PoolClient, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    actor_id: e.actorId,
    impersonator_id: e.impersonatorId ?? null,
    activity_type: e.activityType,
    table_name: e.table,
    record_id: e.recordId,
    before: e.before ?? null,
    after: e.after ?? null,
    request_id: e.requestId ?? null,
    client_address: e.clientAddress ?? null,
  }));
  await db.query(
    `insert into audit_log (actor_id, impersonator_id, activity_type, table_name, record_id, before, after, request_id, client_address)
     select actor_id, impersonator_id, activity_type, table_name, record_id, before, after, request_id, client_address
       from json_to_recordset($1::json) as x(actor_id uuid, impersonator_id uuid, activity_type text, table_name text,
            record_id text, before jsonb, after jsonb, request_id text, client_address text)`,
    [JSON.stringify(rows)],
  );
}
