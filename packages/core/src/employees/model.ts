import { z } from 'zod';
import { IsoDate, text } from '../api/text.ts';

/** Days of an employee's week as availability lists them, Monday first (spec 3 §3: 7 days of start/end). */
export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** A time of day as the employee screens carry it: 'HH:MM', 00:00 to 23:59. */
export const ShiftTime = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM (00:00 to 23:59)');

/** One day of availability: both times for a working day, both null for a day off. */
export const AvailabilityDay = z.object({
  day: z.enum(WEEK_DAYS),
  start: ShiftTime.nullable(),
  end: ShiftTime.nullable(),
});
export type AvailabilityDay = z.infer<typeof AvailabilityDay>;

export const Availability = z.array(AvailabilityDay).length(7, 'Availability lists the 7 days of the week');
export type Availability = z.infer<typeof Availability>;

/** Who may hold a position in the company: the classifications an employee record may carry. */
export const EMPLOYEE_CLASSIFICATIONS = [
  'Driver',
  'AffiliateEmployee',
  'AffiliateAdmin',
  'Affiliate',
  'SecureEmployee',
  'Finance',
  'PartnerCredentialing',
  'PaceStaff',
] as const;
export type EmployeeClassification = (typeof EMPLOYEE_CLASSIFICATIONS)[number];

/** Classifications of a partner company's people (what a partner may give its own employees). */
export const PARTNER_CLASSIFICATIONS: readonly EmployeeClassification[] = ['Driver', 'AffiliateEmployee'];
/** Classifications of people who belong to a partner company (staff without adminAccess may manage these). */
export const AFFILIATED_CLASSIFICATIONS: readonly EmployeeClassification[] = ['Driver', 'AffiliateEmployee', 'AffiliateAdmin', 'Affiliate'];

export const EmployeePhone = z.object({
  phoneNumberWithAreaCode: text().trim().min(1, 'Enter the phone number').max(40, 'A phone number has at most 40 characters'),
  main: z.boolean().default(false),
  smsEnabled: z.boolean().default(false),
});
export type EmployeePhone = z.infer<typeof EmployeePhone>;

export const EmployeeAddress = z.object({
  street: text().trim().max(200).nullable().default(null),
  city: text().trim().max(100).nullable().default(null),
  state: text().trim().max(2, 'A state is its two-letter code').nullable().default(null),
  zip: text()
    .trim()
    .regex(/^\d{5}$/, 'A ZIP code is 5 digits')
    .nullable()
    .default(null),
});
export type EmployeeAddress = z.infer<typeof EmployeeAddress>;

const optionalDate = IsoDate.nullable().default(null);
const optionalText = (max: number) => text().trim().max(max).nullable().default(null);

/** An employee as the employee screens edit it (spec 3 §3 Employee). */
export const EmployeeInput = z.object({
  /** Absent for a new employee. */
  id: text().trim().min(1).max(36, 'Not a record id').optional(),
  /** The record's modCount when it was read (required to change an existing employee). */
  modCount: z.number().int().min(0).optional(),
  /** The partner company the employee works for; null for the operator's own (in-house) people. */
  affiliateId: text().trim().min(1).max(36, 'Not a record id').nullable().default(null),
  /** Division code (e.g. NM01). */
  branch: text().trim().max(4).nullable().default(null),
  firstName: text().trim().min(1, 'Enter the first name').max(100),
  middleInitial: text().trim().max(1, 'A middle initial is one letter').nullable().default(null),
  lastName: text().trim().min(1, 'Enter the last name').max(100),
  address: EmployeeAddress.default({ street: null, city: null, state: null, zip: null }),
  email: text().trim().max(200).pipe(z.union([z.literal(''), z.email('Enter a valid email address')])).nullable().default(null),
  classifications: z.array(z.enum(EMPLOYEE_CLASSIFICATIONS)).min(1, 'Choose at least one classification').max(EMPLOYEE_CLASSIFICATIONS.length),
  phones: z.array(EmployeePhone).max(10, 'At most 10 phone numbers').default([]),
  employeeNumber: optionalText(20),
  dlNumber: optionalText(40),
  dlIssueDate: optionalDate,
  dlExpDate: optionalDate,
  dob: optionalDate,
  hiredDate: optionalDate,
  terminationDate: optionalDate,
  notes: optionalText(4000),
  initialCredentialDate: optionalDate,
  latestCredentialDate: optionalDate,
  /** Missing: Monday to Friday 09:00–17:00 (spec 3 §5). */
  availability: Availability.nullable().default(null),
});
export type EmployeeInput = z.input<typeof EmployeeInput>;
export type EmployeeFields = z.output<typeof EmployeeInput>;

/** An employee as the server answers it. */
export const Employee = z.object({
  id: text(),
  contactNumber: z.number().int(),
  modCount: z.number().int(),
  name: text(),
  affiliateId: text().nullable(),
  affiliateName: text().nullable(),
  branch: text().nullable(),
  firstName: text().nullable(),
  middleInitial: text().nullable(),
  lastName: text().nullable(),
  address: z.object({ street: text().nullable(), city: text().nullable(), state: text().nullable(), zip: text().nullable() }),
  email: text().nullable(),
  classifications: z.array(text()),
  phones: z.array(z.object({ phoneNumberWithAreaCode: text(), main: z.boolean(), smsEnabled: z.boolean() })),
  employeeNumber: text().nullable(),
  dlNumber: text().nullable(),
  dlIssueDate: text().nullable(),
  dlExpDate: text().nullable(),
  dob: text().nullable(),
  hiredDate: text().nullable(),
  terminationDate: text().nullable(),
  notes: text().nullable(),
  initialCredentialDate: text().nullable(),
  latestCredentialDate: text().nullable(),
  availability: Availability,
  /** The employee signs in (has a username): "Change password" and "Log in as" apply. */
  canSignIn: z.boolean(),
  /** What 'Log in as' needs to know (core suRefusal): the directory groups, adminAccess and a sign-in code. */
  ldapGroups: z.array(text()),
  adminAccess: z.boolean(),
  mfaRequired: z.boolean(),
  hasPhoto: z.boolean(),
  deleted: z.boolean(),
  created: text(),
  modified: text(),
});
export type Employee = z.infer<typeof Employee>;

/** Shift override (spec 3 §3): the employee works `start`–`end` on `date` instead of the usual day; both null = off that day. */
export const ShiftOverride = z.object({
  id: text(),
  employeeId: text(),
  date: text(),
  start: text().nullable(),
  end: text().nullable(),
  created: text(),
});
export type ShiftOverride = z.infer<typeof ShiftOverride>;

/** A day an employee worked (spec 3 §3 pay history: one per dateWorked). */
export const PayHistoryEntry = z.object({
  id: text(),
  employeeId: text(),
  dateWorked: text(),
  hoursWorked: z.number().nullable(),
  amount: z.number().nullable(),
  notes: text().nullable(),
  modified: text(),
});
export type PayHistoryEntry = z.infer<typeof PayHistoryEntry>;
