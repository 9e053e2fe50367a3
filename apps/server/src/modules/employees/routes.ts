import multipart from '@fastify/multipart';
import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { isUuid } from '../trips/repository.ts';
import { sendEmployeesCsv } from './csv.ts';
import { approveEmployeeImport, IMPORT_FORM_LIMITS, uploadEmployeeImport } from './import.ts';
import { PHOTO_FORM_LIMITS, sendPhoto, uploadPhoto } from './photo.ts';
import { employeeScope, findEmployee, listEmployees, presentEmployee } from './repository.ts';
import { deleteEmployee, saveEmployee } from './save.ts';
import { deleteShiftOverride, listPayHistory, listShiftOverrides, savePayHistory, saveShiftOverride } from './shifts.ts';

/** Employees and drivers (spec 3 §2–§3, §7): records, shift overrides, pay history, photos, imports and the CSV list. */
export function employeeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.employees, async ({ user, query }) => {
    if (query.id) {
      const one = await findEmployee(deps.pool, user, query.id);
      if (!one) throw notFound();
      return [presentEmployee(one)];
    }
    return (await listEmployees(deps.pool, user, query)).map(presentEmployee);
  });
  route(app, contract.employeeSave, ({ req, user, body }) => saveEmployee(deps, req, user, body));
  route(app, contract.employeeDelete, ({ req, user, query }) => deleteEmployee(deps, req, user, query));
  route(app, contract.employeesCsv, ({ req, reply, user, query }) => sendEmployeesCsv(deps, req, reply, user, query));

  route(app, contract.shiftOverrides, ({ user, query }) => listShiftOverrides(deps, user, query));
  route(app, contract.shiftOverrideSave, ({ req, user, body }) => saveShiftOverride(deps, req, user, body));
  route(app, contract.shiftOverrideDelete, ({ req, user, query }) => deleteShiftOverride(deps, req, user, query.id));

  route(app, contract.payHistory, ({ user, query }) => listPayHistory(deps, user, query.id));
  route(app, contract.payHistorySave, ({ req, user, body }) => savePayHistory(deps, req, user, body));

  route(app, contract.employeePhoto, ({ reply, user, query }) => sendPhoto(deps, reply, user, query.employeeId));

  route(app, contract.driversById, async ({ user, query }) => {
    const params: unknown[] = [query.driverIds.filter(isUuid)];
    const scope = employeeScope(user, params);
    const { rows } = await deps.pool.query<{ id: string; name: string; employee_number: string | null; parent_id: string; deleted: boolean }>(
      `select c.id, c.name, c.employee_number, c.parent_id, c.deleted from contacts c
        where c.id = any($1::uuid[]) and c.types @> '{Driver}' and c.parent_id is not null and ${scope}
        order by lower(c.name), c.id`,
      params,
    );
    return rows.map((r) => ({ id: r.id, name: r.name, employeeNumber: r.employee_number, partnerId: r.parent_id, deleted: r.deleted }));
  });

  // multipart is parsed for the photo and the import only; everywhere else a form body is refused
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: PHOTO_FORM_LIMITS, throwFileSizeLimit: true });
    route(uploads, contract.employeePhotoUpload, ({ req, user, query }) => uploadPhoto(deps, req, user, query.employeeId));
  });
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: IMPORT_FORM_LIMITS, throwFileSizeLimit: true });
    route(uploads, contract.employeeImportUpload, ({ req, user, query }) => uploadEmployeeImport(deps, req, user, query.providerId));
  });
  route(app, contract.employeeImportApprove, ({ req, user, body }) => approveEmployeeImport(deps, req, user, body.importId));
}
