import { describe, expect, it } from 'vitest';
import { MSG } from '@tripline/core';
import { errorAction, isSignInPage } from './api-errors.ts';

const at = (status: number, message = 'Trip is locked') => ({ status, message });

describe('errorAction (spec 1 §8, 2 §8)', () => {
  it('sends a 401 or 0 to sign in, silently on the sign-in pages', () => {
    expect(errorAction(at(401), '/admin/trips')).toEqual({ kind: 'signIn' });
    expect(errorAction(at(0), '/')).toEqual({ kind: 'signIn' });
    expect(errorAction(at(401), '/login')).toEqual({ kind: 'none' });
    expect(errorAction(at(401), '/login-mfa')).toEqual({ kind: 'none' });
    expect(isSignInPage('/case-manager/login/')).toBe(true);
    expect(isSignInPage('/logistics')).toBe(false);
  });

  it('keeps the server-not-responding error until closed', () => {
    expect(errorAction(at(-1), '/')).toMatchObject({ kind: 'toast', level: 'error', message: MSG.SERVER_NOT_RESPONDING, persist: true });
  });

  it('says access is denied on 403 and goes home', () => {
    expect(errorAction(at(403), '/admin')).toMatchObject({ message: MSG.RESOURCE_DENIED, goHome: true });
  });

  it('asks for a reload on 434', () => {
    expect(errorAction(at(434), '/')).toMatchObject({ message: MSG.VERSION_OUT_OF_DATE });
  });

  it('asks to wait when a write is still running', () => {
    expect(errorAction(at(-2), '/')).toMatchObject({ level: 'warning', message: MSG.WAIT_PREVIOUS });
  });

  it('shows anything else as a generic error with a Report Bug link', () => {
    expect(errorAction(at(500, 'Database is busy'), '/')).toEqual({
      kind: 'toast',
      level: 'error',
      message: 'An error occurred: Database is busy',
      reportBug: true,
    });
    expect(errorAction(at(409, ''), '/')).toMatchObject({ message: MSG.GENERIC_ERROR(MSG.NO_COMMUNICATION) });
  });
});
