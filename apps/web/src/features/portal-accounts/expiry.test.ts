import { describe, expect, it } from 'vitest';
import { expiryState, minutesInWords, WARN_BEFORE_MS } from './expiry.ts';
import { codeDigits } from './steps.ts';

describe('warning before a code or link stops working', () => {
  const at = 1_000_000;

  it('says nothing while more than two minutes are left, or when nothing expires', () => {
    expect(expiryState(at + WARN_BEFORE_MS + 1, at, 'The code')).toEqual({ kind: 'fine' });
    expect(expiryState(null, at, 'The code')).toEqual({ kind: 'fine' });
  });

  it('warns from two minutes before, in whole minutes rounded up', () => {
    expect(expiryState(at + WARN_BEFORE_MS, at, 'The code')).toEqual({ kind: 'soon', text: 'The code stops working in 2 minutes.' });
    expect(expiryState(at + 61_000, at, 'This link')).toEqual({ kind: 'soon', text: 'This link stops working in 2 minutes.' });
    expect(expiryState(at + 60_000, at, 'This link')).toEqual({ kind: 'soon', text: 'This link stops working in 1 minute.' });
    expect(expiryState(at + 59_999, at, 'The code')).toEqual({ kind: 'soon', text: 'The code stops working in less than a minute.' });
  });

  it('has expired at the moment itself', () => {
    expect(expiryState(at, at, 'The code')).toEqual({ kind: 'expired' });
    expect(expiryState(at - 1, at, 'The code')).toEqual({ kind: 'expired' });
  });

  it('minutes in words', () => {
    expect(minutesInWords(0)).toBe('less than a minute');
    expect(minutesInWords(60_000)).toBe('1 minute');
    expect(minutesInWords(60_001)).toBe('2 minutes');
  });
});

describe('a pasted or typed code', () => {
  it('keeps its six digits, whatever separates them', () => {
    expect(codeDigits('123 456')).toBe('123456');
    expect(codeDigits('123-456')).toBe('123456');
    expect(codeDigits(' 1234567')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });
});
