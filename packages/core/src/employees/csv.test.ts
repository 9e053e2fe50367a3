import { describe, expect, it } from 'vitest';
import { EMPLOYEE_CSV_COLUMNS, employeeCsvRecord, importHeaderProblem, readImportRow } from './csv.ts';

const TODAY = '2026-11-22';
const header = ['First Name', 'last_name', 'Employee Number', 'Hired Date', 'Classifications', 'Phone', 'Shoe size'];

describe('employee import rows (spec 3 §7)', () => {
  it('reads headers in any case or spacing and needs the name columns', () => {
    expect(importHeaderProblem(header)).toBeNull();
    expect(importHeaderProblem(['firstName', 'employeeNumber'])).toBe('The file needs firstName and lastName columns');
  });

  it('reads a row with a typed date, Driver by default and the phone as main', () => {
    const row = readImportRow(header, ['Ana', 'Ruiz', 'E7', '3/4/2025', '', '505 555 0100', '9'], 2, 'p1', TODAY);
    expect(row.warnings).toEqual([]);
    expect(row.employee).toMatchObject({
      firstName: 'Ana',
      lastName: 'Ruiz',
      employeeNumber: 'E7',
      hiredDate: '2025-03-04',
      classifications: ['Driver'],
      affiliateId: 'p1',
      phones: [{ phoneNumberWithAreaCode: '505 555 0100', main: true, smsEnabled: false }],
    });
  });

  it('warns of a bad date, an unknown classification and a missing name', () => {
    const row = readImportRow(header, ['Ana', 'Ruiz', 'E7', '13/40/2025', 'Driver;Pilot', '', ''], 3, 'p1', TODAY);
    expect(row.warnings).toEqual(["hiredDate: '13/40/2025' is not a date", "classifications: 'Pilot' is not a classification"]);
    const nameless = readImportRow(header, ['', 'Ruiz', 'E8', '', '', '', ''], 4, 'p1', TODAY);
    expect(nameless.employee).toBeNull();
    expect(nameless.warnings).toEqual(['firstName: Enter the first name']);
  });

  it('applies the employee rules: a Driver without a partner is refused', () => {
    const row = readImportRow(header, ['Ana', 'Ruiz', 'E7', '', 'Driver', '', ''], 2, null, TODAY);
    expect(row.warnings).toEqual(['Driver type must have a provider specified']);
  });
});

describe('employee CSV download', () => {
  it('writes one cell per column with the main phone', () => {
    const cells = employeeCsvRecord({
      employeeNumber: 'E7',
      firstName: 'Ana',
      middleInitial: null,
      lastName: 'Ruiz',
      classifications: ['Driver', 'AffiliateEmployee'],
      affiliateName: 'Sandia Mobility',
      branch: 'NM01',
      phones: [
        { phoneNumberWithAreaCode: '1', main: false },
        { phoneNumberWithAreaCode: '2', main: true },
      ],
      email: null,
      address: { street: null, city: 'Albuquerque', state: 'NM', zip: '87102' },
      dlNumber: null,
      dlIssueDate: null,
      dlExpDate: null,
      dob: null,
      hiredDate: '2025-03-04',
      terminationDate: null,
      initialCredentialDate: null,
      latestCredentialDate: null,
      notes: null,
    });
    expect(cells).toHaveLength(EMPLOYEE_CSV_COLUMNS.length);
    expect(cells[EMPLOYEE_CSV_COLUMNS.indexOf('classifications')]).toBe('Driver;AffiliateEmployee');
    expect(cells[EMPLOYEE_CSV_COLUMNS.indexOf('phone')]).toBe('2');
    expect(cells[EMPLOYEE_CSV_COLUMNS.indexOf('hiredDate')]).toBe('2025-03-04');
  });
});
