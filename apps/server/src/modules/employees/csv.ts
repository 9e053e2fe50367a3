import { EMPLOYEE_CSV_COLUMNS, employeeCsvRecord, neutraliseFormula } from '@tripline/core';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listEmployees, presentEmployee, type EmployeeFilter } from './repository.ts';

/**
 * The employee list as CSV (spec 3 §2 CSV download): the same filters and scope as the screen, the
 * columns an import reads, every text cell guarded against spreadsheet formulas. The download of
 * people's details is an audit row of its own.
 */
export async function sendEmployeesCsv(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, user: SessionUser, filter: EmployeeFilter): Promise<FastifyReply> {
  const rows = (await listEmployees(deps.pool, user, filter)).map(presentEmployee);
  const text = stringify([[...EMPLOYEE_CSV_COLUMNS], ...rows.map(employeeCsvRecord)], {
    record_delimiter: '\r\n',
    quoted_match: [/^\s/, /\s$/, /[\r\n]/],
    cast: { string: neutraliseFormula },
  });
  await writeAudit(deps.pool, {
    ...auditActor(req),
    activityType: 'employee-export',
    table: 'contacts',
    recordId: null,
    after: { rows: rows.length, filter },
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="employees.csv"')
    .header('cache-control', 'private, no-store')
    .send(text);
}
