import { describe, expect, it } from 'vitest';
import { bodyOf, draftErrors, newDraft } from './form.ts';

const partner = { id: 'me', types: ['Affiliate'], ldapGroups: [], adminAccess: false, partnerId: 'p1' };
const staff = { id: 'me', types: ['SecureEmployee'], ldapGroups: [], adminAccess: false, partnerId: null };

describe('employee form', () => {
  it('a new driver starts with the default week and the partner as company', () => {
    const d = newDraft('p1');
    expect(d.classifications).toEqual(['Driver']);
    expect(d.availability.find((x) => x.day === 'Mon')).toEqual({ day: 'Mon', start: '09:00', end: '17:00' });
    expect(bodyOf(d, null)).toMatchObject({ affiliateId: 'p1', email: null, branch: null });
  });

  it('names the empty name fields', () => {
    expect(draftErrors(newDraft('p1'), partner, null)).toMatchObject({ firstName: 'Enter the first name' });
  });

  it("shows the spec's text for a Driver without a provider", () => {
    const d = { ...newDraft(null), firstName: 'Ana', lastName: 'Ruiz' };
    expect(draftErrors(d, staff, null)).toEqual({ affiliateId: 'Driver type must have a provider specified' });
  });

  it('refuses two main phones and a bad ZIP under their fields', () => {
    const d = {
      ...newDraft('p1'),
      firstName: 'Ana',
      lastName: 'Ruiz',
      zip: '871',
      phones: [
        { phoneNumberWithAreaCode: '5055550101', main: true, smsEnabled: false },
        { phoneNumberWithAreaCode: '5055550102', main: true, smsEnabled: false },
      ],
    };
    expect(draftErrors(d, partner, null)).toEqual({ zip: 'A ZIP code is 5 digits' });
    expect(draftErrors({ ...d, zip: '87102' }, partner, null)).toEqual({ phones: 'Only one phone can be main' });
  });

  it('a partner is told it cannot give a staff classification', () => {
    const d = { ...newDraft('p1'), firstName: 'Ana', lastName: 'Ruiz', classifications: ['SecureEmployee'] };
    expect(draftErrors(d, partner, null)).toEqual({ classifications: 'You may not give an employee the classification SecureEmployee' });
  });
});
