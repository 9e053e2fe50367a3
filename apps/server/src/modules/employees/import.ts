import { parse } from 'csv-parse/sync';
import {
  EMPLOYEE_IMPORT_MAX_ROWS,
  EMPLOYEE_MSG,
  employeeName,
  employeeWriteRefusal,
  importColumns,
  importHeaderProblem,
  isStaff,
  readImportRow,
  dateInZone,
  type EmployeeFields,
  type EmployeeImportPreview,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';
import { formError } from './photo.ts';
import { findEmployee, presentEmployee } from './repository.ts';
import { writeEmployee } from './save.ts';

/** An employee CSV is a staff list: 2 MB is far more than the largest partner needs. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_FORM_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };
const FIELD = "Send the CSV as a form with one file in the field 'file'";
const wrongType = () => new HttpError(415, 'unsupported_media_type', EMPLOYEE_MSG.IMPORT_FILE_TYPE);
const tooLarge = () => new HttpError(413, 'too_large', 'An employee import may be at most 2 MB');

/** One stored row: what the preview showed, the employee it will save and, for an update, whom. */
interface StoredRow {
  rowNumber: number;
  action: 'Create' | 'Update' | 'Ignore';
  existingId: string | null;
  employee: EmployeeFields | null;
  warnings: string[];
}

async function readCsvFile(req: FastifyRequest): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
  if (!req.isMultipart()) throw new HttpError(415, 'unsupported_media_type', FIELD);
  let data: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: IMPORT_FORM_LIMITS })) {
      if (part.type === 'field') continue;
      if (data || part.fieldname !== 'file') throw badRequest(FIELD);
      const csvName = /\.csv$/i.test(part.filename ?? '');
      const csvType = /^(text\/(csv|plain)|application\/(vnd\.ms-excel|csv))$/i.test(part.mimetype.split(';')[0].trim());
      if (!csvName && !csvType) throw wrongType();
      data = await part.toBuffer();
    }
  } catch (e) {
    throw formError(e, FIELD);
  }
  if (!data || data.length === 0) throw badRequest(EMPLOYEE_MSG.IMPORT_EMPTY);
  return data;
}

function csvRecords(data: Buffer): string[][] {
  try {
    return parse(data, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (e) {
    throw badRequest(`The file is not a readable CSV: ${(e as Error).message}`);
  }
}

/** The company the rows belong to: a partner's own; staff name one (none: the operator's own people). */
async function importCompany(db: Pick<AppDeps['pool'], 'query'>, user: SessionUser, providerId: string | undefined): Promise<string | null> {
  if (!isStaff(user)) {
    if (!user.partnerId || (providerId && providerId !== user.partnerId)) throw notFound();
    return user.partnerId;
  }
  if (!providerId) return null;
  const { rows } = await db.query(`select id from contacts where id = $1 and types @> '{Affiliate}' and parent_id is null and not deleted`, [
    isUuid(providerId) ? providerId : null,
  ]);
  if (!rows[0]) throw notFound();
  return providerId;
}

/**
 * Reads an uploaded employee CSV into a preview (spec 3 §7): each row becomes a Create, or an
 * Update of the company's employee with the same employee number; a row with any warning (its own
 * fields, the caller's rights, a number used twice in the file) is ignored. Nothing is saved until
 * the approve step.
 */
export async function uploadEmployeeImport(deps: AppDeps, req: FastifyRequest, user: SessionUser, providerId: string | undefined): Promise<EmployeeImportPreview> {
  const company = await importCompany(deps.pool, user, providerId);
  const records = csvRecords(await readCsvFile(req));
  const [header, ...data] = records;
  if (!header || data.length === 0) throw badRequest(EMPLOYEE_MSG.IMPORT_EMPTY);
  const headerProblem = importHeaderProblem(header);
  if (headerProblem) throw badRequest(headerProblem);
  if (data.length > EMPLOYEE_IMPORT_MAX_ROWS) throw badRequest(`An import has at most ${EMPLOYEE_IMPORT_MAX_ROWS} rows`);

  const today = dateInZone(deps.clock.now(), user.timeZone);
  const numbers = data.map((cells) => cells[importColumns(header).indexOf('employeeNumber')]?.trim() || null);
  const { rows: existing } = await deps.pool.query<{ id: string; employee_number: string }>(
    `select id, employee_number from contacts where employee_number = any($1::text[]) and not deleted and parent_id is not distinct from $2::uuid`,
    [numbers.filter(Boolean), company],
  );
  const byNumber = new Map(existing.map((r) => [r.employee_number, r.id]));
  const { rows: divisions } = await deps.pool.query<{ code: string }>('select code from divisions');
  const branches = new Set(divisions.map((d) => d.code));
  const seen = new Set<string>();
  const rows: StoredRow[] = [];
  for (const [i, cells] of data.entries()) {
    const read = readImportRow(header, cells, i + 2, company, today);
    const number = read.employee?.employeeNumber ?? null;
    if (number && seen.has(number)) read.warnings.push(`Employee number ${number} appears more than once in the file`);
    if (number) seen.add(number);
    const existingId = number ? (byNumber.get(number) ?? null) : null;
    const branch = read.employee?.branch?.toUpperCase();
    if (branch && !branches.has(branch)) read.warnings.push(EMPLOYEE_MSG.NO_DIVISION(read.employee!.branch!));
    if (read.employee) {
      const refusal = employeeWriteRefusal(user, read.employee, null);
      if (refusal) read.warnings.push(refusal.message);
    }
    const action = read.warnings.length > 0 ? 'Ignore' : existingId ? 'Update' : 'Create';
    rows.push({ rowNumber: read.rowNumber, action, existingId, employee: read.employee, warnings: read.warnings });
  }
  const { rows: saved } = await deps.pool.query<{ id: string }>(
    `insert into employee_imports (uploaded_by, affiliate_id, rows) values ($1, $2, $3) returning id`,
    [user.id, company, JSON.stringify({ columns: importColumns(header).filter(Boolean), rows })],
  );
  return {
    importId: saved[0].id,
    affiliateId: company,
    rows: rows.map((r) => ({
      rowNumber: r.rowNumber,
      action: r.action,
      name: r.employee ? employeeName(r.employee) : null,
      employeeNumber: r.employee?.employeeNumber ?? null,
      warnings: r.warnings,
    })),
  };
}

/**
 * The approve step: the import's Create and Update rows are saved in one transaction through the
 * same rules as a single save; an update keeps what the file has no column for. An import is
 * applied once, by the user who uploaded it.
 */
export async function approveEmployeeImport(deps: AppDeps, req: FastifyRequest, user: SessionUser, importId: string) {
  if (!isUuid(importId)) throw notFound();
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ id: string; rows: { columns: string[]; rows: StoredRow[] }; approved_at: Date | null }>(
      'select id, rows, approved_at from employee_imports where id = $1 and uploaded_by = $2 for update',
      [importId, user.id],
    );
    const imp = rows[0];
    if (!imp) throw notFound();
    if (imp.approved_at) throw badRequest(EMPLOYEE_MSG.IMPORT_DONE);
    const columns = new Set(imp.rows.columns);
    let created = 0;
    let updated = 0;
    // a row that no longer passes (its number taken since the preview) stops the whole import, naming the row
    const save = (row: StoredRow, e: EmployeeFields) =>
      writeEmployee(client, req, user, e).catch((err: unknown) => {
        if (err instanceof HttpError && err.status === 400) throw badRequest(`Row ${row.rowNumber}: ${err.message}`, err.extra.details);
        throw err;
      });
    for (const row of imp.rows.rows) {
      if (row.action === 'Ignore' || !row.employee) continue;
      if (row.action === 'Create') {
        await save(row, row.employee);
        created++;
        continue;
      }
      const current = row.existingId ? await findEmployee(client, user, row.existingId) : null;
      if (!current || current.deleted) throw badRequest(`Row ${row.rowNumber}: the employee to update is no longer there; upload the file again`);
      const now = presentEmployee(current);
      const merged = { ...row.employee } as Record<string, unknown>;
      // what the file has no column for stays as it is
      for (const [field, value] of Object.entries(now)) {
        if (!(field in merged)) continue;
        if (field === 'address') {
          merged.address = Object.fromEntries(
            Object.entries(now.address).map(([k, v]) => [k, columns.has(k) ? (row.employee!.address as Record<string, unknown>)[k] : v]),
          );
        } else if (field === 'phones') merged.phones = columns.has('phone') ? row.employee.phones : now.phones;
        else if (field !== 'affiliateId' && !columns.has(field)) merged[field] = value;
      }
      if (!columns.has('classifications')) merged.classifications = now.classifications;
      await save(row, { ...(merged as EmployeeFields), id: current.id, modCount: current.mod_count });
      updated++;
    }
    await client.query('update employee_imports set approved_at = now() where id = $1', [imp.id]);
    const ignored = imp.rows.rows.length - created - updated;
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'employee-import',
      table: 'employee_imports',
      recordId: imp.id,
      after: { created, updated, ignored },
    });
    return { created, updated, ignored };
  });
}
