import { dateInZone, OPERATOR_TIME_ZONE, parseDateInput } from '@tripline/core';

export { parseDateInput };

let dayTimeZone: string = OPERATOR_TIME_ZONE;

/**
 * The time zone whose calendar the screens follow: the signed-in user's division's (set as soon
 * as the user is known), the operator's before that or when signed out.
 */
export function setDayTimeZone(timeZone: string | null | undefined): void {
  dayTimeZone = timeZone || OPERATOR_TIME_ZONE;
}

/**
 * "Today" for every default day of the screens (Home's day, the CSV dialog, the trip search,
 * dates typed without a year): the calendar date in the user's division's time zone, where its
 * trips run their days, whatever zone the browser is in. A browser in UTC is already on tomorrow
 * from 17:00 Mountain time; a Mountain division's day is not.
 */
export function localToday(now: Date = new Date()): string {
  return dateInZone(now, dayTimeZone);
}

/** MM/DD/YYYY, the way dates are shown to US operators. */
export function formatUsDate(iso: string): string {
  const [y, mo, d] = iso.split('-');
  return `${mo}/${d}/${y}`;
}

/**
 * The day a page shows from its URL parameter: today when the parameter is absent, none when it
 * was emptied on purpose, otherwise the typed date in any accepted form (none when unreadable).
 */
export function dateFromParam(raw: string | null, today: string): string | null {
  if (raw === null) return today;
  if (raw.trim() === '') return null;
  return parseDateInput(raw, today);
}
