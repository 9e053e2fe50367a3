import { operatorToday, parseDateInput } from '@tripline/core';

export { parseDateInput };

/**
 * "Today" for every default day of the screens (Home's day, the CSV dialog, the trip search,
 * dates typed without a year): the calendar date in the operator's time zone, where its divisions
 * run their days, whatever zone the browser is in. A browser in UTC is already on tomorrow from
 * 17:00 Mountain time; the operator's day is not.
 */
export function localToday(now: Date = new Date()): string {
  return operatorToday(now);
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
