import {
  EMPLOYEE_MSG,
  EMPLOYEE_CLASSIFICATIONS,
  employeeName,
  employeeProblems,
  employeeWriteRefusal,
  isStaff,
  ownRecordProblem,
  phoneToStore,
  withOneMainPhone,
  type Employee,
  type EmployeeFields,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';
import { findEmployee, presentEmployee, type EmployeeRow } from './repository.ts';
import { writeEmployeeAddress, writeEmployeeEmail, writeEmployeePhones } from './contact-parts.ts';

/** Why this save cannot go ahead, as a 400 listing every problem with its field (nothing is written). */
function refuse(problems: { path: string; message: string }[]): HttpError {
  return badRequest(problems[0].message, problems);
}

/** The partner company named, or a 400: it must be a partner company that is not deleted. */
async function checkPartner(client: PoolClient, affiliateId: string | null): Promise<void> {
  if (affiliateId === null) return;
  const { rows } = await client.query(
    `select 1 from contacts where id = $1 and types @> '{Affiliate}' and parent_id is null and not deleted`,
    [isUuid(affiliateId) ? affiliateId : null],
  );
  if (rows.length === 0) throw refuse([{ path: 'affiliateId', message: EMPLOYEE_MSG.NOT_A_PARTNER }]);
}

async function divisionIdOf(client: PoolClient, branch: string | null): Promise<string | null> {
  if (!branch) return null;
  const { rows } = await client.query<{ id: string }>('select id from divisions where code = upper($1)', [branch]);
  if (!rows[0]) throw refuse([{ path: 'branch', message: EMPLOYEE_MSG.NO_DIVISION(branch) }]);
  return rows[0].id;
}

/** An employee number names one employee of a company (trips name drivers by it). */
async function checkEmployeeNumber(client: PoolClient, e: EmployeeFields, id: string | null): Promise<void> {
  if (!e.employeeNumber) return;
  // two saves of the same number at once: the second waits for the first and then sees it
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`employee-number:${e.affiliateId ?? 'in-house'}:${e.employeeNumber}`]);
  const { rows } = await client.query(
    `select 1 from contacts where employee_number = $1 and not deleted and parent_id is not distinct from $2::uuid and id is distinct from $3::uuid`,
    [e.employeeNumber, e.affiliateId, id],
  );
  if (rows.length > 0) throw refuse([{ path: 'employeeNumber', message: EMPLOYEE_MSG.EMPLOYEE_NUMBER_TAKEN(e.employeeNumber) }]);
}

/** The values of the contact row an employee is kept in. */
function contactValues(e: EmployeeFields, types: string[], divisionId: string | null) {
  return [
    employeeName(e),
    e.firstName,
    e.middleInitial ? e.middleInitial.toUpperCase() : null,
    e.lastName,
    types,
    e.affiliateId,
    divisionId,
    e.employeeNumber,
    e.dlNumber,
    e.dlIssueDate,
    e.dlExpDate,
    e.dob,
    e.hiredDate,
    e.terminationDate,
    e.notes,
    e.initialCredentialDate,
    e.latestCredentialDate,
    e.availability === null ? null : JSON.stringify(e.availability),
  ];
}

const CONTACT_COLUMNS = `name, first_name, middle_name, last_name, types, parent_id, division_id, employee_number, dl_number,
  dl_issue_date, dl_exp_date, date_of_birth, hired_date, termination_date, notes, initial_credential_date,
  latest_credential_date, availability`;

/** The contact types after a save: the classifications given, plus the record's types that are not classifications (e.g. Passenger). */
function typesAfter(e: EmployeeFields, before: EmployeeRow | null): string[] {
  const other = (before?.types ?? []).filter((t) => !(EMPLOYEE_CLASSIFICATIONS as readonly string[]).includes(t));
  return [...new Set([...other, ...e.classifications])];
}

/**
 * Creates or changes an employee (spec 3 §2, §3, §5): validate → load in scope (404) → modCount
 * (409 with the server's copy) → the rules of core (a Driver needs a provider, one main phone; rules
 * 75 and 77 on who writes which employee) → write the contact with its phones, e-mail and address,
 * and one audit row with the before and after images.
 */
export async function saveEmployee(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: EmployeeFields): Promise<Employee> {
  return inTransaction(deps.pool, (client) => writeEmployee(client, req, user, body));
}

/** The work of saveEmployee inside the caller's transaction (an import saves many in one). */
export async function writeEmployee(client: PoolClient, req: FastifyRequest, user: SessionUser, body: EmployeeFields): Promise<Employee> {
  // a partner's new employee belongs to the partner's own company
  const e: EmployeeFields = {
    ...body,
    affiliateId: !isStaff(user) && body.affiliateId === null ? user.partnerId : body.affiliateId,
    email: body.email === '' ? null : body.email,
  };
  // two main phones are refused; none chosen makes the first main
  const problems = employeeProblems(e);
  if (problems.length > 0) throw refuse(problems);
  e.phones = withOneMainPhone(e.phones);
  let before: EmployeeRow | null = null;
  if (e.id !== undefined) {
    before = await findEmployee(client, user, e.id, true);
    // a deleted employee is history: it is not edited
    if (!before || before.deleted) throw notFound();
    if (e.modCount === undefined) throw refuse([{ path: 'modCount', message: EMPLOYEE_MSG.MOD_COUNT_REQUIRED }]);
    if (before.mod_count !== e.modCount) throw conflict(EMPLOYEE_MSG.STALE, presentEmployee(before));
  }
  const own = before?.id === user.id ? ownRecordProblem(user.types, before.types, e.classifications) : null;
  if (own) throw refuse([own]);
  const refusal = employeeWriteRefusal(user, e, before ? { affiliateId: before.affiliate_id, classifications: before.types } : null);
  if (refusal) {
    if (refusal.message === EMPLOYEE_MSG.IN_HOUSE_READ_ONLY) throw forbidden(refusal.message);
    throw refuse([refusal]);
  }
  await checkPartner(client, e.affiliateId);
  const divisionId = await divisionIdOf(client, e.branch);
  await checkEmployeeNumber(client, e, before?.id ?? null);

  const values = contactValues(e, typesAfter(e, before), divisionId);
  let id: string;
  if (before) {
    id = before.id;
    const sets = CONTACT_COLUMNS.split(',').map((c, i) => `${c.trim()} = $${i + 2}`);
    await client.query(
      `update contacts set ${sets.join(', ')}, mod_count = mod_count + 1, updated_at = now() where id = $1`,
      [id, ...values],
    );
  } else {
    const marks = values.map((_, i) => `$${i + 1}`);
    const { rows } = await client.query<{ id: string }>(`insert into contacts (${CONTACT_COLUMNS}) values (${marks.join(', ')}) returning id`, values);
    id = rows[0].id;
  }
  const phones = e.phones.map((p) => ({ ...p, phoneNumberWithAreaCode: phoneToStore(p.phoneNumberWithAreaCode) ?? p.phoneNumberWithAreaCode }));
  await writeEmployeePhones(client, id, phones);
  await writeEmployeeEmail(client, id, e.email);
  await writeEmployeeAddress(client, id, e.address, before?.address ?? null);

  const after = await findEmployee(client, user, id);
  if (!after) throw new Error(`saved employee ${id} is not in the saver's scope`);
  const presented = presentEmployee(after);
  await writeAudit(client, {
    ...auditActor(req),
    activityType: 'employee-save',
    table: 'contacts',
    recordId: id,
    before: before ? presentEmployee(before) : undefined,
    after: presented,
  });
  return presented;
}

/**
 * Soft delete: the employee stays for the trips and history that name them, leaves the
 * lists and driver pickers, and every session they have ends.
 */
export async function deleteEmployee(deps: AppDeps, req: FastifyRequest, user: SessionUser, q: { id: string; modCount: number }): Promise<Employee> {
  return inTransaction(deps.pool, async (client) => {
    const before = await findEmployee(client, user, q.id, true);
    if (!before || before.deleted) throw notFound();
    if (before.id === user.id) throw badRequest(EMPLOYEE_MSG.DELETE_SELF);
    if (before.mod_count !== q.modCount) throw conflict(EMPLOYEE_MSG.STALE, presentEmployee(before));
    const refusal = employeeWriteRefusal(user, { affiliateId: before.affiliate_id, classifications: [] }, { affiliateId: before.affiliate_id, classifications: before.types });
    if (refusal) throw forbidden(refusal.message);
    await client.query('update contacts set deleted = true, mod_count = mod_count + 1, updated_at = now() where id = $1', [before.id]);
    await client.query('delete from sessions where contact_id = $1', [before.id]);
    const after = await findEmployee(client, user, before.id);
    const presented = presentEmployee(after!);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'employee-delete',
      table: 'contacts',
      recordId: before.id,
      before: presentEmployee(before),
      after: presented,
    });
    return presented;
  });
}
