import { describe, expect, it } from 'vitest';
import { formatInstant, timeAgo } from './time.ts';

const now = new Date('2026-11-22T15:00:00Z');
const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [9 * S, 'just now'],
    [10 * S, '10 seconds ago'],
    [59 * S, '59 seconds ago'],
    [60 * S, '1 minute ago'],
    [61 * S, '1 minute ago'],
    [2 * M, '2 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [60 * M, '1 hour ago'],
    [3 * H + 59 * M, '3 hours ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [24 * H, '1 day ago'],
    [6 * D + 23 * H, '6 days ago'],
    [7 * D, '1 week ago'],
    [29 * D, '4 weeks ago'],
    [30 * D, '1 month ago'],
    [364 * D, '12 months ago'],
    [365 * D, '1 year ago'],
    [3 * 365 * D, '3 years ago'],
  ])('%d ms is %s', (ms, text) => {
    expect(ago(ms)).toBe(text);
  });

  it('accepts ISO text and numbers, and says nothing for an unreadable instant', () => {
    expect(timeAgo('2026-11-22T12:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo(now.getTime() - 5 * M, now.getTime())).toBe('5 minutes ago');
    expect(timeAgo('yesterday', now)).toBe('');
  });

  it('reads a few seconds ahead as just now and further ahead as "in"', () => {
    expect(ago(-5 * S)).toBe('just now');
    expect(ago(-5 * M)).toBe('in 5 minutes');
    expect(ago(-2 * D)).toBe('in 2 days');
  });
});

describe('formatInstant', () => {
  it('writes the exact time in the operator zone by default, with its abbreviation', () => {
    expect(formatInstant('2026-11-22T22:04:05Z')).toBe('Nov 22, 2026 3:04:05 PM MST');
    expect(formatInstant(new Date('2026-07-04T06:00:00Z'))).toBe('Jul 4, 2026 12:00:00 AM MDT');
  });

  it('writes the time in another zone when asked', () => {
    expect(formatInstant('2026-11-22T22:04:05Z', 'America/New_York')).toBe('Nov 22, 2026 5:04:05 PM EST');
    expect(formatInstant('2026-11-22T22:04:05.999Z', 'UTC')).toBe('Nov 22, 2026 10:04:05 PM UTC');
  });

  it('says nothing for an unreadable instant and refuses an unknown zone', () => {
    expect(formatInstant('not a time')).toBe('');
    expect(() => formatInstant(now, 'Mars/Olympus')).toThrow(RangeError);
  });
});
