import { describe, expect, it } from 'vitest';
import { EmployeeInput } from './model.ts';
import {
  availabilityOrDefault,
  availabilityProblem,
  DEFAULT_AVAILABILITY,
  EMPLOYEE_MSG,
  employeeName,
  employeeProblems,
  employeeWriteRefusal,
  mainPhoneProblem,
  mayEditEmployee,
  ownRecordProblem,
  photoTypeOf,
  shiftOverrideProblem,
  type EmployeeActor,
} from './rules.ts';

const partner = (partnerId: string): EmployeeActor => ({ types: ['Affiliate'], ldapGroups: [], adminAccess: false, partnerId });
const staff: EmployeeActor = { types: ['SecureEmployee'], ldapGroups: [], adminAccess: false, partnerId: null };
const admin: EmployeeActor = { types: ['SecureEmployee'], ldapGroups: [], adminAccess: true, partnerId: null };

const base = EmployeeInput.parse({ firstName: 'Ana', lastName: 'Ruiz', classifications: ['Driver'], affiliateId: 'p1' });

describe('spec 3 §5 Driver type needs a provider', () => {
  it("refuses a Driver without a partner with the spec's text", () => {
    expect(employeeProblems({ ...base, affiliateId: null })).toEqual([{ path: 'affiliateId', message: 'Driver type must have a provider specified' }]);
  });
  it('accepts a Driver with a partner, and an in-house employee who is not a driver', () => {
    expect(employeeProblems(base)).toEqual([]);
    expect(employeeProblems({ ...base, affiliateId: null, classifications: ['SecureEmployee'] })).toEqual([]);
  });
});

describe('one main phone', () => {
  const phone = (main: boolean) => ({ phoneNumberWithAreaCode: '5055550100', main, smsEnabled: false });
  it('allows none or one main phone and refuses two', () => {
    expect(mainPhoneProblem([])).toBeNull();
    expect(mainPhoneProblem([phone(true), phone(false)])).toBeNull();
    expect(mainPhoneProblem([phone(true), phone(true)])).toBe('Only one phone can be main');
    expect(employeeProblems({ ...base, phones: [phone(true), phone(true)] })[0].path).toBe('phones');
  });
  it('refuses a phone that is not (###) ###-####', () => {
    expect(employeeProblems({ ...base, phones: [{ phoneNumberWithAreaCode: '555-0100', main: true, smsEnabled: false }] })).toEqual([
      { path: 'phones.0.phoneNumberWithAreaCode', message: 'A phone number is (###) ###-#### with an optional extension' },
    ]);
  });
});

describe('spec 3 §5 default availability', () => {
  it('is Monday to Friday 09:00-17:00 when missing', () => {
    const week = availabilityOrDefault(null);
    expect(week.filter((d) => d.start === '09:00' && d.end === '17:00').map((d) => d.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(week.filter((d) => d.start === null).map((d) => d.day)).toEqual(['Sat', 'Sun']);
    expect(availabilityOrDefault(undefined)).toEqual(DEFAULT_AVAILABILITY);
  });
  it('keeps a stored week', () => {
    const stored = DEFAULT_AVAILABILITY.map((d) => ({ ...d, start: d.start && '07:00' }));
    expect(availabilityOrDefault(stored)[0].start).toBe('07:00');
  });
  it('needs both times of a working day, the end after the start', () => {
    const week = DEFAULT_AVAILABILITY.map((d) => ({ ...d }));
    week[0] = { day: 'Mon', start: '09:00', end: null };
    expect(availabilityProblem(week)).toBe('Mon: give both a start and an end time, or neither for a day off');
    week[0] = { day: 'Mon', start: '09:00', end: '09:00' };
    expect(availabilityProblem(week)).toBe('Mon: the shift must end after it starts');
    week[0] = { day: 'Mon', start: '09:00', end: '09:01' };
    expect(availabilityProblem(week)).toBeNull();
  });
});

describe('spec 3 §8 shift overrides', () => {
  it("refuses an override without a date with the spec's text", () => {
    expect(shiftOverrideProblem({ date: null, start: '08:00', end: '12:00' })?.message).toBe('Unable to set shift without an explicit service date');
    expect(shiftOverrideProblem({ date: '', start: '08:00', end: '12:00' })?.message).toBe(EMPLOYEE_MSG.SHIFT_NEEDS_DATE);
  });
  it('takes both times or none (a day off), the end after the start', () => {
    expect(shiftOverrideProblem({ date: '2026-11-23', start: null, end: null })).toBeNull();
    expect(shiftOverrideProblem({ date: '2026-11-23', start: '08:00', end: null })?.path).toBe('end');
    expect(shiftOverrideProblem({ date: '2026-11-23', start: '12:00', end: '12:00' })?.message).toBe(EMPLOYEE_MSG.SHIFT_END_AFTER_START);
    expect(shiftOverrideProblem({ date: '2026-11-23', start: '12:00', end: '12:01' })).toBeNull();
  });
});

describe('rules 75 and 77: who changes which employee', () => {
  it('a partner changes only its own company', () => {
    expect(mayEditEmployee(partner('p1'), { affiliateId: 'p1' })).toBe(true);
    expect(mayEditEmployee(partner('p1'), { affiliateId: 'p2' })).toBe(false);
    expect(mayEditEmployee(partner('p1'), { affiliateId: null })).toBe(false);
  });
  it('staff without adminAccess find in-house employees read-only; adminAccess changes all', () => {
    expect(mayEditEmployee(staff, { affiliateId: 'p2' })).toBe(true);
    expect(mayEditEmployee(staff, { affiliateId: null })).toBe(false);
    expect(mayEditEmployee(admin, { affiliateId: null })).toBe(true);
  });
  it('a partner cannot move an employee to another company nor give a staff classification', () => {
    expect(employeeWriteRefusal(partner('p1'), { affiliateId: 'p2', classifications: ['Driver'] }, null)?.message).toBe(EMPLOYEE_MSG.PARTNER_OWN_ONLY);
    expect(employeeWriteRefusal(partner('p1'), { affiliateId: 'p1', classifications: ['Driver'] }, null)).toBeNull();
    expect(employeeWriteRefusal(partner('p1'), { affiliateId: 'p1', classifications: ['SecureEmployee'] }, null)?.message).toBe(
      'You may not give an employee the classification SecureEmployee',
    );
  });
  it('staff cannot take an in-house employee to a partner, nor make one', () => {
    expect(employeeWriteRefusal(staff, { affiliateId: null, classifications: ['SecureEmployee'] }, null)?.message).toBe(EMPLOYEE_MSG.IN_HOUSE_READ_ONLY);
    expect(employeeWriteRefusal(staff, { affiliateId: 'p1', classifications: ['Driver'] }, { affiliateId: null, classifications: ['SecureEmployee'] })?.message).toBe(
      EMPLOYEE_MSG.IN_HOUSE_READ_ONLY,
    );
    expect(employeeWriteRefusal(admin, { affiliateId: null, classifications: ['SecureEmployee'] }, null)).toBeNull();
  });
  it('keeps a classification the employee already holds', () => {
    expect(employeeWriteRefusal(partner('p1'), { affiliateId: 'p1', classifications: ['Driver', 'AffiliateAdmin'] }, { affiliateId: 'p1', classifications: ['AffiliateAdmin'] })).toBeNull();
  });
});

describe('texts and small rules', () => {
  it('words the show-details and photo failures', () => {
    expect(EMPLOYEE_MSG.UNABLE_TO_SHOW('Ana Ruiz')).toBe('Unable to show details for Ana Ruiz');
    expect(EMPLOYEE_MSG.PHOTO_SAVE_FAILED('A photo may be at most 5 MB')).toBe('Employee saved, but the photo could not be uploaded: A photo may be at most 5 MB');
    expect(EMPLOYEE_MSG.NO_CONTACT_WITH_EMPLOYEE_ID).toBe('There is no contact with employeeId');
  });
  it('names an employee with the middle initial', () => {
    expect(employeeName({ firstName: 'Ana', middleInitial: 'm', lastName: 'Ruiz' })).toBe('Ana M. Ruiz');
    expect(employeeName({ firstName: 'Ana', middleInitial: null, lastName: 'Ruiz' })).toBe('Ana Ruiz');
  });
  it('takes image types only', () => {
    expect(photoTypeOf('image/jpg')).toBe('image/jpeg');
    expect(photoTypeOf('image/png; charset=binary')).toBe('image/png');
    expect(photoTypeOf('application/pdf')).toBeNull();
  });
  it('checks dates in order', () => {
    expect(employeeProblems({ ...base, dlIssueDate: '2026-01-01', dlExpDate: '2026-01-01' })[0].message).toBe(EMPLOYEE_MSG.DL_DATES);
    expect(employeeProblems({ ...base, hiredDate: '2026-01-02', terminationDate: '2026-01-01' })[0].message).toBe(EMPLOYEE_MSG.TERMINATION_BEFORE_HIRE);
    expect(employeeProblems({ ...base, hiredDate: '2026-01-02', terminationDate: '2026-01-02' })).toEqual([]);
  });
});

describe('one\'s own record', () => {
  it('keeps the classifications that give the user access', () => {
    expect(ownRecordProblem(['Affiliate'], ['Affiliate'], ['Driver'])).toEqual({
      path: 'classifications',
      message: 'You cannot take the classification Affiliate from yourself: you would lose your own access',
    });
    expect(ownRecordProblem(['Affiliate'], ['Affiliate'], ['Affiliate', 'Driver'])).toBeNull();
    expect(ownRecordProblem(['Affiliate'], ['Affiliate', 'Driver'], ['Affiliate'])).toBeNull();
  });
});
