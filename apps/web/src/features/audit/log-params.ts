import { LOG_FILTERS, logQuerySchema, RECORDED_ACTIVITIES, type LogFilter } from '@tripline/core';

/** The /log search as its form and address hold it: text as typed, '' when not given. */
export type LogFilters = Record<LogFilter, string>;

export const EMPTY_FILTERS: LogFilters = { table: '', id: '', activityType: '', user: '', dateFrom: '', dateTo: '' };

/** Activity types the portal records, offered as suggestions, in alphabetical order. */
export const KNOWN_ACTIVITY_TYPES: readonly string[] = Object.keys(RECORDED_ACTIVITIES).sort();

/** Tables whose changes are recorded, offered as suggestions; the trip's tables first, as most searches are for a trip. */
export const KNOWN_TABLES: readonly string[] = [...new Set(['drive_assignments', 'trip_legs', ...Object.values(RECORDED_ACTIVITIES).flat()])];

/** The search in an address (spec 2 §2 /log: table, id, activityType, user, dateFrom, dateTo). */
export function filtersFromParams(params: URLSearchParams): LogFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const key of LOG_FILTERS) filters[key] = params.get(key)?.trim() ?? '';
  return filters;
}

/** The address query of a search: only the fields given, in the route's order. */
export function paramsFromFilters(filters: Partial<LogFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LOG_FILTERS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(filters: LogFilters): boolean {
  return LOG_FILTERS.some((key) => filters[key] !== '');
}

/** A link to the log for a record, a user or an activity type, for other screens. */
export function logLink(filters: Partial<LogFilters>): string {
  const query = paramsFromFilters(filters).toString();
  return query ? `/log?${query}` : '/log';
}

export type FilterCheck = { ok: true } | { ok: false; errors: Partial<Record<LogFilter | 'form', string>> };

/**
 * The same check the server makes (the contract's schema), with each problem at its field; a
 * problem of the search as a whole (no criteria) is the form's.
 */
export function checkFilters(filters: LogFilters, today: string): FilterCheck {
  const result = logQuerySchema(() => today).safeParse(filters);
  if (result.success) return { ok: true };
  const errors: Partial<Record<LogFilter | 'form', string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key = typeof field === 'string' && (LOG_FILTERS as readonly string[]).includes(field) ? (field as LogFilter) : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
