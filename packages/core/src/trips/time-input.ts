import { WILL_CALL } from './constants.ts';

const DAY = 24 * 60;
/** spec 1 §5: a minimum after 20:00 lets a value before 03:00 count as the next morning. */
const WRAP_MIN_FROM = 20 * 60;
const WRAP_VALUE_BEFORE = 3 * 60;

const toMinutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
};
const fromMinutes = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00`;

/** A time of day as people read it: '14:05:00' → '2:05 PM'. */
export function formatTimeOfDay(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export interface TimeBounds {
  /** The earliest allowed time (HH:MM or HH:MM:SS); after 20:00 it wraps past midnight. */
  min?: string;
  /** The latest allowed time; with a minimum after 20:00, a maximum before 03:00 is the next morning. */
  max?: string;
  /** What the time is, for the refusal ('Departure'); 'The time' without it. */
  name?: string;
  /** What the minimum is, for the refusal ('arrival'). */
  minName?: string;
}

/** spec 1 §5: a value before 03:00 after a minimum past 20:00 is the next morning. */
const wrapsPastMidnight = (min: string, value: string) => toMinutes(min) >= WRAP_MIN_FROM && toMinutes(value) < WRAP_VALUE_BEFORE;

/**
 * Minutes from `min` to `value` (HH:MM[:SS]) under the time input's midnight wrap; negative when
 * the value is before the minimum.
 */
export function minutesFrom(min: string, value: string): number {
  return toMinutes(value) + (wrapsPastMidnight(min, value) ? DAY : 0) - toMinutes(min);
}

/** Why a time (HH:MM[:SS]) is outside its bounds (spec 1 §5), or null when it is within them. */
export function timeBoundsError(value: string, bounds: TimeBounds): string | null {
  const name = bounds.name ?? 'The time';
  if (bounds.min && minutesFrom(bounds.min, value) < 0) {
    const min = formatTimeOfDay(bounds.min);
    return `${name} cannot be before ${bounds.minName ? `${bounds.minName} (${min})` : min}`;
  }
  if (!bounds.max) return null;
  // with a minimum, the maximum is read on the same clock: a maximum of 01:00 after a minimum of
  // 21:00 is the next morning, and a value wrapped past midnight is after a maximum of 23:00
  const after = bounds.min ? minutesFrom(bounds.min, value) > minutesFrom(bounds.min, bounds.max) : toMinutes(value) > toMinutes(bounds.max);
  if (after) return `${name} cannot be after ${formatTimeOfDay(bounds.max)}`;
  return null;
}

export type TimeParse = { value: string } | { error: string };

/**
 * spec 1 §5 time input: 24-hour ('1430', '14:30') and 12-hour ('2:30 pm', '230p', '2p') forms,
 * 'WC' for will call (stored 23:59:00). With bounds, a value outside min..max is refused; when the
 * minimum is after 20:00 a value before 03:00 counts as the next morning (a trip past midnight).
 */
export function parseTimeInput(text: string, bounds: TimeBounds = {}): TimeParse {
  const raw = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!raw) return { error: 'Enter a time' };
  if (raw === 'wc') return { value: WILL_CALL };
  const m = /^(\d{1,2})(?::?(\d{2}))?(?::(\d{2}))?(a|p|am|pm)?$/.exec(raw);
  if (!m) return { error: `"${text.trim()}" is not a time` };
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const suffix = m[4];
  if (minute > 59) return { error: `"${text.trim()}" is not a time` };
  if (suffix) {
    if (hour < 1 || hour > 12) return { error: `"${text.trim()}" is not a time` };
    if (suffix.startsWith('p') && hour !== 12) hour += 12;
    if (suffix.startsWith('a') && hour === 12) hour = 0;
  } else if (hour > 23) {
    return { error: `"${text.trim()}" is not a time` };
  }
  const value = fromMinutes(hour * 60 + minute);
  const outside = timeBoundsError(value, bounds);
  return outside ? { error: outside } : { value };
}
