import { describe, expect, it } from 'vitest';
import { isPortalAccount, portalSignInLanding } from './landing.ts';
import { PORTAL_ACCOUNT_MSG } from './texts.ts';

const user = (types: string[], extra: { ldapGroups?: string[]; adminAccess?: boolean; passwordChangeRequired?: boolean } = {}) => ({
  types,
  ldapGroups: extra.ldapGroups ?? [],
  adminAccess: extra.adminAccess ?? false,
  passwordChangeRequired: extra.passwordChangeRequired,
});

describe('where a portal login page sends a user', () => {
  it('sends an S/N Passenger to the passenger portal', () => {
    expect(portalSignInLanding(user(['Passenger', 'S/N Passenger']))).toEqual({ kind: 'go', to: '/passenger-portal/' });
  });

  it('sends a case manager to /admin/trips, which passes a portal case manager on to /case-manager/', () => {
    expect(portalSignInLanding(user(['Case Manager']))).toEqual({ kind: 'go', to: '/admin/trips' });
    expect(portalSignInLanding(user(['Case Manager', 'PaceStaff']))).toEqual({ kind: 'go', to: '/admin/trips' });
  });

  it('prefers the case manager portal for someone who is both', () => {
    expect(portalSignInLanding(user(['Case Manager', 'S/N Passenger']))).toEqual({ kind: 'go', to: '/admin/trips' });
  });

  it('refuses everyone else with the exact text', () => {
    const refused = { kind: 'refused', message: 'Your account does not have case manager / passenger portal access' };
    expect(portalSignInLanding(user(['Affiliate']))).toEqual(refused);
    expect(portalSignInLanding(user(['Passenger']))).toEqual(refused);
    expect(portalSignInLanding(user([], { ldapGroups: ['SecureEmployee'] }))).toEqual(refused);
    expect(portalSignInLanding(user([], { adminAccess: true }))).toEqual(refused);
    expect(PORTAL_ACCOUNT_MSG.NO_PORTAL_ACCESS).toBe(refused.message);
  });

  it('asks for a new password first when the current one is temporary, but never lets a refused user through', () => {
    expect(portalSignInLanding(user(['S/N Passenger'], { passwordChangeRequired: true }))).toEqual({ kind: 'go', to: '/edit-password' });
    expect(portalSignInLanding(user(['Affiliate'], { passwordChangeRequired: true })).kind).toBe('refused');
  });
});

describe('which accounts the portal reset and settings serve', () => {
  it('serves case managers and S/N Passengers who are not staff or partner users', () => {
    expect(isPortalAccount(user(['Case Manager']))).toBe(true);
    expect(isPortalAccount(user(['Passenger', 'S/N Passenger']))).toBe(true);
    expect(isPortalAccount(user(['Case Manager'], { ldapGroups: ['SecureEmployee'] }))).toBe(false);
    expect(isPortalAccount(user(['Case Manager'], { adminAccess: true }))).toBe(false);
    expect(isPortalAccount(user(['Affiliate', 'S/N Passenger']))).toBe(false);
    expect(isPortalAccount(user(['Passenger']))).toBe(false);
  });
});
