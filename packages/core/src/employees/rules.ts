import { isStaff, type AccessSubject } from '../auth/roles.ts';
import { CONTACT_MSG } from '../contacts/messages.ts';
import { mainPhoneCount, phoneProblem } from '../contacts/phones.ts';
import {
  AFFILIATED_CLASSIFICATIONS,
  PARTNER_CLASSIFICATIONS,
  WEEK_DAYS,
  type Availability,
  type EmployeeFields,
  type EmployeePhone,
} from './model.ts';

/** The employee screens' texts (spec 3 §5, §8). */
export const EMPLOYEE_MSG = {
  DRIVER_NEEDS_PROVIDER: 'Driver type must have a provider specified',
  ONE_MAIN_PHONE: CONTACT_MSG.ONE_MAIN_PHONE,
  NO_CONTACT_WITH_EMPLOYEE_ID: 'There is no contact with employeeId',
  UNABLE_TO_SHOW: (entity: string) => `Unable to show details for ${entity}`,
  SHIFT_NEEDS_DATE: 'Unable to set shift without an explicit service date',
  SHIFT_BOTH_TIMES: 'Give both a start and an end time, or neither for a day off',
  SHIFT_END_AFTER_START: 'The shift must end after it starts',
  AVAILABILITY_END_AFTER_START: (day: string) => `${day}: the shift must end after it starts`,
  AVAILABILITY_BOTH_TIMES: (day: string) => `${day}: give both a start and an end time, or neither for a day off`,
  PHOTO_SAVE_FAILED: (message: string) => `Employee saved, but the photo could not be uploaded: ${message}`,
  PHOTO_TOO_LARGE: 'A photo may be at most 5 MB',
  PHOTO_NOT_IMAGE: 'A photo must be a JPEG, PNG, GIF or WebP image',
  PHOTO_REQUIRED: 'Choose a photo to upload',
  NOT_A_PARTNER: 'Choose a partner company for the employee',
  PARTNER_OWN_ONLY: 'A partner manages only its own company’s employees',
  CLASSIFICATION_NOT_ALLOWED: (c: string) => `You may not give an employee the classification ${c}`,
  IN_HOUSE_READ_ONLY: 'In-house employees can be changed only by an administrator',
  EMPLOYEE_NUMBER_TAKEN: (n: string) => `Employee number ${n} is already used by another employee`,
  DL_DATES: 'The licence expiry date must be after its issue date',
  TERMINATION_BEFORE_HIRE: 'The termination date cannot be before the hired date',
  PAY_DATE_REQUIRED: 'Enter the date worked',
  OWN_CLASSIFICATION: (c: string) => `You cannot take the classification ${c} from yourself: you would lose your own access`,
  DELETE_SELF: 'You cannot delete yourself',
  STALE: 'This employee was changed by someone else since you opened it. Your changes were not saved: reopen it to see the current values.',
  MOD_COUNT_REQUIRED: 'modCount is required to change an employee',
  NO_DIVISION: (code: string) => `There is no division ${code}`,
  IMPORT_FILE_TYPE: 'Upload is of the wrong type',
  IMPORT_EMPTY: 'The file has no employee rows',
  IMPORT_NO_NAME_COLUMNS: 'The file needs firstName and lastName columns',
  IMPORT_NOTHING_VALID: 'No row of the import is valid: fix the file and upload it again',
  IMPORT_DONE: 'The import has already been approved',
  SAVED: 'Employee saved',
  DELETED: 'Employee deleted',
} as const;

/** spec 3 §5: availability when none is stored, Monday to Friday 09:00–17:00. */
export const DEFAULT_AVAILABILITY: Availability = WEEK_DAYS.map((day) => {
  const working = day !== 'Sat' && day !== 'Sun';
  return { day, start: working ? '09:00' : null, end: working ? '17:00' : null };
});

/** The availability to use: the stored one, else the default week (spec 3 §5). */
export function availabilityOrDefault(stored: Availability | null | undefined): Availability {
  return stored && stored.length === 7 ? stored : DEFAULT_AVAILABILITY.map((d) => ({ ...d }));
}

/** What is wrong with a week of availability, or null. */
export function availabilityProblem(week: Availability): string | null {
  for (const d of week) {
    if ((d.start === null) !== (d.end === null)) return EMPLOYEE_MSG.AVAILABILITY_BOTH_TIMES(d.day);
    if (d.start !== null && d.end !== null && d.end <= d.start) return EMPLOYEE_MSG.AVAILABILITY_END_AFTER_START(d.day);
  }
  const days = week.map((d) => d.day);
  if (new Set(days).size !== 7) return 'Availability lists each day of the week once';
  return null;
}

/** spec 2 §5, 3 §5: only one phone can be main (the contacts' rule). */
export function mainPhoneProblem(phones: readonly Pick<EmployeePhone, 'main'>[]): string | null {
  return mainPhoneCount(phones) > 1 ? EMPLOYEE_MSG.ONE_MAIN_PHONE : null;
}

/** One problem of an employee record, with the field it belongs to. */
export interface EmployeeProblem {
  path: string;
  message: string;
}

/**
 * Problems of an employee's own fields (no access question): a Driver needs a provider (spec 3 §5),
 * one main phone, a working week that makes sense, and dates in order.
 */
export function employeeProblems(e: Pick<EmployeeFields, 'classifications' | 'affiliateId' | 'phones' | 'availability' | 'dlIssueDate' | 'dlExpDate' | 'hiredDate' | 'terminationDate'>): EmployeeProblem[] {
  const out: EmployeeProblem[] = [];
  if (e.classifications.includes('Driver') && !e.affiliateId) out.push({ path: 'affiliateId', message: EMPLOYEE_MSG.DRIVER_NEEDS_PROVIDER });
  e.phones.forEach((p, i) => {
    const problem = phoneProblem(p.phoneNumberWithAreaCode);
    if (problem) out.push({ path: `phones.${i}.phoneNumberWithAreaCode`, message: problem });
  });
  const phone = mainPhoneProblem(e.phones);
  if (phone) out.push({ path: 'phones', message: phone });
  const week = e.availability ? availabilityProblem(e.availability) : null;
  if (week) out.push({ path: 'availability', message: week });
  if (e.dlIssueDate && e.dlExpDate && e.dlExpDate <= e.dlIssueDate) out.push({ path: 'dlExpDate', message: EMPLOYEE_MSG.DL_DATES });
  if (e.hiredDate && e.terminationDate && e.terminationDate < e.hiredDate) {
    out.push({ path: 'terminationDate', message: EMPLOYEE_MSG.TERMINATION_BEFORE_HIRE });
  }
  return out;
}

/** The signed-in user as the employee rules see them. */
export interface EmployeeActor extends AccessSubject {
  /** The partner company of a partner's user, else null. */
  partnerId: string | null;
}

/** Whether an employee belongs to a partner company (else it is one of the operator's in-house people). */
export interface EmployeeBelonging {
  affiliateId: string | null;
}

/**
 * Whether the user may change this employee (spec 3 §6, rules 75 and 77): a partner only its own
 * company's employees; staff any partner's employee; the operator's in-house employees only with
 * adminAccess.
 */
export function mayEditEmployee(user: EmployeeActor, employee: EmployeeBelonging): boolean {
  if (user.adminAccess) return true;
  if (isStaff(user)) return employee.affiliateId !== null;
  return user.partnerId !== null && employee.affiliateId === user.partnerId;
}

/** The classifications this user may give an employee of the given company. */
export function classificationsAllowed(user: EmployeeActor): readonly string[] | 'all' {
  if (user.adminAccess) return 'all';
  if (isStaff(user)) return AFFILIATED_CLASSIFICATIONS;
  return PARTNER_CLASSIFICATIONS;
}

/**
 * Why this user may not save the employee as given (before and after the change), or null: rule 75
 * (a partner writes only its own company), rule 77 (in-house read-only without adminAccess) and the
 * classifications each may give.
 */
export function employeeWriteRefusal(
  user: EmployeeActor,
  next: Pick<EmployeeFields, 'affiliateId' | 'classifications'>,
  before: (EmployeeBelonging & { classifications: readonly string[] }) | null,
): EmployeeProblem | null {
  if (!isStaff(user) && !user.adminAccess && next.affiliateId !== user.partnerId) {
    return { path: 'affiliateId', message: EMPLOYEE_MSG.PARTNER_OWN_ONLY };
  }
  if (!mayEditEmployee(user, next) || (before && !mayEditEmployee(user, before))) {
    return { path: 'affiliateId', message: EMPLOYEE_MSG.IN_HOUSE_READ_ONLY };
  }
  const allowed = classificationsAllowed(user);
  if (allowed !== 'all') {
    const kept = new Set(before?.classifications ?? []);
    const added = next.classifications.find((c) => !allowed.includes(c) && !kept.has(c));
    if (added) return { path: 'classifications', message: EMPLOYEE_MSG.CLASSIFICATION_NOT_ALLOWED(added) };
  }
  return null;
}

/**
 * Saving one's own record: a classification that gives the user their access stays, so nobody
 * locks themselves out by accident (someone else with the right may still change it).
 */
export function ownRecordProblem(userTypes: readonly string[], before: readonly string[], next: readonly string[]): EmployeeProblem | null {
  const taken = before.find((c) => userTypes.includes(c) && !next.includes(c));
  return taken ? { path: 'classifications', message: EMPLOYEE_MSG.OWN_CLASSIFICATION(taken) } : null;
}

/** What is wrong with a shift override, or null (spec 3 §8: it needs its date). */
export function shiftOverrideProblem(o: { date: string | null | undefined; start: string | null; end: string | null }): EmployeeProblem | null {
  if (!o.date) return { path: 'date', message: EMPLOYEE_MSG.SHIFT_NEEDS_DATE };
  if ((o.start === null) !== (o.end === null)) return { path: o.start === null ? 'start' : 'end', message: EMPLOYEE_MSG.SHIFT_BOTH_TIMES };
  if (o.start !== null && o.end !== null && o.end <= o.start) return { path: 'end', message: EMPLOYEE_MSG.SHIFT_END_AFTER_START };
  return null;
}

/** The employee's full name as contacts show it: first, middle initial, last. */
export function employeeName(e: Pick<EmployeeFields, 'firstName' | 'middleInitial' | 'lastName'>): string {
  return [e.firstName, e.middleInitial ? `${e.middleInitial.toUpperCase()}.` : null, e.lastName].filter(Boolean).join(' ');
}

/** Photos: images only, at most 5 MB. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The photo type a declared content type names, or null when it is not one we keep. */
export function photoTypeOf(declared: string): PhotoType | null {
  const t = declared.split(';')[0].trim().toLowerCase();
  const normal = t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t;
  return (PHOTO_TYPES as readonly string[]).includes(normal) ? (normal as PhotoType) : null;
}
