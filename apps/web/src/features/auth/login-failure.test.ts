import { describe, expect, it } from 'vitest';
import { MSG } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { loginFailureText } from './login-failure.ts';

const failure = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, error: 'x', message: MSG.NO_COMMUNICATION, call: 'POST login', ...extra });

describe('loginFailureText', () => {
  it("shows the server's reason after 'Login error:'", () => {
    expect(loginFailureText(failure(401, { serverMessage: MSG.INVALID_CREDENTIALS }))).toBe(
      'Login error: The user name or password is not correct',
    );
    expect(loginFailureText(failure(429, { serverMessage: MSG.TOO_MANY_ATTEMPTS(15) }))).toBe(
      `Login error: ${MSG.TOO_MANY_ATTEMPTS(15)}`,
    );
  });

  it("falls back to 'Login failed' when the server gave no reason", () => {
    expect(loginFailureText(failure(401))).toBe('Login error: Login failed');
    expect(loginFailureText(new Error('boom'))).toBe('Login error: Login failed');
  });

  it('names an unexpected answer, an unanswered request and an old client plainly', () => {
    expect(loginFailureText(failure(200, { error: 'unexpectedResponse', message: MSG.UNEXPECTED_RESPONSE }))).toBe(
      MSG.UNEXPECTED_RESPONSE,
    );
    expect(loginFailureText(failure(-1, { message: MSG.SERVER_NOT_RESPONDING }))).toBe(MSG.LOGIN_ERROR(MSG.SERVER_NOT_RESPONDING));
    expect(loginFailureText(failure(434))).toBe(MSG.VERSION_OUT_OF_DATE);
  });
});
