import {
  EMPLOYEE_MSG,
  mayEditEmployee,
  shiftOverrideProblem,
  type PayHistoryBody,
  type PayHistoryEntry,
  type ShiftOverride,
  type ShiftOverrideBody,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';
import { findEmployee, type EmployeeRow } from './repository.ts';

/** The employee, in scope, that the caller may change (404 out of scope, 403 read-only in-house). */
export async function employeeToChange(db: Pool | PoolClient, user: SessionUser, id: string, lock = false): Promise<EmployeeRow> {
  const employee = await findEmployee(db, user, id, lock);
  if (!employee || employee.deleted) throw notFound();
  if (!mayEditEmployee(user, { affiliateId: employee.affiliate_id })) throw forbidden(EMPLOYEE_MSG.IN_HOUSE_READ_ONLY);
  return employee;
}

interface OverrideRow {
  id: string;
  employee_id: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
  created: Date;
}

const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));
const presentOverride = (r: OverrideRow): ShiftOverride => ({
  id: r.id,
  employeeId: r.employee_id,
  date: r.date,
  start: hhmm(r.start_time),
  end: hhmm(r.end_time),
  created: r.created.toISOString(),
});

export async function listShiftOverrides(deps: AppDeps, user: SessionUser, q: { employeeId: string; dateFrom?: string }): Promise<ShiftOverride[]> {
  const employee = await findEmployee(deps.pool, user, q.employeeId);
  if (!employee) throw notFound();
  const { rows } = await deps.pool.query<OverrideRow>(
    `select id, employee_id, date, start_time::text, end_time::text, created from employee_shift_overrides
      where employee_id = $1 and ($2::date is null or date >= $2::date) order by date`,
    [employee.id, q.dateFrom ?? null],
  );
  return rows.map(presentOverride);
}

/**
 * Sets the shift of one date (spec 3 §3): one override per employee and date, so a second for the
 * same date replaces the first; without a date, the spec's 'Unable to set shift without an
 * explicit service date'.
 */
export async function saveShiftOverride(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof ShiftOverrideBody>): Promise<ShiftOverride> {
  const problem = shiftOverrideProblem({ date: body.date, start: body.start, end: body.end });
  if (problem) throw badRequest(problem.message, [problem]);
  return inTransaction(deps.pool, async (client) => {
    const employee = await employeeToChange(client, user, body.employeeId, true);
    const { rows: old } = await client.query<OverrideRow>(
      `select id, employee_id, date, start_time::text, end_time::text, created from employee_shift_overrides
        where employee_id = $1 and (date = $2 or id = $3::uuid)`,
      [employee.id, body.date, body.id && isUuid(body.id) ? body.id : null],
    );
    if (body.id && !old.some((o) => o.id === body.id)) throw notFound();
    await client.query('delete from employee_shift_overrides where id = any($1::uuid[])', [old.map((o) => o.id)]);
    const { rows } = await client.query<OverrideRow>(
      `insert into employee_shift_overrides (employee_id, date, start_time, end_time, created_by) values ($1, $2, $3, $4, $5)
       returning id, employee_id, date, start_time::text, end_time::text, created`,
      [employee.id, body.date, body.start, body.end, user.id],
    );
    const saved = presentOverride(rows[0]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'shift-override',
      table: 'employee_shift_overrides',
      recordId: saved.id,
      before: old.length ? old.map(presentOverride) : undefined,
      after: saved,
    });
    return saved;
  });
}

export async function deleteShiftOverride(deps: AppDeps, req: FastifyRequest, user: SessionUser, id: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<OverrideRow>(
      `select id, employee_id, date, start_time::text, end_time::text, created from employee_shift_overrides where id = $1 for update`,
      [id],
    );
    if (!rows[0]) throw notFound();
    await employeeToChange(client, user, rows[0].employee_id, true);
    await client.query('delete from employee_shift_overrides where id = $1', [id]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'shift-override-delete',
      table: 'employee_shift_overrides',
      recordId: id,
      before: presentOverride(rows[0]),
    });
    return { id };
  });
}

interface PayRow {
  id: string;
  employee_id: string;
  date_worked: string;
  hours_worked: number | null;
  amount: number | null;
  notes: string | null;
  modified: Date;
}

const presentPay = (r: PayRow): PayHistoryEntry => ({
  id: r.id,
  employeeId: r.employee_id,
  dateWorked: r.date_worked,
  hoursWorked: r.hours_worked,
  amount: r.amount,
  notes: r.notes,
  modified: r.modified.toISOString(),
});
const PAY_COLUMNS = 'id, employee_id, date_worked, hours_worked, amount, notes, modified';

export async function listPayHistory(deps: AppDeps, user: SessionUser, employeeId: string): Promise<PayHistoryEntry[]> {
  const employee = await findEmployee(deps.pool, user, employeeId);
  if (!employee) throw notFound();
  const { rows } = await deps.pool.query<PayRow>(
    `select ${PAY_COLUMNS} from employee_pay_history where employee_id = $1 order by date_worked desc`,
    [employee.id],
  );
  return rows.map(presentPay);
}

/** Records a day worked: one entry per employee and dateWorked, so the same day again changes it. */
export async function savePayHistory(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof PayHistoryBody>): Promise<PayHistoryEntry> {
  if (!body.dateWorked) throw badRequest(EMPLOYEE_MSG.PAY_DATE_REQUIRED, [{ path: 'dateWorked', message: EMPLOYEE_MSG.PAY_DATE_REQUIRED }]);
  return inTransaction(deps.pool, async (client) => {
    const employee = await employeeToChange(client, user, body.employeeId, true);
    const { rows: old } = await client.query<PayRow>(
      `select ${PAY_COLUMNS} from employee_pay_history where employee_id = $1 and date_worked = $2 for update`,
      [employee.id, body.dateWorked],
    );
    const { rows } = await client.query<PayRow>(
      `insert into employee_pay_history (employee_id, date_worked, hours_worked, amount, notes, modified_by) values ($1, $2, $3, $4, $5, $6)
       on conflict (employee_id, date_worked) do update
         set hours_worked = excluded.hours_worked, amount = excluded.amount, notes = excluded.notes,
             modified_by = excluded.modified_by, modified = now()
       returning ${PAY_COLUMNS}`,
      [employee.id, body.dateWorked, body.hoursWorked, body.amount, body.notes, user.id],
    );
    const saved = presentPay(rows[0]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'pay-history',
      table: 'employee_pay_history',
      recordId: saved.id,
      before: old[0] ? presentPay(old[0]) : undefined,
      after: saved,
    });
    return saved;
  });
}
