import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, type CurrentUser, type Employee } from '@tripline/core';
import { offeredActions } from './row-actions.ts';

const user = (over: Partial<CurrentUser>): CurrentUser => ({
  id: 'me',
  contactNumber: 1,
  name: 'Me',
  types: ['SecureEmployee'],
  ldapGroups: [],
  adminAccess: false,
  autoSchedulerPost: false,
  partnerId: null,
  partnerName: null,
  division: 'NM01',
  timeZone: 'America/Denver',
  su: null,
  ...over,
});

const employee = (over: Partial<Employee>): Employee => ({
  id: 'e1',
  contactNumber: 2,
  modCount: 0,
  name: 'Ana Ruiz',
  affiliateId: 'p1',
  affiliateName: 'Sandia Mobility',
  branch: null,
  firstName: 'Ana',
  middleInitial: null,
  lastName: 'Ruiz',
  address: { street: null, city: null, state: null, zip: null },
  email: null,
  classifications: ['AffiliateEmployee'],
  phones: [],
  employeeNumber: null,
  dlNumber: null,
  dlIssueDate: null,
  dlExpDate: null,
  dob: null,
  hiredDate: null,
  terminationDate: null,
  notes: null,
  initialCredentialDate: null,
  latestCredentialDate: null,
  availability: DEFAULT_AVAILABILITY,
  canSignIn: true,
  ldapGroups: [],
  adminAccess: false,
  mfaRequired: false,
  hasPhoto: false,
  deleted: false,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  ...over,
});

describe('what a row of the employee list offers', () => {
  it('a partner edits its own people and changes their passwords, but never logs in as them nor opens the contact register', () => {
    const partner = user({ types: ['Affiliate'], partnerId: 'p1' });
    expect(offeredActions(partner, employee({}))).toEqual({ edit: true, showContact: false, logInAs: false, changePassword: true, delete: true });
  });

  it('staff log in as a partner user, and see an in-house colleague read-only', () => {
    const staff = user({});
    expect(offeredActions(staff, employee({})).logInAs).toBe(true);
    const colleague = employee({ affiliateId: null, classifications: ['SecureEmployee'], ldapGroups: ['Finance'] });
    expect(offeredActions(staff, colleague)).toEqual({ edit: false, showContact: true, logInAs: false, changePassword: false, delete: false });
  });

  it('nobody is offered to delete themselves', () => {
    const partner = user({ id: 'e1', types: ['Affiliate'], partnerId: 'p1' });
    expect(offeredActions(partner, employee({ id: 'e1' }))).toMatchObject({ edit: true, delete: false });
  });

  it('nobody logs in as an employee who cannot sign in or is deleted', () => {
    const admin = user({ adminAccess: true });
    expect(offeredActions(admin, employee({ canSignIn: false })).logInAs).toBe(false);
    expect(offeredActions(admin, employee({ deleted: true }))).toMatchObject({ logInAs: false, edit: false, delete: false });
  });
});
