import { describe, expect, it } from 'vitest';
import { asksWhoIsSignedIn } from './current-user.ts';

describe('asksWhoIsSignedIn', () => {
  it('does not ask on the sign-in steps, with or without a trailing slash', () => {
    for (const path of ['/login', '/login/', '/login-mfa', '/logout', '/init-user', '/passenger-portal/login', '/case-manager/login']) {
      expect(asksWhoIsSignedIn(path), path).toBe(false);
    }
  });

  it('asks everywhere else, public help pages and the bare address included', () => {
    for (const path of ['/', '/admin/trips', '/contact', '/FAQ', '/bug-report', '/login-help', '/logins']) {
      expect(asksWhoIsSignedIn(path), path).toBe(true);
    }
  });
});
