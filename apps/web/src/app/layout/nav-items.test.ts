import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '@tripline/core';
import { isCurrent, navItemsFor } from './nav-items.ts';

const subject = (types: string[], extra: Partial<AccessSubject> = {}): AccessSubject => ({ types, ldapGroups: [], adminAccess: false, ...extra });
const labels = (user: AccessSubject) => navItemsFor(user).map((i) => i.label);

describe('navigation by role', () => {
  it('gives a partner its daily list and partner tools, not the back office', () => {
    const items = labels(subject(['Affiliate']));
    expect(items).toEqual(expect.arrayContaining(['Home', 'Marketplace', 'Vehicles', 'Employees', 'Compliance', 'Reporting', 'Messages']));
    expect(items).not.toContain('Trips');
    expect(items).not.toContain('Admin');
  });

  it('gives staff the back office but not the partner home', () => {
    const items = labels(subject(['SecureEmployee']));
    expect(items).toEqual(expect.arrayContaining(['Trips', 'Schedule', 'Contacts', 'Admin', 'Audit log', 'Messages']));
    expect(items).not.toContain('Home');
    expect(items).not.toContain('Compliance');
  });

  it('sends portal case managers to their portal instead of the trips screen', () => {
    const items = labels(subject(['Case Manager']));
    expect(items).toContain('Case manager portal');
    expect(items).not.toContain('Trips');
  });

  it('shows credentialing roles compliance and passengers their portal', () => {
    expect(labels(subject([], { ldapGroups: ['PartnerCredentialing'] }))).toEqual(
      expect.arrayContaining(['Compliance', 'Credentials', 'Messages']),
    );
    expect(labels(subject(['S/N Passenger']))).toEqual(expect.arrayContaining(['Passenger portal', 'Messages', 'FAQ']));
  });

  it('marks the current page regardless of a trailing slash', () => {
    expect(isCurrent({ to: '/case-manager/' }, '/case-manager')).toBe(true);
    expect(isCurrent({ to: '/admin' }, '/admin/trips')).toBe(false);
  });
});
