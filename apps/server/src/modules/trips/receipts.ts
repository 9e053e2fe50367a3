import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  isStaff,
  RECEIPT_MAX_BYTES,
  RECEIPT_SNIFF_BYTES,
  receiptTypeOf,
  sniffReceiptType,
  TRIP_MSG,
  type ReceiptType,
  type ReceiptUploaded,
} from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
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
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return badRequest(TRIP_MSG.RECEIPT_FIELD);
  }
  // busboy's own errors carry no code: a form without its boundary, cut short or with a broken part header
  const message = e instanceof Error ? e.message : '';
  if (!code && /multipart|boundary|part header/i.test(message)) return badRequest(TRIP_MSG.RECEIPT_FIELD);
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * spec 1 §5: a receipt is uploaded before the expense that uses it. At most 20 MB: a declared
 * Content-Length over the limit is refused before the body is read, and a body that passes it
 * while streaming is refused at that point. Only PDF and image types, checked on the bytes.
 */
export async function uploadReceipt(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<z.input<typeof ReceiptUploaded>> {
  // whatever is refused, the rest of the body is not worth reading: the connection closes
  reply.header('connection', 'close');
  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > RECEIPT_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw unsupported(TRIP_MSG.RECEIPT_FIELD);

  const part = await req.file({ limits: RECEIPT_FORM_LIMITS }).catch((e: unknown) => {
    throw multipartError(e);
  });
  if (!part || part.fieldname !== 'file') throw badRequest(TRIP_MSG.RECEIPT_FIELD);
  const declared = receiptTypeOf(part.mimetype);
  if (!declared) throw unsupported(TRIP_MSG.RECEIPT_TYPE);

  const id = randomUUID();
  const now = deps.clock.now();
  const key = `receipts/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const printable = [...path.basename(part.filename || '')].filter((c) => c >= ' ' && c !== '\u007f').join('');
  const name = printable.slice(0, 200) || 'receipt';
  let size: number;
  try {
    ({ size } = await deps.files.put(key, Readable.from(checkedReceipt(part.file, declared)), { contentType: declared, originalName: name }));
  } catch (e) {
    throw multipartError(e);
  }
  try {
    await deps.pool.query(
      `insert into receipts (id, uploaded_by, storage_key, original_name, content_type, size) values ($1, $2, $3, $4, $5, $6)`,
      [id, user.id, key, name, declared, size],
    );
    await writeAudit(deps.pool, {
      ...auditActor(req),
      activityType: 'receipt-upload',
      table: 'receipts',
      recordId: id,
      after: { name, size, contentType: declared },
    });
  } catch (e) {
    await deps.files.delete(key);
    throw e;
  }
  reply.removeHeader('connection');
  return { receiptId: id, name, size, contentType: declared };
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
