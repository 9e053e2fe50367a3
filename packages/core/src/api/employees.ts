import { z } from 'zod';
import { Employee, EmployeeInput, PayHistoryEntry, ShiftOverride, ShiftTime } from '../employees/model.ts';
import { EMPLOYEE_MSG } from '../employees/rules.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { IsoDate, text } from './text.ts';
import { Driver } from './trips.ts';

// Employees and drivers: records, availability, shift overrides, pay history, photos and imports (spec 1 §7, 3 §2–§3, §7).

const Id = text().trim().min(1, 'Missing record id').max(36, 'Not a record id');
const access = { roles: ['Affiliate', 'SecureEmployee'] } as const;
const area = 'employees';
const flag = z.stringbool({ error: 'includeDeleted must be true or false' }).optional();

/** The list's filters (spec 3 §2: q, providerId, includeDeleted; id for one employee). */
export const EmployeesQuery = z.object({
  id: Id.optional(),
  q: text().trim().max(100, 'Search text is too long').optional(),
  providerId: Id.optional(),
  includeDeleted: flag,
});

/** An import waiting for approval: every row with its warnings. */
export const EmployeeImportPreview = z.object({
  importId: text(),
  affiliateId: text().nullable(),
  rows: z.array(
    z.object({
      rowNumber: z.number().int(),
      action: z.enum(['Create', 'Update', 'Ignore']),
      name: text().nullable(),
      employeeNumber: text().nullable(),
      warnings: z.array(text()),
    }),
  ),
});
export type EmployeeImportPreview = z.infer<typeof EmployeeImportPreview>;

export const ShiftOverrideBody = z.object({
  id: Id.optional(),
  employeeId: Id,
  /** Optional in the schema so that a missing date answers the spec's own text. */
  date: IsoDate.nullable().optional(),
  start: ShiftTime.nullable().default(null),
  end: ShiftTime.nullable().default(null),
});

export const PayHistoryBody = z.object({
  employeeId: Id,
  dateWorked: IsoDate.nullable().optional(),
  hoursWorked: z.number().min(0, 'Hours worked cannot be negative').max(24, 'A day has at most 24 hours').nullable().default(null),
  amount: z.number().min(0, 'The amount cannot be negative').max(100000, 'The amount is too large').nullable().default(null),
  notes: text().trim().max(1000).nullable().default(null),
});

export const employeeEndpoints = {
  employees: endpoint({
    method: 'GET',
    path: 'employees',
    area,
    summary:
      "Employees: a partner's own company's; staff every company's and the operator's own (q searches name, employee number and phone; providerId one company; includeDeleted shows deleted ones). With id, that one employee.",
    access,
    answers: [404],
    query: EmployeesQuery,
    response: z.array(Employee),
  }),
  employeeSave: endpoint({
    method: 'POST',
    path: 'employees',
    area,
    summary:
      "Create an employee, or change one (id and the modCount read). A partner writes only its own company's employees; without adminAccess the operator's in-house employees are read-only. A Driver needs a partner; one main phone.",
    access,
    answers: [404, 409],
    body: EmployeeInput,
    response: Employee,
  }),
  employeeDelete: endpoint({
    method: 'DELETE',
    path: 'employees',
    area,
    summary: 'Soft-delete an employee: kept for history and trips, gone from lists and driver pickers; their sessions end.',
    access,
    answers: [404, 409],
    query: z.object({ id: Id, modCount: z.coerce.number({ error: 'modCount must be a number' }).int().min(0) }),
    response: Employee,
  }),
  employeesCsv: endpoint({
    method: 'GET',
    path: 'employees-csv',
    area,
    summary: 'The employee list with the same filters, as a CSV file (the columns an import reads).',
    access,
    query: EmployeesQuery.omit({ id: true }),
    raw: true,
  }),
  shiftOverrides: endpoint({
    method: 'GET',
    path: 'employee-shift-overrides',
    area,
    summary: "An employee's shift overrides from dateFrom on (default: all), by date.",
    access,
    answers: [404],
    query: z.object({ employeeId: Id, dateFrom: IsoDate.optional() }),
    response: z.array(ShiftOverride),
  }),
  shiftOverrideSave: endpoint({
    method: 'POST',
    path: 'employee-shift-overrides',
    area,
    summary: `Set an employee's shift for one date (start and end; neither for a day off); one override per date, a second replaces the first. '${EMPLOYEE_MSG.SHIFT_NEEDS_DATE}' without a date.`,
    access,
    answers: [404],
    body: ShiftOverrideBody,
    response: ShiftOverride,
  }),
  shiftOverrideDelete: endpoint({
    method: 'DELETE',
    path: 'employee-shift-overrides',
    area,
    summary: 'Remove a shift override: the usual availability applies that day again.',
    access,
    answers: [404],
    query: z.object({ id: Id }),
    response: z.object({ id: text() }),
  }),
  employeePhotoUpload: endpoint({
    method: 'POST',
    path: 'employee-photo',
    area,
    summary: "Upload an employee's photo (multipart field 'file'; JPEG, PNG, GIF or WebP, at most 5 MB), replacing the one before.",
    access,
    answers: [400, 404, 413, 415],
    query: z.object({ employeeId: Id }),
    raw: true,
    response: z.object({ employeeId: text(), contentType: text(), size: z.number().int() }),
  }),
  employeePhoto: endpoint({
    method: 'GET',
    path: 'employee-photo',
    area,
    summary: "An employee's photo, for those who may see the employee.",
    access,
    answers: [404],
    query: z.object({ employeeId: Id }),
    raw: true,
  }),
  payHistory: endpoint({
    method: 'GET',
    path: 'pay-history',
    area,
    summary: "The days an employee worked, newest first (id: the employee's).",
    access,
    answers: [404],
    query: z.object({ id: Id }),
    response: z.array(PayHistoryEntry),
  }),
  payHistorySave: endpoint({
    method: 'POST',
    path: 'pay-history',
    area,
    summary: 'Record a day an employee worked: one entry per dateWorked (a second for the same day changes the first).',
    access,
    answers: [404],
    body: PayHistoryBody,
    response: PayHistoryEntry,
  }),
  driversById: endpoint({
    method: 'GET',
    path: 'drivers-by-id',
    area,
    summary: 'Drivers by id (driverIds: comma-separated or repeated), those the caller may see; deleted ones too, for trips that name them.',
    access,
    query: z.object({
      driverIds: z
        .union([text(), z.array(text())])
        .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
        .pipe(z.array(Id).min(1, 'Name at least one driver').max(500, 'At most 500 drivers at once')),
    }),
    response: z.array(Driver.extend({ deleted: z.boolean() })),
  }),
  employeeImportUpload: endpoint({
    method: 'POST',
    path: 'employee-import-upload',
    area,
    summary:
      "Upload a CSV of employees (multipart field 'file') for a preview: each row's action (Create, or Update of the same employee number in the company) and why a row cannot be imported. Staff name the company with providerId; partners import their own.",
    access,
    answers: [400, 404, 413, 415],
    query: z.object({ providerId: Id.optional() }),
    raw: true,
    response: EmployeeImportPreview,
  }),
  employeeImportApprove: endpoint({
    method: 'POST',
    path: 'employee-import-approve',
    area,
    summary: 'Apply a previewed import: the rows without warnings are created or updated in one transaction; an import is applied once.',
    access,
    answers: [404],
    body: z.object({ importId: Id }),
    response: z.object({ created: z.number().int(), updated: z.number().int(), ignored: z.number().int() }),
  }),
} satisfies Record<string, Endpoint>;
