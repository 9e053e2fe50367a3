import { describe, expect, it } from 'vitest';
import { parseTimeInput } from './time-input.ts';

const v = (text: string, bounds = {}) => parseTimeInput(text, bounds);

describe('parseTimeInput (spec 1 §5)', () => {
  it.each([
    ['1430', '14:30:00'],
    ['14:30', '14:30:00'],
    ['7:05', '07:05:00'],
    ['0705', '07:05:00'],
    ['2:30 pm', '14:30:00'],
    ['2:30PM', '14:30:00'],
    ['230p', '14:30:00'],
    ['2p', '14:00:00'],
    ['12:15 am', '00:15:00'],
    ['12:15 pm', '12:15:00'],
    ['WC', '23:59:00'],
    ['wc', '23:59:00'],
  ])('%s → %s', (text, value) => expect(v(text)).toEqual({ value }));
  it.each(['', '25:00', '14:60', '13pm', 'noon', '1:2:3:4'])('refuses %j', (text) => expect('error' in v(text)).toBe(true));
  it('enforces min and max', () => {
    expect('error' in v('08:59', { min: '09:00:00' })).toBe(true);
    expect(v('09:00', { min: '09:00:00' })).toEqual({ value: '09:00:00' });
    expect('error' in v('17:01', { max: '17:00:00' })).toBe(true);
  });
  it('wraps past midnight when the minimum is after 20:00', () => {
    expect(v('1:30', { min: '21:00:00' })).toEqual({ value: '01:30:00' });
    expect('error' in v('3:30', { min: '21:00:00' })).toBe(true);
    expect('error' in v('1:30', { min: '19:00:00' })).toBe(true);
  });
});
