/**
 * CSV of a trip search (spec 1 §5, §7 reports/csv/driveAssignments). A cell a spreadsheet could
 * read as a formula (starting with = + - @, a tab or a carriage return) is written with a leading
 * apostrophe, so opening the file never runs what a passenger's name or a note contains.
 */

/** How many days one download may cover, first and last included. */
export const CSV_EXPORT_MAX_DAYS = 31;
/** How long a prepared download link works, and it works once. */
export const CSV_EXPORT_TOKEN_MINUTES = 5;

export const CSV_MSG = {
  WRONG_PASSWORD: 'Your password is not correct. Enter the password you sign in with.',
  RANGE_TOO_LONG: `A download covers at most ${CSV_EXPORT_MAX_DAYS} days`,
  RANGE_ORDER: 'The first date must be on or before the last date',
  LINK_USED: 'This download link has expired or was already used. Prepare the download again.',
  TOKEN_NOT_ALLOWED: 'Downloads need a signed-in user; an API token cannot prepare one',
} as const;

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would read as a formula gets a leading apostrophe; other text is kept. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: numbers as they are, text protected against formulas and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended by CRLF (RFC 4180). */
export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** The columns of the trip download, one line per trip leg, in this order. */
export const TRIP_CSV_COLUMNS = [
  'Reference',
  'Service date',
  'Leg',
  'Status',
  'Passenger',
  'Pickup address',
  'Pickup time ordered',
  'Pickup time actual',
  'Dropoff address',
  'Dropoff time ordered',
  'Dropoff time actual',
  'Appointment time',
  'Service type',
  'Miles',
  'Partner',
  'Driver',
  'Partner pay status',
  'Rate',
  'Division',
] as const;

/** Inclusive number of days from one YYYY-MM-DD date to another. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a download's date range is refused, or null. */
export function csvRangeProblem(from: string, to: string): string | null {
  if (from > to) return CSV_MSG.RANGE_ORDER;
  return daysInclusive(from, to) > CSV_EXPORT_MAX_DAYS ? CSV_MSG.RANGE_TOO_LONG : null;
}
