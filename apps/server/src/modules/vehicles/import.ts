import { VEHICLE_MSG, mayAddVehicle, operatorToday, type VehicleSave } from '@tripline/core';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { checkVehicle } from './checks.ts';
import { fieldOfHeader, importBase, parseRow, REQUIRED_COLUMNS, rowToBody } from './import-rows.ts';
import { listVehicles } from './repository.ts';
import { owningPartner, saveVehicleIn } from './save.ts';

export const IMPORT_MAX_ROWS = 2000;
const FLEET = { internal: false };

interface StoredRow {
  line: number;
  body: VehicleSave | null;
  action: 'create' | 'update' | null;
  problems: string[];
}

function readCsv(csv: string): Record<string, string>[] {
  try {
    return parse(csv, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (e) {
    throw badRequest(VEHICLE_MSG.IMPORT_UNREADABLE(e instanceof Error ? e.message : String(e)));
  }
}

/** The problem a save check raises, as a row's problem text. */
async function checkProblem(client: PoolClient, body: VehicleSave, partnerId: string, today: string, selfId: string | null): Promise<string | null> {
  try {
    await client.query('savepoint row_check');
    await checkVehicle(client, body, partnerId, today, selfId);
    await client.query('release savepoint row_check');
    return null;
  } catch (e) {
    await client.query('rollback to savepoint row_check');
    if (e instanceof HttpError && e.status === 400) return e.message;
    throw e;
  }
}

/**
 * POST vehicle-import-upload (spec 1 §7): reads the CSV, matches each row to the partner's vehicle
 * of the same number (update) or none (create), checks it as a save would, and keeps the result
 * for approval. Nothing in the fleet changes here.
 */
export async function uploadVehicleImport(deps: AppDeps, req: FastifyRequest, user: SessionUser, input: { csv: string; partnerId?: string }) {
  if (!mayAddVehicle(user)) throw forbidden(VEHICLE_MSG.MAY_NOT_ADD);
  const today = operatorToday(deps.clock.now());
  const records = readCsv(input.csv);
  if (records.length === 0) throw badRequest(VEHICLE_MSG.IMPORT_EMPTY);
  if (records.length > IMPORT_MAX_ROWS) throw badRequest(VEHICLE_MSG.IMPORT_TOO_MANY(IMPORT_MAX_ROWS));
  const present = new Set(Object.keys(records[0]).map(fieldOfHeader));
  const missing = REQUIRED_COLUMNS.filter((c) => !present.has(c));
  if (missing.length) throw badRequest(VEHICLE_MSG.IMPORT_COLUMNS(missing));

  return inTransaction(deps.pool, async (client) => {
    const partner = await owningPartner(client, user, input.partnerId, null, FLEET);
    const fleet = await listVehicles(client, user, { partnerId: partner.id }, today);
    const own = new Map(fleet.map((v) => [v.vehicleNumber.toLowerCase(), v]));
    const seenNumbers = new Set<string>();
    const seenVins = new Set<string>();
    const rows: StoredRow[] = [];
    for (const [i, record] of records.entries()) {
      const line = i + 2; // the header is line 1
      const cells = rowToBody(record, today);
      const existing = typeof cells.vehicleNumber === 'string' ? own.get(cells.vehicleNumber.toLowerCase()) : undefined;
      const parsed = parseRow(existing ? { ...importBase(existing), ...cells } : cells);
      if ('problems' in parsed) {
        rows.push({ line, body: null, action: null, problems: parsed.problems });
        continue;
      }
      const body: VehicleSave = existing ? { ...parsed.body, id: existing.id, modCount: existing.modCount } : parsed.body;
      const problems: string[] = [];
      if (seenNumbers.has(body.vehicleNumber.toLowerCase())) problems.push(`Vehicle number ${body.vehicleNumber} appears twice in the file`);
      if (seenVins.has(body.vin)) problems.push(`VIN ${body.vin} appears twice in the file`);
      seenNumbers.add(body.vehicleNumber.toLowerCase());
      seenVins.add(body.vin);
      const problem = await checkProblem(client, body, partner.id, today, existing?.id ?? null);
      if (problem) problems.push(problem);
      rows.push({ line, body, action: existing ? 'update' : 'create', problems });
    }
    const { rows: saved } = await client.query<{ id: string }>(
      'insert into vehicle_imports (created_by, partner_id, rows) values ($1, $2, $3) returning id',
      [user.id, partner.id, JSON.stringify(rows)],
    );
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'vehicle-import',
      table: 'vehicle_imports',
      recordId: saved[0].id,
      before: null,
      after: { partnerId: partner.id, rows: rows.length, invalid: rows.filter((r) => r.problems.length).length },
    });
    const invalid = rows.filter((r) => r.problems.length > 0).length;
    return {
      importId: saved[0].id,
      partnerId: partner.id,
      rows: rows.map((r) => ({ line: r.line, vehicleNumber: r.body?.vehicleNumber ?? null, vin: r.body?.vin ?? null, action: r.action, problems: r.problems })),
      valid: rows.length - invalid,
      invalid,
    };
  });
}

/**
 * POST vehicle-import-approve: saves every row of the caller's previewed import in one
 * transaction, each checked again as a save; any refusal leaves the fleet as it was.
 */
export async function approveVehicleImport(deps: AppDeps, req: FastifyRequest, user: SessionUser, importId: string) {
  const today = operatorToday(deps.clock.now());
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ partner_id: string; rows: StoredRow[]; approved_at: Date | null }>(
      'select partner_id, rows, approved_at from vehicle_imports where id = $1 and created_by = $2 for update',
      [importId, user.id],
    );
    const stored = rows[0];
    if (!stored) throw notFound(VEHICLE_MSG.IMPORT_NOT_FOUND);
    if (stored.approved_at) throw conflict(VEHICLE_MSG.IMPORT_DONE);
    if (stored.rows.some((r) => r.problems.length > 0 || !r.body)) throw badRequest(VEHICLE_MSG.IMPORT_HAS_ERRORS);
    let created = 0;
    let updated = 0;
    for (const row of stored.rows) {
      try {
        await saveVehicleIn(client, req, user, { ...row.body!, partnerId: stored.partner_id }, FLEET, today);
      } catch (e) {
        if (e instanceof HttpError && e.status === 400) throw badRequest(`Line ${row.line}: ${e.message}`, e.extra.details);
        throw e;
      }
      if (row.action === 'update') updated++;
      else created++;
    }
    await client.query('update vehicle_imports set approved_at = now() where id = $1', [importId]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'vehicle-import',
      table: 'vehicle_imports',
      recordId: importId,
      before: { approved: false },
      after: { approved: true, created, updated },
    });
    return { created, updated };
  });
}
