import { describe, expect, it } from 'vitest';
import { dateInZone, operatorToday } from './zone.ts';

describe('dateInZone', () => {
  it('gives the calendar date in the zone, not in UTC', () => {
    expect(dateInZone(new Date('2026-11-23T05:30:00Z'), 'America/Denver')).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-23T07:30:00Z'), 'America/Denver')).toBe('2026-11-23');
    expect(dateInZone(new Date('2026-11-23T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
    expect(operatorToday(new Date('2026-07-01T05:59:00Z'))).toBe('2026-06-30');
  });
});
