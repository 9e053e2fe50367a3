import { MAX_DATE_YEAR, MIN_DATE_YEAR } from '../api/text.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function isoIfValid(year: number, month: number, day: number): string | null {
  // the years every date of the API lives in (PostgreSQL has no year 0)
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (UTC, so no time zone can shift it).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** Two-digit years belong to the century that puts them at most 20 years ahead of today. */
function fullYear(twoDigits: number, currentYear: number): number {
  const century = Math.floor(currentYear / 100) * 100;
  const year = century + twoDigits;
  return year > currentYear + 20 ? year - 100 : year;
}

/**
 * DECISIONS 2: a typed date in YYYY-MM-DD, YYYY-M-D, YY-M-D, MM/DD/YYYY, MM/DD/YY, M/D/YYYY, M/D/YY,
 * M/D (this year) or 'MMM D, YYYY' (strict), as YYYY-MM-DD; null when it is none of them or no
 * such day exists.
 */
export function parseDateInput(text: string, today: string): string | null {
  const raw = text.trim();
  const currentYear = Number(today.slice(0, 4));
  let m = /^(\d{4}|\d{2})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  if (m) {
    const year = m[1].length === 4 ? Number(m[1]) : fullYear(Number(m[1]), currentYear);
    return isoIfValid(year, Number(m[2]), Number(m[3]));
  }
  m = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?$/.exec(raw);
  if (m) {
    const year = m[3] === undefined ? currentYear : m[3].length === 4 ? Number(m[3]) : fullYear(Number(m[3]), currentYear);
    return isoIfValid(year, Number(m[1]), Number(m[2]));
  }
  m = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(raw);
  if (m) {
    const month = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    return month > 0 ? isoIfValid(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/** Adds days to a YYYY-MM-DD date (negative to go back). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
