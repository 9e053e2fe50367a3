import { addDays } from '@tripline/core';
/**
 * Calendar arithmetic on plain 'YYYY-MM-DD' days and minutes after midnight. Service dates are
 * calendar days in the division's zone, so they are handled as UTC days to dodge DST shifts.
 */

const DAY_MS = 86_400_000;

export function parseDay(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Expected a date as YYYY-MM-DD, got "${day}"`);
  const ms = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new Error(`"${day}" is not a calendar date`);
  return ms;
}

export { addDays };

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(parseDay(day)).getUTCDay();
}

/** Minutes after midnight as a PostgreSQL time literal. */
export function clock(minutes: number): string {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(minutes)));
  const hh = String(Math.floor(m / 60)).padStart(2, '0');
  const mm = String(m % 60).padStart(2, '0');
  return `${hh}:${mm}:00`;
}

/** A wall-clock moment in a named zone, as timestamptz input PostgreSQL understands. */
export function localMoment(day: string, minutes: number, timeZone: string): string {
  return `${day} ${clock(minutes)} ${timeZone}`;
}

export const WILL_CALL_TIME = '23:59:00';
