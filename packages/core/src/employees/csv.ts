import { parseDateInput } from '../time/date-input.ts';
import { EMPLOYEE_CLASSIFICATIONS, EmployeeInput, type EmployeeFields } from './model.ts';
import { withOneMainPhone } from '../contacts/phones.ts';
import { EMPLOYEE_MSG, employeeProblems } from './rules.ts';

/**
 * The employee list's CSV columns, in order: the download writes them and an import reads them
 * (an import may leave any out but firstName and lastName, in any order; case and spaces in the
 * header do not matter).
 */
export const EMPLOYEE_CSV_COLUMNS = [
  'employeeNumber',
  'firstName',
  'middleInitial',
  'lastName',
  'classifications',
  'partner',
  'branch',
  'phone',
  'email',
  'street',
  'city',
  'state',
  'zip',
  'dlNumber',
  'dlIssueDate',
  'dlExpDate',
  'dob',
  'hiredDate',
  'terminationDate',
  'initialCredentialDate',
  'latestCredentialDate',
  'notes',
] as const;
export type EmployeeCsvColumn = (typeof EMPLOYEE_CSV_COLUMNS)[number];

const DATE_COLUMNS = ['dlIssueDate', 'dlExpDate', 'dob', 'hiredDate', 'terminationDate', 'initialCredentialDate', 'latestCredentialDate'] as const;

/** Import rows beyond this are refused: a company's staff list, not a data dump. */
export const EMPLOYEE_IMPORT_MAX_ROWS = 2000;

/** One row of an import as the preview shows it. */
export interface EmployeeImportRow {
  /** The row's line in the file (the header is line 1). */
  rowNumber: number;
  /** The employee it would save (null when the row cannot be read at all). */
  employee: EmployeeFields | null;
  /** Why the row cannot be imported; an empty list means it will be. */
  warnings: string[];
}

const key = (header: string) => header.replace(/[\s_-]/g, '').toLowerCase();
const COLUMN_BY_KEY = new Map<string, EmployeeCsvColumn>(EMPLOYEE_CSV_COLUMNS.map((c) => [key(c), c]));

/** Which column each header cell names (null for a column the import does not read). */
export function importColumns(header: readonly string[]): (EmployeeCsvColumn | null)[] {
  return header.map((h) => COLUMN_BY_KEY.get(key(h)) ?? null);
}

/** What is wrong with a header as a whole, or null. */
export function importHeaderProblem(header: readonly string[]): string | null {
  const cols = importColumns(header);
  return cols.includes('firstName') && cols.includes('lastName') ? null : EMPLOYEE_MSG.IMPORT_NO_NAME_COLUMNS;
}

/** Classifications written in one cell, separated by ';', ',' or '|'; unknown ones are reported. */
function readClassifications(cell: string): { values: string[]; unknown: string[] } {
  const words = cell.split(/[;,|]/).map((w) => w.trim()).filter(Boolean);
  const known = new Map<string, string>(EMPLOYEE_CLASSIFICATIONS.map((c) => [c.toLowerCase(), c]));
  const values: string[] = [];
  const unknown: string[] = [];
  for (const w of words) {
    const c = known.get(w.toLowerCase());
    if (c) values.push(c);
    else unknown.push(w);
  }
  return { values: values.length ? [...new Set(values)] : ['Driver'], unknown };
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/**
 * Reads one data row into an employee of the given company (spec 3 §7 employee import): dates in
 * any accepted format (DECISIONS 2), classifications Driver when left empty, one main phone.
 * Every problem of the row is a warning; the row is imported only without any.
 */
export function readImportRow(header: readonly string[], cells: readonly string[], rowNumber: number, affiliateId: string | null, today: string): EmployeeImportRow {
  const cols = importColumns(header);
  const cell = (name: EmployeeCsvColumn) => blank(cells[cols.indexOf(name)]);
  const warnings: string[] = [];
  const dates: Record<string, string | null> = {};
  for (const c of DATE_COLUMNS) {
    const raw = cols.includes(c) ? cell(c) : null;
    const iso = raw === null ? null : parseDateInput(raw, today);
    if (raw !== null && iso === null) warnings.push(`${c}: '${raw}' is not a date`);
    dates[c] = iso;
  }
  const classes = readClassifications(cell('classifications') ?? '');
  for (const u of classes.unknown) warnings.push(`classifications: '${u}' is not a classification`);
  const phone = cell('phone');
  const candidate = {
    affiliateId,
    branch: cell('branch'),
    firstName: cell('firstName') ?? '',
    middleInitial: cell('middleInitial'),
    lastName: cell('lastName') ?? '',
    address: { street: cell('street'), city: cell('city'), state: cell('state'), zip: cell('zip') },
    email: cell('email'),
    classifications: classes.values,
    phones: withOneMainPhone(phone ? [{ phoneNumberWithAreaCode: phone, main: false, smsEnabled: false }] : []),
    employeeNumber: cell('employeeNumber'),
    dlNumber: cell('dlNumber'),
    notes: cell('notes'),
    ...dates,
  };
  const parsed = EmployeeInput.safeParse(candidate);
  if (!parsed.success) {
    for (const i of parsed.error.issues) warnings.push(i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message);
    return { rowNumber, employee: null, warnings };
  }
  for (const p of employeeProblems(parsed.data)) warnings.push(p.message);
  return { rowNumber, employee: parsed.data, warnings };
}

/** The header and rows of the employee list's CSV download. */
export function employeeCsvRecord(e: {
  employeeNumber: string | null;
  firstName: string | null;
  middleInitial: string | null;
  lastName: string | null;
  classifications: readonly string[];
  affiliateName: string | null;
  branch: string | null;
  phones: readonly { phoneNumberWithAreaCode: string; main: boolean }[];
  email: string | null;
  address: { street: string | null; city: string | null; state: string | null; zip: string | null };
  dlNumber: string | null;
  dlIssueDate: string | null;
  dlExpDate: string | null;
  dob: string | null;
  hiredDate: string | null;
  terminationDate: string | null;
  initialCredentialDate: string | null;
  latestCredentialDate: string | null;
  notes: string | null;
}): (string | null)[] {
  const main = e.phones.find((p) => p.main) ?? e.phones[0];
  return [
    e.employeeNumber,
    e.firstName,
    e.middleInitial,
    e.lastName,
    e.classifications.join(';'),
    e.affiliateName,
    e.branch,
    main?.phoneNumberWithAreaCode ?? null,
    e.email,
    e.address.street,
    e.address.city,
    e.address.state,
    e.address.zip,
    e.dlNumber,
    e.dlIssueDate,
    e.dlExpDate,
    e.dob,
    e.hiredDate,
    e.terminationDate,
    e.initialCredentialDate,
    e.latestCredentialDate,
    e.notes,
  ];
}
