import { describe, expect, it } from 'vitest';
import { defaultRole, emailProblem, pageStart, stepProgress, STEP_TITLES } from './steps.ts';

describe('where the portal sign-in page starts', () => {
  it('signs in, with the email of the address when it has one', () => {
    expect(pageStart(new URLSearchParams(''))).toEqual({ kind: 'signIn', email: '' });
    expect(pageStart(new URLSearchParams('email=pat%40example.com'))).toEqual({ kind: 'signIn', email: 'pat@example.com' });
  });

  it('a token alone is a password reset link (rule 187)', () => {
    expect(pageStart(new URLSearchParams('token=abc'))).toEqual({ kind: 'resetLink', token: 'abc' });
  });

  it('a token with emailToActivate confirms that address', () => {
    expect(pageStart(new URLSearchParams('emailToActivate=new%40example.com&token=abc'))).toEqual({
      kind: 'activateEmail',
      email: 'new@example.com',
      token: 'abc',
    });
  });

  it('a blank token is no link', () => {
    expect(pageStart(new URLSearchParams('token=%20&emailToActivate=a%40b.co'))).toEqual({ kind: 'signIn', email: '' });
  });
});

describe('account creation steps', () => {
  it('counts the four steps that ask something (rule 186), in order', () => {
    expect(['newAccount', 'contactInfo', 'enterVerification', 'enterPhone'].map((s) => stepProgress(s as never))).toEqual([
      'Step 1 of 4',
      'Step 2 of 4',
      'Step 3 of 4',
      'Step 4 of 4',
    ]);
  });

  it('no count on signing in, the reset steps or the last page', () => {
    for (const step of ['existingAccount', 'sendReminderEmail', 'enterNewPassword', 'accountCreationComplete'] as const) {
      expect(stepProgress(step)).toBeNull();
    }
  });

  it('every step has a heading', () => {
    expect(Object.values(STEP_TITLES).every((t) => t.length > 0)).toBe(true);
  });

  it("a new account is for the page's audience by default", () => {
    expect(defaultRole('/passenger-portal/login')).toBe('passenger');
    expect(defaultRole('/case-manager/login')).toBe('caseManager');
  });
});

describe('email addresses typed', () => {
  it('takes an address as the server does, and says what is wrong otherwise', () => {
    expect(emailProblem('pat@example.com')).toBeNull();
    expect(emailProblem(' pat@example.com ')).toBeNull();
    expect(emailProblem('pat@')).toBe('Enter an e-mail address like name@example.com');
    expect(emailProblem('')).toBe('Enter an e-mail address like name@example.com');
  });
});
