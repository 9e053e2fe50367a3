import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { EMPLOYEE_MSG, PHOTO_MAX_BYTES, photoTypeOf, RECEIPT_SNIFF_BYTES, sniffReceiptType, type PhotoType } from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { findEmployee } from './repository.ts';
import { employeeToChange } from './shifts.ts';

/** Busboy's limits for a form carrying one photo. */
export const PHOTO_FORM_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };
/** Room for the multipart boundaries and part headers around a photo of the largest size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const FIELD = "Send the photo as a form with one file in the field 'file'";

const tooLarge = () => new HttpError(413, 'too_large', EMPLOYEE_MSG.PHOTO_TOO_LARGE);
const notImage = () => new HttpError(415, 'unsupported_media_type', EMPLOYEE_MSG.PHOTO_NOT_IMAGE);

/** The file's bytes, refused as soon as they show it is too large or not the image it says it is. */
async function* checkedPhoto(file: Readable & { truncated?: boolean }, declared: PhotoType): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PHOTO_MAX_BYTES || file.truncated) throw tooLarge();
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < RECEIPT_SNIFF_BYTES) continue;
      if (sniffReceiptType(head) !== declared) throw notImage();
      yield head;
      head = null;
    } else yield chunk;
  }
  if (file.truncated) throw tooLarge();
  if (head) {
    if (head.length === 0) throw badRequest(EMPLOYEE_MSG.PHOTO_REQUIRED);
    if (sniffReceiptType(head) !== declared) throw notImage();
    yield head;
  }
}

/** Multipart failures as the API's answers: too large 413, anything malformed 400. */
export function formError(e: unknown, field: string): Error {
  if (e instanceof HttpError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code.startsWith('FST_')) return badRequest(field);
  const message = e instanceof Error ? e.message : '';
  if (/multipart|boundary|part header/i.test(message)) return badRequest(field);
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * An employee's photo (an image of at most 5 MB; 413 when larger, 415 when not an image,
 * checked on its bytes). The new file is stored first; the record then points at it and the old
 * file goes, so a failure leaves the photo as it was.
 */
export async function uploadPhoto(deps: AppDeps, req: FastifyRequest, user: SessionUser, employeeId: string) {
  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type', FIELD);
  const employee = await employeeToChange(deps.pool, user, employeeId);

  const key = `employee-photos/${employee.id}/${randomUUID()}`;
  let stored: { type: PhotoType; size: number } | null = null;
  try {
    for await (const part of req.parts({ limits: PHOTO_FORM_LIMITS })) {
      if (part.type === 'field') continue;
      if (stored || part.fieldname !== 'file') throw badRequest(FIELD);
      const type = photoTypeOf(part.mimetype);
      if (!type) throw notImage();
      const { size } = await deps.files.put(key, Readable.from(checkedPhoto(part.file, type)), { contentType: type, originalName: part.filename });
      stored = { type, size };
    }
  } catch (e) {
    await deps.files.delete(key);
    throw formError(e, FIELD);
  }
  if (!stored) throw badRequest(EMPLOYEE_MSG.PHOTO_REQUIRED);
  const photo = stored;

  let oldKey: string | null = null;
  try {
    await inTransaction(deps.pool, async (client) => {
      const current = await employeeToChange(client, user, employee.id, true);
      const { rows } = await client.query<{ photo_key: string | null }>('select photo_key from contacts where id = $1', [current.id]);
      oldKey = rows[0].photo_key;
      await client.query('update contacts set photo_key = $2, photo_content_type = $3, photo_size = $4, updated_at = now() where id = $1', [
        current.id,
        key,
        photo.type,
        photo.size,
      ]);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'employee-photo',
        table: 'contacts',
        recordId: current.id,
        before: { hasPhoto: oldKey !== null },
        after: { hasPhoto: true, contentType: photo.type, size: photo.size },
      });
    });
  } catch (e) {
    await deps.files.delete(key);
    throw e;
  }
  if (oldKey) await deps.files.delete(oldKey);
  return { employeeId: employee.id, contentType: photo.type, size: photo.size };
}

/** The photo, for whoever may see the employee; 404 when there is none or the employee is out of scope. */
export async function sendPhoto(deps: AppDeps, reply: FastifyReply, user: SessionUser, employeeId: string): Promise<FastifyReply> {
  const employee = await findEmployee(deps.pool, user, employeeId);
  if (!employee) throw notFound();
  const { rows } = await deps.pool.query<{ photo_key: string | null; photo_content_type: string; photo_size: number }>(
    'select photo_key, photo_content_type, photo_size from contacts where id = $1',
    [employee.id],
  );
  const row = rows[0];
  if (!row?.photo_key) throw notFound('This employee has no photo');
  const file = await deps.files.get(row.photo_key);
  if (!file) throw notFound('This employee has no photo');
  return reply
    .header('content-type', row.photo_content_type)
    .header('content-length', String(row.photo_size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file);
}
