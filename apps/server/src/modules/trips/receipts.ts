import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  isStaff,
  RECEIPT_MAX_BYTES,
  RECEIPT_SNIFF_BYTES,
  RECEIPT_TEXT,
  receiptFileName,
  receiptQuotaError,
  receiptTypeOf,
  sniffReceiptType,
  unattachedReceiptCutoff,
  TRIP_MSG,
  type ReceiptType,
  type ReceiptUploaded,
} from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit, writeAudits } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { isUuid } from './repository.ts';

/** Room for the multipart boundaries and part headers around a receipt of the largest size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Busboy's limits for the receipt form: one file, a few small fields. */
export const RECEIPT_FORM_LIMITS = { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };

const tooLarge = () => new HttpError(413, 'too_large', TRIP_MSG.RECEIPT_TOO_LARGE);
const unsupported = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/**
 * The file's bytes, refused as soon as they show what is wrong: the first bytes must be the
 * declared type (its magic number, not the name), and the file must stay within the limit.
 */
async function* checkedReceipt(file: Readable & { truncated?: boolean }, declared: ReceiptType): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  let size = 0;
  const checkHead = (bytes: Buffer) => {
    if (sniffReceiptType(bytes) !== declared) throw unsupported(TRIP_MSG.RECEIPT_CONTENT(declared));
  };
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // busboy stops a file at its limit and marks it truncated; either sign means too large
    if (size > RECEIPT_MAX_BYTES || file.truncated) throw tooLarge();
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < RECEIPT_SNIFF_BYTES) continue;
      checkHead(head);
      yield head;
      head = null;
    } else {
      yield chunk;
    }
  }
  if (file.truncated) throw tooLarge();
  if (head) {
    if (head.length === 0) throw badRequest(TRIP_MSG.RECEIPT_REQUIRED);
    checkHead(head);
    yield head;
  }
}

function multipartError(e: unknown): Error {
  const code = (e as { code?: string }).code ?? '';
  if (e instanceof HttpError) return e;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(RECEIPT_TEXT.ONE_FILE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return badRequest(TRIP_MSG.RECEIPT_FIELD);
  }
  // busboy's own errors carry no code: a form without its boundary, cut short or with a broken part header
  const message = e instanceof Error ? e.message : '';
  if (!code && /multipart|boundary|part header/i.test(message)) return badRequest(TRIP_MSG.RECEIPT_FIELD);
  return e instanceof Error ? e : new Error(String(e));
}

/** Receipts of this user that no expense and no trip uses yet (the quota counts these). */
const UNATTACHED_OF_USER = `select count(*)::int as n from receipts
  where uploaded_by = $1 and partner_activity_id is null and drive_assignment_id is null`;

async function assertWithinQuota(db: Pick<AppDeps['pool'], 'query'>, userId: string): Promise<void> {
  const { rows } = await db.query<{ n: number }>(UNATTACHED_OF_USER, [userId]);
  const refusal = receiptQuotaError(rows[0].n);
  if (refusal) throw tooManyRequests(refusal);
}

interface StoredFile {
  key: string;
  name: string;
  size: number;
  type: ReceiptType;
}

/**
 * Reads the form: small fields are passed over, the one file in the field "file" goes to the file
 * store as it arrives, and a second file refuses the whole form (the stored one is removed).
 */
async function storeReceiptFile(deps: AppDeps, req: FastifyRequest, key: string): Promise<StoredFile> {
  let stored: StoredFile | null = null;
  try {
    for await (const part of req.parts({ limits: RECEIPT_FORM_LIMITS })) {
      if (part.type === 'field') continue;
      if (stored) throw badRequest(RECEIPT_TEXT.ONE_FILE);
      if (part.fieldname !== 'file') throw badRequest(TRIP_MSG.RECEIPT_FIELD);
      const type = receiptTypeOf(part.mimetype);
      if (!type) throw unsupported(TRIP_MSG.RECEIPT_TYPE);
      const name = receiptFileName(part.filename || '');
      const { size } = await deps.files.put(key, Readable.from(checkedReceipt(part.file, type)), { contentType: type, originalName: name });
      stored = { key, name, size, type };
    }
  } catch (e) {
    if (stored) await deps.files.delete(key);
    throw multipartError(e);
  }
  if (!stored) throw badRequest(TRIP_MSG.RECEIPT_FIELD);
  return stored;
}

/**
 * spec 1 §5: a receipt is uploaded before the expense that uses it. At most 20 MB: a declared
 * Content-Length over the limit is refused before the body is read, and a body that passes it
 * while streaming is refused at that point. Only PDF and image types, checked on the bytes; one
 * file per form; at most RECEIPT_UNATTACHED_MAX receipts per user waiting for an expense.
 */
export async function uploadReceipt(deps: AppDeps, req: FastifyRequest, _reply: FastifyReply, user: SessionUser): Promise<z.input<typeof ReceiptUploaded>> {
  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > RECEIPT_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw unsupported(TRIP_MSG.RECEIPT_FIELD);
  // checked before the file is read, and again when it is recorded (two uploads at once)
  await assertWithinQuota(deps.pool, user.id);

  const id = randomUUID();
  const now = deps.clock.now();
  const key = `receipts/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const file = await storeReceiptFile(deps, req, key);
  try {
    await inTransaction(deps.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`receipt-quota:${user.id}`]);
      await assertWithinQuota(client, user.id);
      await client.query(
        `insert into receipts (id, uploaded_by, storage_key, original_name, content_type, size, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, user.id, key, file.name, file.type, file.size, now],
      );
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'receipt-upload',
        table: 'receipts',
        recordId: id,
        after: { name: file.name, size: file.size, contentType: file.type },
      });
    });
  } catch (e) {
    await deps.files.delete(key);
    throw e;
  }
  return { receiptId: id, name: file.name, size: file.size, contentType: file.type };
}

/**
 * A receipt's file, for the one who uploaded it, staff, and whoever may see the trip it is
 * attached to; anyone else gets 404, as for a receipt that does not exist.
 */
export async function sendReceipt(deps: AppDeps, reply: FastifyReply, user: SessionUser, id: string): Promise<FastifyReply> {
  if (!isUuid(id)) throw notFound();
  const params: unknown[] = [id, user.id, isStaff(user)];
  const scope = tripScope(user, params);
  const { rows } = await deps.pool.query<{ storage_key: string; original_name: string; content_type: string; size: number }>(
    `select r.storage_key, r.original_name, r.content_type, r.size from receipts r
      where r.id = $1 and (r.uploaded_by = $2 or $3
            or exists (select 1 from drive_assignments da where da.id = r.drive_assignment_id and ${scope}))`,
    params,
  );
  const receipt = rows[0];
  if (!receipt) throw notFound();
  const file = await deps.files.get(receipt.storage_key);
  if (!file) throw notFound();
  return reply
    .header('content-type', receipt.content_type)
    .header('content-length', String(receipt.size))
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(receipt.original_name)}`)
    .header('cache-control', 'private, no-store')
    .send(file);
}

/**
 * Receipts that no expense used within RECEIPT_UNATTACHED_HOURS of their upload are removed, row
 * and file, oldest first, a batch at a time; each removal is an audit row. A receipt an expense
 * takes at the same moment is either attached first (and kept) or gone (the expense asks for it
 * to be uploaded again). Files go after their rows, so a failure can leave a file without a row,
 * never a row without its file.
 */
export async function removeUnattachedReceipts(deps: Pick<AppDeps, 'pool' | 'files'>, now: Date, batch = 500): Promise<number> {
  const cutoff = unattachedReceiptCutoff(now);
  let removed = 0;
  for (;;) {
    const gone = await inTransaction(deps.pool, async (client) => {
      const { rows } = await client.query<{ id: string; storage_key: string; original_name: string; size: number; uploaded_by: string }>(
        `delete from receipts where id in (
           select id from receipts
            where partner_activity_id is null and drive_assignment_id is null and created_at < $1
            order by created_at limit $2 for update skip locked)
         returning id, storage_key, original_name, size, uploaded_by`,
        [cutoff, batch],
      );
      await writeAudits(
        client,
        rows.map((r) => ({
          actorId: null,
          activityType: 'receipt-expire' as const,
          table: 'receipts',
          recordId: r.id,
          before: { name: r.original_name, size: Number(r.size), uploadedBy: r.uploaded_by },
        })),
      );
      return rows;
    });
    for (const r of gone) await deps.files.delete(r.storage_key);
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}
