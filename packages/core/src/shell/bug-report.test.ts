import { describe, expect, it } from 'vitest';
import { ANONYMOUS_MESSAGE_LIMIT, bugReportDescriptionError, pushClientError, tooManyMessages } from './bug-report.ts';

describe('bugReportDescriptionError (spec 2 §5)', () => {
  it('needs 64 characters after trimming', () => {
    expect(bugReportDescriptionError('x'.repeat(63))).toBe('You must provide more detail');
    expect(bugReportDescriptionError(`   ${'x'.repeat(63)}      `)).toBe('You must provide more detail');
    expect(bugReportDescriptionError('x'.repeat(64))).toBeNull();
  });
});

describe('pushClientError (spec 1 §9)', () => {
  it('keeps the latest 16 entries', () => {
    let log: ReturnType<typeof pushClientError> = [];
    for (let i = 0; i < 20; i++) log = pushClientError(log, { at: String(i), message: `e${i}` });
    expect(log).toHaveLength(16);
    expect(log[0].message).toBe('e4');
    expect(log[15].message).toBe('e19');
  });
});

describe('anonymous messages', () => {
  it('allow 5 an hour from one address', () => {
    expect(ANONYMOUS_MESSAGE_LIMIT).toEqual({ max: 5, windowMs: 3_600_000 });
  });

  it('say in whole minutes, rounded up and at least one, when to try again', () => {
    expect(tooManyMessages(0)).toBe('Too many messages from this address. Try again in 1 minute.');
    expect(tooManyMessages(60_000)).toBe('Too many messages from this address. Try again in 1 minute.');
    expect(tooManyMessages(60_001)).toBe('Too many messages from this address. Try again in 2 minutes.');
    expect(tooManyMessages(3_600_000)).toBe('Too many messages from this address. Try again in 60 minutes.');
  });
});
