import { describe, expect, it } from 'vitest';
import { bugReportDescriptionError, pushClientError } from './bug-report.ts';

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
