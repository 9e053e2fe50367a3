import { addDays } from '../time/date-input.ts';
import { isoDateProblem } from '../api/text.ts';
import { daysInclusive } from '../trips/csv.ts';
import { NON_FINAL_MAX_DAYS, PAY_REPORT_MSG } from './messages.ts';

/** Whether a YYYY-MM-DD date is a Sunday (the first day of a pay week). */
export function isSunday(date: string): boolean {
  return isoDateProblem(date) === null && new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
}

/**
 * spec 2 §5 rule 170: why a partner-pay report cannot be asked for this date, or null. The date is
 * required, a Sunday, and not in the future (`today` is the operator's day).
 */
export function payWeekProblem(date: string | null | undefined, today: string): string | null {
  if (!date) return PAY_REPORT_MSG.REQUIRED;
  if (!isSunday(date) || date > today) return PAY_REPORT_MSG.CHOOSE_SUNDAY;
  return null;
}

/** The days the date picker offers: past and present Sundays. */
export const isPayWeekStart = (date: string, today: string): boolean => payWeekProblem(date, today) === null;

/** The Sunday a date's week begins on (the date itself on a Sunday). */
export function weekStartOf(date: string): string {
  return addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
}

export interface PayWeek {
  dateFrom: string;
  dateTo: string;
  /** Sunday to Saturday. */
  days: string[];
}

/** The pay week that begins on a Sunday: that Sunday through the Saturday after. */
export function payWeek(sunday: string): PayWeek {
  const days = Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
  return { dateFrom: days[0], dateTo: days[6], days };
}

/** Why the non-final trips report cannot cover this range, or null: both dates, in order, at most 366 days. */
export function nonFinalRangeProblem(dateFrom: string | null | undefined, dateTo: string | null | undefined): string | null {
  if (!dateFrom || !dateTo) return PAY_REPORT_MSG.REQUIRED;
  if (dateFrom > dateTo) return PAY_REPORT_MSG.DATE_RANGE;
  return daysInclusive(dateFrom, dateTo) > NON_FINAL_MAX_DAYS ? PAY_REPORT_MSG.RANGE_TOO_LONG : null;
}
