/** Calendar dates as YYYY-MM-DD, counted in whole days (no time zone: a service date is a day). */
import { addDays } from '../time/date-input.ts';


const DAY_MS = 86_400_000;

const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date in YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && fromUtc(toUtc(date)) === date;
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export const dayCount = (a: string, b: string): number => Math.round((toUtc(b) - toUtc(a)) / DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => new Date(toUtc(date)).getUTCDay();

/** The Sunday that starts the week of a date. */
export const sundayOf = (date: string): string => addDays(date, -weekdayOf(date));

/** Every date from `from` to `to`, both included. */
export function datesFromTo(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** An inclusive range of dates. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

export const dateInRange = (date: string, r: DateRange) => date >= r.startDate && date <= r.endDate;
export const dateRangesOverlap = (a: DateRange, b: DateRange) => a.startDate <= b.endDate && b.startDate <= a.endDate;
