import { describe, expect, it } from 'vitest';
import { afterSignIn, decideRoute } from '../shell/navigation.ts';
import { mayCallWithPassword } from './held.ts';

describe('/edit-password is open to every signed-in role', () => {
  it.each([
    ['a partner user', ['Affiliate']],
    ['a driver', ['Driver']],
    ['a passenger', ['Passenger', 'S/N Passenger']],
    ['a case manager', ['Case Manager']],
    ['staff', ['SecureEmployee']],
  ])('%s', (_who, types) => {
    expect(decideRoute('/edit-password', '?contactId=x', { types, ldapGroups: [], adminAccess: false }).kind).toBe('render');
  });

  it('but not to someone signed out', () => {
    expect(decideRoute('/edit-password', '', null).kind).toBe('signIn');
  });
});

describe('after signing in with a temporary password', () => {
  const partner = { types: ['Affiliate'], ldapGroups: [], adminAccess: false };
  it('the user goes to /edit-password first, whatever was saved', () => {
    expect(afterSignIn('/marketplace', { ...partner, passwordChangeRequired: true })).toBe('/edit-password');
    expect(afterSignIn(null, { ...partner, passwordChangeRequired: true })).toBe('/edit-password');
  });
  it('otherwise as before', () => {
    expect(afterSignIn(null, { ...partner, passwordChangeRequired: false })).toBe('/');
  });
});

describe('while a temporary password is held', () => {
  const held = { types: ['Affiliate'], ldapGroups: [], adminAccess: false, passwordChangeRequired: true };
  it('every other page sends the user to /edit-password; public pages stay open', () => {
    expect(decideRoute('/', '', held)).toEqual({ kind: 'redirect', to: '/edit-password' });
    expect(decideRoute('/marketplace', '?date=2026-11-22', held)).toEqual({ kind: 'redirect', to: '/edit-password' });
    expect(decideRoute('/edit-password', '', held).kind).toBe('render');
    expect(decideRoute('/contact', '', held).kind).toBe('render');
    expect(decideRoute('/logout', '', held).kind).toBe('render');
  });
});

describe('with a temporary password, the portal answers', () => {
  const held = { passwordChangeRequired: true };
  it('the password page and signing out', () => {
    for (const name of ['currentUser', 'passwordEdit', 'passwordGenerator', 'logout'] as const) expect(mayCallWithPassword(held, name)).toBe(true);
  });
  it('nothing else until a new password is chosen', () => {
    expect(mayCallWithPassword(held, 'driveAssignments')).toBe(false);
    expect(mayCallWithPassword(held, 'passwordReset')).toBe(false);
    expect(mayCallWithPassword({ passwordChangeRequired: false }, 'driveAssignments')).toBe(true);
    expect(mayCallWithPassword({}, 'passwordReset')).toBe(true);
  });
});
