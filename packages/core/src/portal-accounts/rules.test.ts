import { describe, expect, it } from 'vitest';
import { accountCodeEmail, accountNotFoundEmail, resetLinkEmail } from './emails.ts';
import { accountCodeProblem, accountRequestMatch, initialWizardStep, linkWorks, nextSendAllowedAt, nextWizardStep } from './rules.ts';
import { ACCOUNT_CODE_TTL_MS, PORTAL_ACCOUNT_MSG, RESET_LINK_TTL_MS } from './texts.ts';

const at = (iso: string) => new Date(iso);

describe('the wizard steps (spec 2 §2)', () => {
  it('creates an account through newAccount, contactInfo, enterVerification, enterPhone and accountCreationComplete', () => {
    expect(nextWizardStep('existingAccount', 'createAccount')).toBe('newAccount');
    expect(nextWizardStep('newAccount', 'accountFound')).toBe('contactInfo');
    expect(nextWizardStep('contactInfo', 'emailSent')).toBe('enterVerification');
    expect(nextWizardStep('enterVerification', 'emailSent')).toBe('enterVerification');
    expect(nextWizardStep('enterVerification', 'verified')).toBe('enterPhone');
    expect(nextWizardStep('enterPhone', 'phoneSaved')).toBe('accountCreationComplete');
  });

  it('refuses a step out of order', () => {
    expect(nextWizardStep('newAccount', 'verified')).toBeNull();
    expect(nextWizardStep('contactInfo', 'phoneSaved')).toBeNull();
    expect(nextWizardStep('existingAccount', 'resetLinkValid')).toBeNull();
  });

  it('sends a reset link to enterNewPassword, or to sendReminderEmail once expired', () => {
    expect(initialWizardStep({ token: 'abc' })).toBe('enterNewPassword');
    expect(nextWizardStep('enterNewPassword', 'resetLinkExpired')).toBe('sendReminderEmail');
    expect(nextWizardStep('existingAccount', 'forgotPassword')).toBe('sendReminderEmail');
    expect(nextWizardStep('sendReminderEmail', 'back')).toBe('existingAccount');
  });

  it('opens an email link on enterVerification and a bare address on existingAccount', () => {
    expect(initialWizardStep({ token: 'abc', emailToActivate: 'a@example.com' })).toBe('enterVerification');
    expect(initialWizardStep({ emailToActivate: 'a@example.com' })).toBe('existingAccount');
    expect(initialWizardStep({})).toBe('existingAccount');
  });
});

describe('which person an account request becomes', () => {
  it('is the one match, and nobody for none or several', () => {
    expect(accountRequestMatch(['a'])).toBe('a');
    expect(accountRequestMatch([])).toBeNull();
    expect(accountRequestMatch(['a', 'b'])).toBeNull();
  });
});

describe('an emailed code: 10 minutes, 5 tries', () => {
  const sent = at('2026-03-04T10:00:00Z');
  const expiresAt = new Date(sent.getTime() + ACCOUNT_CODE_TTL_MS);
  it('is open until the last millisecond of its 10 minutes', () => {
    expect(accountCodeProblem({ expiresAt, tries: 0 }, at('2026-03-04T10:09:59.999Z'))).toBeNull();
    expect(accountCodeProblem({ expiresAt, tries: 0 }, at('2026-03-04T10:10:00Z'))).toBe(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
  });
  it('takes a fifth try after four wrong ones, and no sixth', () => {
    expect(accountCodeProblem({ expiresAt, tries: 4 }, sent)).toBeNull();
    expect(accountCodeProblem({ expiresAt, tries: 5 }, sent)).toBe('This code has expired or was tried too many times. Ask for a new email.');
  });
  it('asks for an email when none was sent', () => {
    expect(accountCodeProblem({ expiresAt: null, tries: 0 }, sent)).toBe(PORTAL_ACCOUNT_MSG.NO_CODE);
  });
});

describe('a reset or email link', () => {
  const expiresAt = new Date(at('2026-03-04T10:00:00Z').getTime() + RESET_LINK_TTL_MS);
  it('works once, for 60 minutes', () => {
    expect(linkWorks({ expiresAt, usedAt: null }, at('2026-03-04T10:59:59Z'))).toBe(true);
    expect(linkWorks({ expiresAt, usedAt: null }, at('2026-03-04T11:00:00Z'))).toBe(false);
    expect(linkWorks({ expiresAt, usedAt: at('2026-03-04T10:05:00Z') }, at('2026-03-04T10:06:00Z'))).toBe(false);
  });
  it('says it expired in the exact words of spec 2 §8', () => {
    expect(PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED).toBe('This password reset link has expired! Try again.');
  });
});

describe('how many emails the public steps send', () => {
  const now = at('2026-03-04T10:00:00Z');
  const ago = (m: number) => new Date(now.getTime() - m * 60_000);
  it('lets the fifth through and holds the sixth until the oldest counted leaves the hour', () => {
    expect(nextSendAllowedAt([ago(1), ago(2), ago(3), ago(4)], now, 5, 3_600_000)).toBeNull();
    expect(nextSendAllowedAt([ago(1), ago(2), ago(3), ago(4), ago(50)], now, 5, 3_600_000)).toEqual(ago(50 - 60));
  });
  it('forgets sends older than the window', () => {
    expect(nextSendAllowedAt([ago(61), ago(70), ago(80), ago(90), ago(100)], now, 5, 3_600_000)).toBeNull();
  });
});

describe('the emails', () => {
  it('carries the code and the link, and says how long they work', () => {
    const e = accountCodeEmail('123456', 'https://portal.example/case-manager/login?emailToActivate=a%40b.c&token=t');
    expect(e.body).toContain('123456');
    expect(e.body).toContain('token=t');
    expect(e.body).toContain('10 minutes');
  });
  it('tells someone not matched how to get access, by role', () => {
    expect(accountNotFoundEmail(true).body).toContain('add you as a case manager');
    expect(accountNotFoundEmail(false).body).toContain('put this email address and phone number on your file');
  });
  it('gives the reset link and its 60 minutes', () => {
    const e = resetLinkEmail('https://portal.example/case-manager/login?token=t', 'pat@example.com');
    expect(e.body).toContain('60 minutes');
    expect(e.body).toContain('"pat@example.com"');
  });
});
