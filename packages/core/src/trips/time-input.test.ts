import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, minutesFrom, parseTimeInput, type TimeBounds } from './time-input.ts';

const v = (text: string, bounds: TimeBounds = {}) => parseTimeInput(text, bounds);

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
  it('enforces min and max, both inclusive', () => {
    expect(v('08:59', { min: '09:00:00' })).toEqual({ error: 'The time cannot be before 9:00 AM' });
    expect(v('09:00', { min: '09:00:00' })).toEqual({ value: '09:00:00' });
    expect(v('17:00', { max: '17:00:00' })).toEqual({ value: '17:00:00' });
    expect(v('17:01', { max: '17:00:00' })).toEqual({ error: 'The time cannot be after 5:00 PM' });
    expect(v('12:30', { min: '09:00', max: '17:00' })).toEqual({ value: '12:30:00' });
  });
  it('names the field and its minimum in the refusal', () => {
    expect(v('9:04', { min: '09:05:00', name: 'Departure', minName: 'arrival' })).toEqual({ error: 'Departure cannot be before arrival (9:05 AM)' });
    expect(v('11:39 pm', { min: '23:40:00', name: 'Drop-off', minName: 'departure' })).toEqual({
      error: 'Drop-off cannot be before departure (11:40 PM)',
    });
  });
  it('wraps past midnight when the minimum is 20:00 or later, for values before 03:00', () => {
    expect(v('1:30', { min: '21:00:00' })).toEqual({ value: '01:30:00' });
    expect(v('0:25', { min: '23:40:00' })).toEqual({ value: '00:25:00' });
    expect(v('12:01 am', { min: '23:59:00' })).toEqual({ value: '00:01:00' });
    expect(v('2:59', { min: '20:00:00' })).toEqual({ value: '02:59:00' });
    expect(v('3:00', { min: '20:00:00' })).toEqual({ error: 'The time cannot be before 8:00 PM' });
    expect(v('3:30', { min: '21:00:00' })).toEqual({ error: 'The time cannot be before 9:00 PM' });
    expect(v('1:30', { min: '19:59:00' })).toEqual({ error: 'The time cannot be before 7:59 PM' });
    expect(v('1:30', { min: '19:00:00' })).toEqual({ error: 'The time cannot be before 7:00 PM' });
  });
  it('reads the maximum on the same clock as a wrapping minimum', () => {
    expect(v('0:30', { min: '21:00', max: '23:00' })).toEqual({ error: 'The time cannot be after 11:00 PM' });
    expect(v('0:30', { min: '21:00', max: '01:00' })).toEqual({ value: '00:30:00' });
    expect(v('1:01', { min: '21:00', max: '01:00' })).toEqual({ error: 'The time cannot be after 1:00 AM' });
    expect(v('22:00', { min: '21:00', max: '01:00' })).toEqual({ value: '22:00:00' });
  });
});

describe('minutesFrom', () => {
  it('counts across midnight only under the wrap', () => {
    expect(minutesFrom('23:40:00', '00:25:00')).toBe(45);
    expect(minutesFrom('09:00:00', '09:10:00')).toBe(10);
    expect(minutesFrom('09:10:00', '09:00:00')).toBe(-10);
    expect(minutesFrom('19:00:00', '01:00:00')).toBe(-18 * 60);
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    ['00:05:00', '12:05 AM'],
    ['09:05:00', '9:05 AM'],
    ['12:00:00', '12:00 PM'],
    ['23:40', '11:40 PM'],
  ])('%s → %s', (time, shown) => expect(formatTimeOfDay(time)).toBe(shown));
});
