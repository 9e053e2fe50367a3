import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Browser } from './app.ts';
import { createContact, type Created } from './factories.ts';
import { formData } from './trip-factories.ts';

/** A passenger (S/N Passenger, no sign-in) with a member id. */
export async function createPassenger(pool: Pool, spec: { name?: string; memberId?: string | null } = {}): Promise<Created & { memberId: string | null }> {
  const p = await createContact(pool, { types: ['S/N Passenger'], username: null, name: spec.name });
  const memberId = spec.memberId === undefined ? `M${randomBytes(4).toString('hex').toUpperCase()}` : spec.memberId;
  await pool.query('update contacts set member_id = $2 where id = $1', [p.id, memberId]);
  return { ...p, memberId };
}

/** A watch list entry as stored, written directly. */
export async function addWatchListEntry(
  pool: Pool,
  passengerId: string,
  spec: { reason?: string; startDate?: string; endDate?: string | null; addedBy?: string | null } = {},
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'insert into elevated_members (passenger_id, reason, start_date, end_date, added_by) values ($1, $2, $3, $4, $5) returning id',
    [passengerId, spec.reason ?? 'Threatened a driver', spec.startDate ?? '2026-11-01', spec.endDate ?? null, spec.addedBy ?? null],
  );
  return rows[0].id;
}

type Cell = string | number | Date | null;

/** An .xlsx workbook of one sheet with the given rows (the first is the header). */
export function workbook(rows: Cell[][]): Promise<Buffer> {
  const data = rows.map((r) => r.map((value) => (value === null ? null : value instanceof Date ? { value, format: 'yyyy-mm-dd' } : { value })));
  return writeXlsxFile(data as unknown as SheetData).toBuffer();
}

/** Sends a file to POST watch-list-upload as a browser's file input does. */
export function uploadWorkbook(b: Browser, data: Buffer | string, filename = 'watch-list.xlsx', type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const form = formData([{ name: 'file', filename, type, data }]);
  return b.request('POST', '/api/watch-list-upload', { body: form.body, headers: { 'content-type': form.contentType } });
}

/** The watch list rows as stored, to prove a refused write changed nothing. */
export async function watchListRows(pool: Pool) {
  const { rows } = await pool.query(
    "select passenger_id, reason, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from elevated_members order by passenger_id",
  );
  return rows;
}
