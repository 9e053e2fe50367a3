import { describe, expect, it } from 'vitest';
import { codeState, MFA_CODE_WINDOW_MS, MFA_MSG, minutesUntil, nextCodeAllowedAt } from './mfa.ts';

const now = new Date('2026-03-02T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('nextCodeAllowedAt (3 codes per 15 minutes)', () => {
  it('allows a code while fewer than 3 were sent in the window', () => {
    expect(nextCodeAllowedAt([], now)).toBeNull();
    expect(nextCodeAllowedAt([ago(1 * MIN), ago(2 * MIN)], now)).toBeNull();
  });
  it('refuses the fourth until the oldest counted send leaves the window', () => {
    const sent = [ago(1 * MIN), ago(5 * MIN), ago(10 * MIN)];
    expect(nextCodeAllowedAt(sent, now)).toEqual(new Date(now.getTime() + 5 * MIN));
  });
  it('stops counting a send exactly 15 minutes old', () => {
    expect(nextCodeAllowedAt([ago(1 * MIN), ago(2 * MIN), ago(MFA_CODE_WINDOW_MS)], now)).toBeNull();
    expect(nextCodeAllowedAt([ago(1 * MIN), ago(2 * MIN), ago(MFA_CODE_WINDOW_MS - 1)], now)).toEqual(new Date(now.getTime() + 1));
  });
  it('waits for the third newest send when more were sent', () => {
    const sent = [ago(14 * MIN), ago(1 * MIN), ago(2 * MIN), ago(3 * MIN)];
    expect(nextCodeAllowedAt(sent, now)).toEqual(new Date(now.getTime() + 12 * MIN));
  });
});

describe('minutesUntil', () => {
  it('rounds up and is at least 1', () => {
    expect(minutesUntil(new Date(now.getTime() + 1), now)).toBe(1);
    expect(minutesUntil(now, now)).toBe(1);
    expect(minutesUntil(new Date(now.getTime() + 60_000), now)).toBe(1);
    expect(minutesUntil(new Date(now.getTime() + 60_001), now)).toBe(2);
    expect(minutesUntil(new Date(now.getTime() + 15 * MIN), now)).toBe(15);
  });
  it('words the refusal', () => {
    expect(MFA_MSG.TOO_MANY_CODES(1)).toBe('Too many sign-in codes were requested. Try again in 1 minute.');
    expect(MFA_MSG.TOO_MANY_CODES(12)).toBe('Too many sign-in codes were requested. Try again in 12 minutes.');
  });
});

describe('codeState', () => {
  const expiresAt = new Date(now.getTime() + 1);
  it('has no code before one is sent', () => {
    expect(codeState({ hasCode: false, expiresAt: null, attempts: 0 }, now)).toBe('none');
  });
  it('expires at its expiry time', () => {
    expect(codeState({ hasCode: true, expiresAt, attempts: 0 }, now)).toBe('open');
    expect(codeState({ hasCode: true, expiresAt: now, attempts: 0 }, now)).toBe('expired');
  });
  it('is spent after 5 tries', () => {
    expect(codeState({ hasCode: true, expiresAt, attempts: 4 }, now)).toBe('open');
    expect(codeState({ hasCode: true, expiresAt, attempts: 5 }, now)).toBe('spent');
  });
});
