import { describe, expect, it } from 'vitest';
import { dateInZone, operatorToday, timeInZone } from './zone.ts';

describe('dateInZone', () => {
  it('gives the calendar date in the zone, not in UTC', () => {
    expect(dateInZone(new Date('2026-11-23T05:30:00Z'), 'America/Denver')).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-23T07:30:00Z'), 'America/Denver')).toBe('2026-11-23');
    expect(dateInZone(new Date('2026-11-23T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
    expect(operatorToday(new Date('2026-07-01T05:59:00Z'))).toBe('2026-06-30');
  });
});

describe("operatorToday at the day's edges", () => {
  it('stays on the Mountain day through the evening, when UTC has moved on', () => {
    // November (UTC-7): 17:00 Mountain is midnight UTC
    expect(operatorToday(new Date('2026-11-24T23:59:59Z'))).toBe('2026-11-24');
    expect(operatorToday(new Date('2026-11-25T00:00:00Z'))).toBe('2026-11-24');
    expect(operatorToday(new Date('2026-11-25T06:59:59Z'))).toBe('2026-11-24');
    expect(operatorToday(new Date('2026-11-25T07:00:00Z'))).toBe('2026-11-25');
  });
  it('follows summer time (UTC-6)', () => {
    expect(operatorToday(new Date('2026-07-01T06:00:00Z'))).toBe('2026-07-01');
  });
});

describe('timeInZone', () => {
  it('gives the time of day in each zone asked for, one after another', () => {
    const at = new Date('2026-11-23T05:30:15Z');
    expect(timeInZone(at, 'America/Denver')).toBe('22:30:15');
    expect(timeInZone(at, 'America/Los_Angeles')).toBe('21:30:15');
    expect(timeInZone(at, 'America/Denver')).toBe('22:30:15');
    expect(dateInZone(at, 'UTC')).toBe('2026-11-23');
  });
});
