import { OPERATOR_TIME_ZONE } from '../time/zone.ts';

/** The time-ago and instant formats of the audit log (spec 3 §2 "time-ago filter", "instant-format filter"). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** spec 3 §9: year, month (30 d), week, day, hour, minute, second. A year is 365 days. */
export const TIME_AGO_UNITS = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
] as const;

/** Under this, a moment is "just now" (also a few seconds ahead, which is clock drift between machines). */
export const JUST_NOW_MS = 10 * SECOND;

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/**
 * How long ago an instant was, in the largest whole unit: "just now", "59 seconds ago",
 * "1 minute ago", "3 hours ago", "2 days ago", "1 week ago", "1 month ago", "1 year ago".
 * An instant ahead of now reads "in 5 minutes". An unreadable instant gives ''.
 */
export function timeAgo(at: Date | string | number, now: Date | number): string {
  const t = toDate(at).getTime();
  const n = now instanceof Date ? now.getTime() : now;
  if (Number.isNaN(t) || Number.isNaN(n)) return '';
  const diff = n - t;
  const size = Math.abs(diff);
  if (size < JUST_NOW_MS) return 'just now';
  for (const [unit, ms] of TIME_AGO_UNITS) {
    if (size >= ms) {
      const count = Math.floor(size / ms);
      const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
      return diff >= 0 ? `${amount} ago` : `in ${amount}`;
    }
  }
  return 'just now';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The exact instant as US operators read it, in a time zone (the operator's by default):
 * "Nov 22, 2026 3:04:05 PM MST". An unreadable instant gives ''; an unknown zone throws RangeError.
 */
export function formatInstant(at: Date | string | number, timeZone: string = OPERATOR_TIME_ZONE): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return '';
  const parts = formatterFor(timeZone).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')} ${get('day')}, ${get('year')} ${get('hour')}:${get('minute')}:${get('second')} ${get('dayPeriod')} ${get('timeZoneName')}`;
}
