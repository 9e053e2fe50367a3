import { describe, expect, it } from 'vitest';
import { PASSWORD_ACCESS_MSG, passwordEditDecision, passwordResetDecision, type PasswordParty } from './access.ts';

const party = (id: string, p: Partial<PasswordParty> = {}): PasswordParty => ({
  id,
  name: `Contact ${id}`,
  types: [],
  ldapGroups: [],
  adminAccess: false,
  parentId: null,
  ...p,
});

const admin = party('admin', { types: ['SecureEmployee'], adminAccess: true });
const dispatcher = party('disp', { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
const otherDispatcher = party('disp2', { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
const finance = party('fin', { types: ['SecureEmployee'], ldapGroups: ['Finance'] });
const company = party('co', { types: ['Affiliate'] });
const affAdmin = party('aa', { types: ['Affiliate', 'AffiliateAdmin'], parentId: 'co' });
const affUser = party('au', { types: ['Affiliate'], parentId: 'co' });
const driver = party('dr', { types: ['Driver'], parentId: 'co' });
const otherDriver = party('dr2', { types: ['Driver'], parentId: 'co2' });
const passenger = party('pa', { types: ['Passenger', 'S/N Passenger'] });

describe('who may change a password, and when the current one is asked for (rule 149)', () => {
  it('everyone their own, with the current password unless they have adminAccess', () => {
    expect(passwordEditDecision(passenger, passenger)).toEqual({ ok: true, currentRequired: true });
    expect(passwordEditDecision(dispatcher, dispatcher)).toEqual({ ok: true, currentRequired: true });
    expect(passwordEditDecision(admin, admin)).toEqual({ ok: true, currentRequired: false });
  });

  it('adminAccess: anyone, never asked for the current password', () => {
    for (const t of [dispatcher, finance, company, driver, passenger]) {
      expect(passwordEditDecision(admin, t)).toEqual({ ok: true, currentRequired: false });
    }
  });

  it("staff: anyone at or below their access, with the target's current password", () => {
    expect(passwordEditDecision(dispatcher, otherDispatcher)).toEqual({ ok: true, currentRequired: true });
    expect(passwordEditDecision(dispatcher, driver)).toEqual({ ok: true, currentRequired: true });
    expect(passwordEditDecision(dispatcher, finance)).toEqual({
      ok: false,
      reason: 'wider',
      message: 'You cannot change the password of Contact fin: their account holds Finance, which yours does not.',
    });
    expect(passwordEditDecision(dispatcher, admin)).toMatchObject({
      reason: 'wider',
      message: PASSWORD_ACCESS_MSG.WIDER('Contact admin', ['Admin', 'administrator access']),
    });
  });

  it("a partner's account: its own children, without the current password", () => {
    expect(passwordEditDecision(company, driver)).toEqual({ ok: true, currentRequired: false });
    expect(passwordEditDecision(company, affAdmin)).toEqual({ ok: true, currentRequired: false });
    expect(passwordEditDecision(company, otherDriver)).toMatchObject({ ok: false, reason: 'out-of-scope' });
  });

  it('an AffiliateAdmin: the other users of its company, without the current password', () => {
    expect(passwordEditDecision(affAdmin, driver)).toEqual({ ok: true, currentRequired: false });
    expect(passwordEditDecision(affAdmin, affUser)).toEqual({ ok: true, currentRequired: false });
    expect(passwordEditDecision(affAdmin, otherDriver)).toMatchObject({ ok: false, reason: 'out-of-scope' });
    // the company account is its parent, not its sibling
    expect(passwordEditDecision(affAdmin, company)).toMatchObject({ ok: false, reason: 'out-of-scope' });
  });

  it('a sibling who is not an AffiliateAdmin, a passenger or a driver: nobody else', () => {
    expect(passwordEditDecision(affUser, driver)).toMatchObject({ ok: false, reason: 'out-of-scope' });
    expect(passwordEditDecision(passenger, driver)).toMatchObject({ ok: false, reason: 'out-of-scope' });
    expect(passwordEditDecision(driver, affUser)).toMatchObject({ ok: false, reason: 'out-of-scope' });
  });

  it('a partner user holding a staff group stays out of its AffiliateAdmin’s reach', () => {
    const groupUser = party('gu', { types: ['Affiliate'], ldapGroups: ['Dispatch'], parentId: 'co' });
    expect(passwordEditDecision(affAdmin, groupUser)).toMatchObject({ ok: false, reason: 'wider' });
  });
});

describe('who may reset a password (3 §7)', () => {
  it('staff at or below their access; never their own', () => {
    expect(passwordResetDecision(dispatcher, driver)).toEqual({ ok: true, currentRequired: false });
    expect(passwordResetDecision(dispatcher, otherDispatcher)).toEqual({ ok: true, currentRequired: false });
    expect(passwordResetDecision(dispatcher, finance)).toMatchObject({ ok: false, reason: 'wider' });
    expect(passwordResetDecision(admin, finance)).toMatchObject({ ok: true });
    expect(passwordResetDecision(dispatcher, dispatcher)).toEqual({ ok: false, reason: 'self', message: PASSWORD_ACCESS_MSG.RESET_SELF });
  });

  it('an AffiliateAdmin its own users only; other partner users not at all', () => {
    expect(passwordResetDecision(affAdmin, driver)).toMatchObject({ ok: true });
    expect(passwordResetDecision(affAdmin, otherDriver)).toMatchObject({ ok: false, reason: 'out-of-scope' });
    expect(passwordResetDecision(affUser, driver)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(passwordResetDecision(company, driver)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(passwordResetDecision(passenger, driver)).toMatchObject({ ok: false, reason: 'not-allowed' });
  });
});
