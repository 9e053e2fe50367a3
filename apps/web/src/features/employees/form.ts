import {
  availabilityOrDefault,
  EmployeeInput,
  employeeProblems,
  employeeWriteRefusal,
  ownRecordProblem,
  type Availability,
  type Employee,
  type EmployeeActor,
} from '@tripline/core';

/** What the edit form holds: text fields as typed, dates as YYYY-MM-DD or ''. */
export interface EmployeeDraft {
  affiliateId: string | null;
  branch: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  classifications: string[];
  phones: { phoneNumberWithAreaCode: string; main: boolean; smsEnabled: boolean }[];
  employeeNumber: string;
  dlNumber: string;
  dlIssueDate: string;
  dlExpDate: string;
  dob: string;
  hiredDate: string;
  terminationDate: string;
  notes: string;
  initialCredentialDate: string;
  latestCredentialDate: string;
  availability: Availability;
}

const DATE_FIELDS = ['dlIssueDate', 'dlExpDate', 'dob', 'hiredDate', 'terminationDate', 'initialCredentialDate', 'latestCredentialDate'] as const;

/** A new employee: a driver of the given company (a partner's own), default availability. */
export function newDraft(affiliateId: string | null): EmployeeDraft {
  return {
    affiliateId,
    branch: '',
    firstName: '',
    middleInitial: '',
    lastName: '',
    street: '',
    city: '',
    state: '',
    zip: '',
    email: '',
    classifications: ['Driver'],
    phones: [],
    employeeNumber: '',
    dlNumber: '',
    dlIssueDate: '',
    dlExpDate: '',
    dob: '',
    hiredDate: '',
    terminationDate: '',
    notes: '',
    initialCredentialDate: '',
    latestCredentialDate: '',
    availability: availabilityOrDefault(null),
  };
}

export function draftOf(e: Employee): EmployeeDraft {
  const dates = Object.fromEntries(DATE_FIELDS.map((f) => [f, e[f] ?? ''])) as Record<(typeof DATE_FIELDS)[number], string>;
  return {
    affiliateId: e.affiliateId,
    branch: e.branch ?? '',
    firstName: e.firstName ?? '',
    middleInitial: e.middleInitial ?? '',
    lastName: e.lastName ?? '',
    street: e.address.street ?? '',
    city: e.address.city ?? '',
    state: e.address.state ?? '',
    zip: e.address.zip ?? '',
    email: e.email ?? '',
    classifications: [...e.classifications],
    phones: e.phones.map((p) => ({ ...p })),
    employeeNumber: e.employeeNumber ?? '',
    dlNumber: e.dlNumber ?? '',
    notes: e.notes ?? '',
    ...dates,
    availability: e.availability.map((d) => ({ ...d })),
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body POST employees takes: a new employee, or a change with the modCount read. */
export function bodyOf(d: EmployeeDraft, saved: Pick<Employee, 'id' | 'modCount'> | null): EmployeeInput {
  return {
    ...(saved ? { id: saved.id, modCount: saved.modCount } : {}),
    affiliateId: d.affiliateId,
    branch: orNull(d.branch),
    firstName: d.firstName.trim(),
    middleInitial: orNull(d.middleInitial),
    lastName: d.lastName.trim(),
    address: { street: orNull(d.street), city: orNull(d.city), state: orNull(d.state), zip: orNull(d.zip) },
    email: orNull(d.email),
    classifications: d.classifications as EmployeeInput['classifications'],
    phones: d.phones.filter((p) => p.phoneNumberWithAreaCode.trim() !== ''),
    employeeNumber: orNull(d.employeeNumber),
    dlNumber: orNull(d.dlNumber),
    notes: orNull(d.notes),
    ...Object.fromEntries(DATE_FIELDS.map((f) => [f, orNull(d[f])])),
    availability: d.availability,
  };
}

/**
 * The form's errors by field, checked in the browser with the server's own schema and rules (a
 * Driver needs a provider, one main phone, the dates in order, who may write which employee).
 */
export function draftErrors(d: EmployeeDraft, user: EmployeeActor & { id: string }, before: Employee | null): Record<string, string> {
  const parsed = EmployeeInput.safeParse(bodyOf(d, before));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path[0] === 'address' ? String(issue.path[1]) : issue.path.join('.');
      errors[path] ??= issue.message;
    }
    return errors;
  }
  for (const p of employeeProblems(parsed.data)) errors[p.path] ??= p.message;
  const own = before?.id === user.id ? ownRecordProblem(user.types, before.classifications, parsed.data.classifications) : null;
  if (own) errors[own.path] ??= own.message;
  const refusal = employeeWriteRefusal(user, parsed.data, before ? { affiliateId: before.affiliateId, classifications: before.classifications } : null);
  if (refusal) errors[refusal.path] ??= refusal.message;
  return errors;
}
