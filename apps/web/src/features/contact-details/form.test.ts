import { describe, expect, it } from 'vitest';
import { blankAddress, bodyOfForm, formProblems, isDirty, newContactForm, tabOfPath, tabOfShowTab } from './form.ts';

const TODAY = '2026-11-25';

describe('the contact edit form', () => {
  it('starts a Person as a Residence, service 01, S/N Passenger, and a Business with neither', () => {
    expect(newContactForm('Person')).toMatchObject({ type1: 'Person', types: ['S/N Passenger'], locationType: 'Residence', serviceType: '01' });
    expect(newContactForm('Business')).toMatchObject({ type1: 'Business', types: [], locationType: '', serviceType: '' });
  });

  it('labels the first address Home for a Person and Office for a Business', () => {
    expect(blankAddress(newContactForm('Person')).label).toBe('Home');
    expect(blankAddress(newContactForm('Business')).label).toBe('Office');
  });

  it('finds the same problems as the server, with the spec texts', () => {
    const f = { ...newContactForm('Person'), lastName: 'Montoya', types: ['S/N Passenger', 'Case Manager'] };
    expect(formProblems(f, TODAY)).toEqual([{ path: 'types', message: 'Contact cannot be both passenger and case manager' }]);
    const phones = { ...f, types: ['S/N Passenger'], phones: [{ key: 'a', phoneNumberWithAreaCode: '505', type: 'Home', smsEnabled: false, main: true }] };
    expect(formProblems(phones, TODAY)[0]?.message).toBe('A phone number is (###) ###-#### with an optional extension');
    expect(formProblems({ ...f, types: ['S/N Passenger'], dob: '13/45/1990' }, TODAY)[0]).toEqual({ path: 'dob', message: 'Enter the date of birth as MM/DD/YYYY' });
  });

  it('sends dates in any accepted form as YYYY-MM-DD and empty texts as null', () => {
    const body = bodyOfForm({ ...newContactForm('Person'), lastName: ' Montoya ', dob: '3/4/1950' }, TODAY);
    expect(body).toMatchObject({ lastName: 'Montoya', firstName: null, dob: '1950-03-04', types: ['S/N Passenger'] });
  });

  it('opens the tab showTab names, by number or name', () => {
    expect(tabOfShowTab('5')).toBe('phones');
    expect(tabOfShowTab('billing')).toBe('billing');
    expect(tabOfShowTab('99')).toBe('general');
    expect(tabOfShowTab(undefined)).toBe('general');
    expect(tabOfPath('phones.0.phoneNumberWithAreaCode')).toBe('phones');
    expect(tabOfPath('caseManagerBillTos')).toBe('billing');
  });

  it('is dirty only when a value changed', () => {
    const a = newContactForm('Person');
    expect(isDirty(a, { ...a })).toBe(false);
    expect(isDirty(a, { ...a, nickname: 'Ro' })).toBe(true);
  });
});
