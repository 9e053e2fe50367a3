import {
  isWatchListWorkbookName,
  looksLikeXlsx,
  matchWatchListPassenger,
  readWatchListSheet,
  WATCH_LIST_MSG,
  WATCH_LIST_UPLOAD_MAX_BYTES,
  watchListRowAction,
  type WatchListCandidate,
  type WatchListCounts,
  type WatchListPreview,
  type WatchListPreviewRow,
  type WatchListSheetRow,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { readSheet } from 'read-excel-file/node';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { UPLOAD_KEPT_MS } from './apply.ts';
import { todayOf } from './entries.ts';
import { PASSENGER_TYPES } from './repository.ts';

/** Busboy's limits for the upload form: one workbook, a few small fields. */
export const WATCH_LIST_FORM_LIMITS = { fileSize: WATCH_LIST_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, 'too_large', WATCH_LIST_MSG.TOO_LARGE);
const wrongType = () => new HttpError(415, 'unsupported_media_type', WATCH_LIST_MSG.WRONG_TYPE);

function formError(e: unknown): Error {
  if (e instanceof HttpError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(WATCH_LIST_MSG.ONE_FILE);
  if (code.startsWith('FST_')) return badRequest(WATCH_LIST_MSG.FILE_REQUIRED);
  // busboy's own errors carry no code: a form without its boundary, cut short or with a broken part header
  const message = e instanceof Error ? e.message : '';
  if (!code && /multipart|boundary|part header|unexpected end/i.test(message)) return badRequest(WATCH_LIST_MSG.FILE_REQUIRED);
  return e instanceof Error ? e : new Error(String(e));
}

/** The one workbook of the form (field `file`), checked by name and by its first bytes. */
async function readWorkbook(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > WATCH_LIST_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw wrongType();
  let found: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: WATCH_LIST_FORM_LIMITS })) {
      if (part.type === 'field') continue;
      if (found) throw badRequest(WATCH_LIST_MSG.ONE_FILE);
      if (part.fieldname !== 'file') throw badRequest(WATCH_LIST_MSG.FILE_REQUIRED);
      // spec 3 §5: .xlsx only
      if (!isWatchListWorkbookName(part.filename ?? '')) throw wrongType();
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > WATCH_LIST_UPLOAD_MAX_BYTES) throw tooLarge();
      found = { name: (part.filename ?? '').trim().slice(-200), bytes };
    }
  } catch (e) {
    throw formError(e);
  }
  if (!found || found.bytes.length === 0) throw badRequest(WATCH_LIST_MSG.FILE_REQUIRED);
  if (!looksLikeXlsx(found.bytes)) throw wrongType();
  return found;
}

async function sheetRows(bytes: Buffer): Promise<Parameters<typeof readWatchListSheet>[0]> {
  try {
    return (await readSheet(bytes)) as unknown as Parameters<typeof readWatchListSheet>[0];
  } catch {
    throw badRequest(WATCH_LIST_MSG.UNREADABLE);
  }
}

/** Passengers the rows name by contact number or member id (not deleted). */
async function candidates(pool: Pool, rows: readonly WatchListSheetRow[]): Promise<WatchListCandidate[]> {
  const numbers = [...new Set(rows.flatMap((r) => (r.contactNumber && /^\d{1,18}$/.test(r.contactNumber) ? [r.contactNumber] : [])))];
  const members = [...new Set(rows.flatMap((r) => (r.memberId ? [r.memberId] : [])))];
  const { rows: found } = await pool.query<WatchListCandidate>(
    `select id, name, contact_number::text as "contactNumber", member_id as "memberId" from contacts
      where not deleted and types && $3::text[] and (contact_number = any($1::bigint[]) or member_id = any($2::text[]))`,
    [numbers, members, PASSENGER_TYPES],
  );
  return found;
}

/** Each passenger's latest entry. */
async function entriesOf(pool: Pool, ids: readonly string[]) {
  const { rows } = await pool.query<{ passengerId: string; reason: string; startDate: string; endDate: string | null }>(
    `select distinct on (passenger_id) passenger_id as "passengerId", reason,
            to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
       from elevated_members where passenger_id = any($1::uuid[]) order by passenger_id, created_at desc`,
    [ids],
  );
  return new Map(rows.map((r) => [r.passengerId, r]));
}

/** The preview of the rows: the passenger found, what applying would do, every problem. */
export async function previewRows(pool: Pool, sheet: readonly WatchListSheetRow[]): Promise<WatchListPreviewRow[]> {
  const people = await candidates(pool, sheet);
  const matched = sheet.map((row) => ({ row, match: matchWatchListPassenger(row, people) }));
  const entries = await entriesOf(pool, [...new Set(matched.flatMap((m) => (m.match.passenger ? [m.match.passenger.id] : [])))]);
  const firstLine = new Map<string, number>();
  return matched.map(({ row, match }) => {
    const problems = [...row.problems];
    if (match.problem && !problems.includes(match.problem)) problems.push(match.problem);
    const p = match.passenger;
    if (p) {
      const earlier = firstLine.get(p.id);
      if (earlier !== undefined) problems.push(WATCH_LIST_MSG.ROW_REPEATED(earlier));
      else firstLine.set(p.id, row.line);
    }
    const fields = { reason: row.reason, startDate: row.startDate ?? '', endDate: row.endDate };
    const action = watchListRowAction({ ...fields, problems }, p ? (entries.get(p.id) ?? null) : null);
    return {
      line: row.line,
      memberId: row.memberId,
      contactNumber: row.contactNumber,
      name: row.name,
      passengerId: p?.id ?? null,
      passengerName: p?.name ?? null,
      reason: row.reason,
      startDate: row.startDate,
      endDate: row.endDate,
      action,
      problems,
    };
  });
}

export function countActions(rows: readonly Pick<WatchListPreviewRow, 'action'>[]): WatchListCounts {
  const counts: WatchListCounts = { add: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.action] += 1;
  return counts;
}

/**
 * POST watch-list-upload (spec 3 §2, §5, §7): reads the workbook, matches its rows to passengers and
 * keeps the preview for the apply step; the watch list itself does not change here.
 */
export async function uploadWatchList(deps: AppDeps, req: FastifyRequest, user: SessionUser): Promise<WatchListPreview> {
  const file = await readWorkbook(req);
  const sheet = readWatchListSheet(await sheetRows(file.bytes), todayOf(deps, user));
  if (sheet.problem) throw badRequest(sheet.problem);
  const rows = await previewRows(deps.pool, sheet.rows);
  const uploadId = await inTransaction(deps.pool, async (client) => {
    // previews never applied are kept a day (the apply step's limit), then let go
    await client.query('delete from watch_list_uploads where applied_at is null and uploaded_at < $1', [new Date(deps.clock.now().getTime() - UPLOAD_KEPT_MS)]);
    const { rows: saved } = await client.query<{ id: string }>(
      'insert into watch_list_uploads (file_name, rows, uploaded_by, uploaded_at) values ($1, $2, $3, $4) returning id',
      [file.name, JSON.stringify(rows), user.id, deps.clock.now()],
    );
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'watch-list-upload',
      table: 'watch_list_uploads',
      recordId: saved[0].id,
      after: { fileName: file.name, counts: countActions(rows) },
    });
    return saved[0].id;
  });
  return { uploadId, fileName: file.name, rows, counts: countActions(rows) };
}
