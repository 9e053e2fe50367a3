import { describe, expect, it } from 'vitest';
import type { TripListRow } from '@tripline/core';
import { busySpan, freeSpans, hoursText, WORK_DAY } from './vehicle-day.ts';

const trip = (...legs: [string | null, string | null][]) =>
  ({ tripLegs: legs.map(([a, b]) => ({ locFirstTimeOrd: a, locSecondTimeOrd: b })) }) as unknown as Pick<TripListRow, 'tripLegs'>;

describe("a vehicle's day", () => {
  it('is busy from the first pickup to the last drop-off', () => {
    expect(busySpan(trip(['08:00:00', '08:45:00'], ['13:30:00', '14:10:00']))).toEqual({ from: 480, to: 850 });
  });
  it('counts an hour after a pickup without a drop-off time, and nothing for will calls', () => {
    expect(busySpan(trip(['09:00:00', null]))).toEqual({ from: 540, to: 600 });
    expect(busySpan(trip(['23:59:00', null]))).toBeNull();
  });
  it('is free between its trips within 06:00 and 18:00', () => {
    const free = freeSpans([
      { from: 480, to: 570 },
      { from: 540, to: 600 },
      { from: 1020, to: 1200 },
    ]);
    expect(free).toEqual([
      { from: 360, to: 480 },
      { from: 600, to: 1020 },
    ]);
    expect(hoursText(free)).toBe('9 h');
  });
  it('is free all day without trips, and not at all when a trip spans the day', () => {
    expect(freeSpans([])).toEqual([WORK_DAY]);
    expect(hoursText(freeSpans([]))).toBe('12 h');
    expect(freeSpans([{ from: 300, to: 1200 }])).toEqual([]);
  });
});
