import { describe, expect, it } from 'vitest';
import { lateText, MARK_COLOR } from './eta-format.ts';

describe('lateText', () => {
  it('says how late or early a stop was', () => {
    expect(lateText(null)).toBe('');
    expect(lateText(0)).toBe('on time');
    expect(lateText(12)).toBe('12 min late');
    expect(lateText(-5)).toBe('5 min early');
  });
  it('colours the spec 2 §4 marks', () => expect(MARK_COLOR).toEqual({ success: 'green', warning: 'yellow', danger: 'red' }));
});
