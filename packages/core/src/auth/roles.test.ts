import { describe, expect, it } from 'vitest';
import { defaultLanding, isStaff, mayAccess, rolesOf, type AccessSubject } from './roles.ts';

const user = (types: string[], ldapGroups: string[] = [], extra: Partial<AccessSubject> = {}): AccessSubject => ({
  types,
  ldapGroups,
  adminAccess: false,
  ...extra,
});

describe('rolesOf', () => {
  it('unites contact types, directory groups, Admin for adminAccess, and All', () => {
    expect([...rolesOf(user(['SecureEmployee'], ['Dispatch'], { adminAccess: true }))].sort()).toEqual(
      ['Admin', 'All', 'Dispatch', 'SecureEmployee'].sort(),
    );
  });
});

describe('mayAccess', () => {
  it('lets adminAccess through every list', () => {
    expect(mayAccess(user([], [], { adminAccess: true }), ['Case Manager'])).toBe(true);
  });
  it('needs SecureEmployee when no roles are listed', () => {
    expect(mayAccess(user(['SecureEmployee']), undefined)).toBe(true);
    expect(mayAccess(user(['Affiliate']), undefined)).toBe(false);
    expect(mayAccess(user(['Affiliate']), [])).toBe(false);
  });
  it('counts directory groups as roles', () => {
    expect(mayAccess(user(['SecureEmployee'], ['PartnerCredentialing']), ['PartnerCredentialing'])).toBe(true);
    expect(mayAccess(user(['SecureEmployee']), ['PartnerCredentialing'])).toBe(false);
  });
  it('lets any user through All', () => {
    expect(mayAccess(user(['S/N Passenger']), ['All'])).toBe(true);
  });
});

describe('isStaff', () => {
  it('is SecureEmployee or adminAccess', () => {
    expect(isStaff(user(['SecureEmployee']))).toBe(true);
    expect(isStaff(user([], [], { adminAccess: true }))).toBe(true);
    expect(isStaff(user(['Affiliate', 'Case Manager']))).toBe(false);
  });
});

describe('defaultLanding (spec 1 §2, 2 §2)', () => {
  it.each([
    ['adminAccess', user(['SecureEmployee', 'Affiliate'], [], { adminAccess: true }), '/admin'],
    ['Affiliate', user(['Affiliate']), '/'],
    ['PartnerCredentialing before SecureEmployee', user(['SecureEmployee'], ['PartnerCredentialing']), '/compliance'],
    ['SecureEmployee', user(['SecureEmployee'], ['Dispatch']), '/admin/trips'],
    ['FleetManagement staff', user(['SecureEmployee'], ['FleetManagement']), '/admin/trips'],
    ['Case Manager (not PaceStaff)', user(['Case Manager']), '/case-manager/'],
    ['PaceStaff case manager', user(['Case Manager', 'PaceStaff']), '/admin/trips'],
    ['auto-scheduler POST access', user(['Facility'], [], { autoSchedulerPost: true }), '/trip-import'],
    ['passenger', user(['Passenger', 'S/N Passenger']), '/passenger-portal/'],
  ])('%s', (_name, u, landing) => {
    expect(defaultLanding(u)).toBe(landing);
  });
  it('has no page for a contact without a role', () => {
    expect(defaultLanding(user(['Driver']))).toBeNull();
    expect(defaultLanding(user(['Passenger']))).toBeNull();
  });
});
