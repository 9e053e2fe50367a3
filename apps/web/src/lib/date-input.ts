import { parseDateInput } from '@tripline/core';

export { parseDateInput };

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's calendar date, which is the day a partner means by "today". */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
