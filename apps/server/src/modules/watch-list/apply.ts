import { WATCH_LIST_MSG, watchListRowAction, type WatchListApplied, type WatchListPreviewRow } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit, writeAudits, type AuditEntry } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { PASSENGER_TYPES } from './repository.ts';

/** A previewed upload may be applied within a day of being read. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

interface Existing {
  id: string;
  passengerId: string;
  reason: string;
  startDate: string;
  endDate: string | null;
}

/** The rows' passengers that are still passengers, locked in id order, and their latest entries. */
async function lockPassengers(client: PoolClient, ids: readonly string[]) {
  const { rows } = await client.query<{ id: string }>(
    'select id from contacts where id = any($1::uuid[]) and not deleted and types && $2::text[] order by id for update',
    [ids, PASSENGER_TYPES],
  );
  const { rows: entries } = await client.query<Existing>(
    `select distinct on (passenger_id) id, passenger_id as "passengerId", reason,
            to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
       from elevated_members where passenger_id = any($1::uuid[]) order by passenger_id, created_at desc`,
    [ids],
  );
  return { passengers: new Set(rows.map((r) => r.id)), entries: new Map(entries.map((e) => [e.passengerId, e])) };
}

/**
 * POST watch-list-upload-apply: applies the uploader's previewed workbook once, in one transaction.
 * Each row is judged again against the list as it is now (another change may have come between);
 * rows with problems and rows whose passenger is gone are skipped.
 */
export async function applyWatchListUpload(deps: AppDeps, req: FastifyRequest, user: SessionUser, uploadId: string): Promise<WatchListApplied> {
  return inTransaction(deps.pool, async (client) => {
    const { rows: uploads } = await client.query<{ rows: WatchListPreviewRow[]; applied_at: Date | null; uploaded_at: Date }>(
      'select rows, applied_at, uploaded_at from watch_list_uploads where id = $1 and uploaded_by = $2 for update',
      [uploadId, user.id],
    );
    const upload = uploads[0];
    if (!upload || deps.clock.now().getTime() - upload.uploaded_at.getTime() > UPLOAD_KEPT_MS) throw notFound(WATCH_LIST_MSG.UPLOAD_NOT_FOUND);
    if (upload.applied_at) throw badRequest(WATCH_LIST_MSG.ALREADY_APPLIED);

    const usable = upload.rows.filter((r) => r.action !== 'error' && r.passengerId && r.startDate);
    if (usable.length === 0) throw badRequest(WATCH_LIST_MSG.NOTHING_TO_APPLY);
    const { passengers, entries } = await lockPassengers(client, usable.map((r) => r.passengerId!));

    const result: WatchListApplied = { uploadId, added: 0, updated: 0, unchanged: 0, skipped: upload.rows.length - usable.length };
    const audits: AuditEntry[] = [];
    const actor = auditActor(req);
    for (const row of usable) {
      const passengerId = row.passengerId!;
      if (!passengers.has(passengerId)) {
        result.skipped += 1;
        continue;
      }
      const fields = { reason: row.reason, startDate: row.startDate!, endDate: row.endDate };
      const existing = entries.get(passengerId) ?? null;
      const action = watchListRowAction({ ...fields, problems: [] }, existing);
      if (action === 'unchanged') {
        result.unchanged += 1;
      } else if (action === 'update' && existing) {
        await client.query('update elevated_members set reason = $2, start_date = $3, end_date = $4, upload_id = $5, updated_at = now() where id = $1', [
          existing.id,
          fields.reason,
          fields.startDate,
          fields.endDate,
          uploadId,
        ]);
        audits.push({ ...actor, activityType: 'watch-list-change', table: 'elevated_members', recordId: existing.id, before: existing, after: { ...existing, ...fields } });
        result.updated += 1;
      } else {
        const { rows } = await client.query<{ id: string }>(
          'insert into elevated_members (passenger_id, reason, start_date, end_date, added_by, upload_id) values ($1, $2, $3, $4, $5, $6) returning id',
          [passengerId, fields.reason, fields.startDate, fields.endDate, user.id, uploadId],
        );
        audits.push({ ...actor, activityType: 'watch-list-add', table: 'elevated_members', recordId: rows[0].id, after: { passengerId, ...fields } });
        result.added += 1;
      }
    }
    await client.query('update watch_list_uploads set applied_at = $2, applied_by = $3 where id = $1', [uploadId, deps.clock.now(), user.id]);
    await writeAudits(client, audits);
    await writeAudit(client, { ...actor, activityType: 'watch-list-apply', table: 'watch_list_uploads', recordId: uploadId, after: result });
    return result;
  });
}
