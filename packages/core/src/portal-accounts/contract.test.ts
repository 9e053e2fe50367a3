import { describe, expect, it } from 'vitest';
import { FindMyAccountBody, ResetLinkState, SaveEmailBody, SaveEmailVerificationCodeBody, SavePhoneBody } from '../api/portal-accounts.ts';
import { CONTACT_MSG } from '../contacts/messages.ts';
import { PASSWORD_MSG } from '../passwords/rules.ts';
import { PORTAL_ACCOUNT_MSG } from './texts.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('the wizard requests (2 §7)', () => {
  it('find-my-account takes an email, a phone in the 2 §5 format and the role', () => {
    expect(FindMyAccountBody.parse({ email: ' pat@example.org ', tel: '505.555.0101', caseManager: true })).toEqual({ email: 'pat@example.org', tel: '505.555.0101', caseManager: true });
    expect(issues(FindMyAccountBody.safeParse({ email: 'pat', tel: '555-0101', caseManager: 'yes' }))).toEqual([
      ['email', CONTACT_MSG.EMAIL_FORMAT],
      ['tel', CONTACT_MSG.PHONE_FORMAT],
      ['caseManager', 'Choose whether you are a case manager or a passenger'],
    ]);
  });

  it('save-email enforces DECISIONS 3 and reports each problem on its field', () => {
    expect(issues(SaveEmailBody.safeParse({ requestToken: 't', newPassword: 'Ab1de', newPasswordVerify: 'Ab1de' }))).toEqual([['newPassword', PASSWORD_MSG.TOO_SHORT]]);
    expect(issues(SaveEmailBody.safeParse({ requestToken: 't', newPassword: 'Abcde1', newPasswordVerify: 'Abcde2' }))).toEqual([['newPasswordVerify', PASSWORD_MSG.MISMATCH]]);
    expect(issues(SaveEmailBody.safeParse({ requestToken: '', newPassword: 'Abcde1', newPasswordVerify: 'Abcde1' }))).toEqual([['requestToken', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED]]);
  });

  it('the verification takes a typed code or an email link, never half of one or both', () => {
    expect(SaveEmailVerificationCodeBody.safeParse({ requestToken: 't', code: ' 012345 ' }).success).toBe(true);
    expect(SaveEmailVerificationCodeBody.safeParse({ emailToActivate: 'pat@example.org', token: 'x' }).success).toBe(true);
    expect(issues(SaveEmailVerificationCodeBody.safeParse({ requestToken: 't', code: '12345' }))).toEqual([['code', 'Enter the 6-digit code from the email']]);
    expect(issues(SaveEmailVerificationCodeBody.safeParse({}))).toEqual([
      ['requestToken', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED],
      ['code', PORTAL_ACCOUNT_MSG.CODE_FORMAT],
    ]);
    expect(issues(SaveEmailVerificationCodeBody.safeParse({ token: 'x' }))).toEqual([['emailToActivate', CONTACT_MSG.EMAIL_FORMAT]]);
    expect(issues(SaveEmailVerificationCodeBody.safeParse({ requestToken: 't', code: '123456', token: 'x' }))).toEqual([['code', PORTAL_ACCOUNT_MSG.CODE_OR_LINK]]);
  });

  it('save-phone takes SMS or Voice', () => {
    expect(SavePhoneBody.safeParse({ requestToken: 't', phone: '(505) 555-0101 x12', phonePreference: 'Voice' }).success).toBe(true);
    expect(issues(SavePhoneBody.safeParse({ requestToken: 't', phone: '(505) 555-0101', phonePreference: 'Email' }))).toEqual([['phonePreference', 'Choose SMS or Voice']]);
  });

  it('the reset link state is a working link with its expiry, or the expired text', () => {
    expect(ResetLinkState.parse({ expired: false, expiresAt: '2026-03-04T11:00:00.000Z' })).toEqual({ expired: false, expiresAt: '2026-03-04T11:00:00.000Z' });
    expect(ResetLinkState.safeParse({ expired: true }).success).toBe(false);
  });
});
