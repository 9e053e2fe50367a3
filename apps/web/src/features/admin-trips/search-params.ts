import {
  SEARCH_DEFAULT_BATCH,
  SEARCH_MSG,
  TRIP_SEARCH_PARAMS,
  TripSearchQuery,
  parseBatchSize,
  parseSearchDate,
  type SearchBatchSize,
  type TripSearchParam,
} from '@tripline/core';
import { sortFromParam, sortToParam, type Sort } from './results.ts';

/** The search form as typed: every /admin/trips parameter (spec 2 §2), '' when not given. */
export type SearchFields = Record<TripSearchParam, string>;

export const EMPTY_FIELDS: SearchFields = Object.fromEntries(TRIP_SEARCH_PARAMS.map((k) => [k, ''])) as SearchFields;

/** The tabs of the screen, kept in showTab so a link can open the custom query. */
export type TripsTab = 'search' | 'custom';

/** Everything the address holds: the search, the batch size, the custom query, the table's order and the open trip. */
export interface TripsUrlState {
  fields: SearchFields;
  limit: SearchBatchSize;
  /** The custom query as JSON text, as it travels in `filter`. */
  filter: string | null;
  /** The order of the table (`sort=priority`, `sort=-priority`); null keeps the server's order. */
  sort: Sort | null;
  /** The trip open in trip inspect. */
  inspect: string | null;
}

/** Parameters that are not search criteria: they change the view, not which trips are found. */
const VIEW_ONLY: readonly TripSearchParam[] = ['showTab'];

/** Reads the address; unknown parameters are ignored and a batch size that is not offered falls back to 250. */
export function readUrl(params: URLSearchParams): TripsUrlState {
  const fields = { ...EMPTY_FIELDS };
  for (const key of TRIP_SEARCH_PARAMS) fields[key] = params.get(key)?.trim() ?? '';
  const filter = params.get('filter')?.trim();
  return {
    fields,
    limit: parseBatchSize(params.get('limit') ?? '') ?? SEARCH_DEFAULT_BATCH,
    filter: filter ? filter : null,
    sort: sortFromParam(params.get('sort')?.trim() ?? null),
    inspect: params.get('inspect')?.trim() || null,
  };
}

/** The address of a state: only what is given, in the route's order; the default batch size is left out. */
export function writeUrl(state: TripsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TRIP_SEARCH_PARAMS) {
    const value = state.fields[key].trim();
    if (value) params.set(key, value);
  }
  if (state.limit !== SEARCH_DEFAULT_BATCH) params.set('limit', String(state.limit));
  if (state.filter) params.set('filter', state.filter);
  const sort = sortToParam(state.sort);
  if (sort) params.set('sort', sort);
  if (state.inspect) params.set('inspect', state.inspect);
  return params;
}

/** Whether the address asks for a search at all (criteria or a custom query). */
export function hasSearch(state: TripsUrlState): boolean {
  return state.filter !== null || TRIP_SEARCH_PARAMS.some((k) => !VIEW_ONLY.includes(k) && state.fields[k] !== '');
}

/**
 * The query of GET drive-assignments for a state: the criteria given, the batch size and the
 * custom query. Leaves out what only the screen uses (showTab, sort, inspect), so opening a trip,
 * sorting or changing the tab does not search again.
 */
export function apiQuery(state: TripsUrlState): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of TRIP_SEARCH_PARAMS) {
    if (VIEW_ONLY.includes(key)) continue;
    const value = state.fields[key].trim();
    if (value) query[key] = value;
  }
  query.limit = String(state.limit);
  if (state.filter) query.filter = state.filter;
  return query;
}

export type FieldErrors = Partial<Record<TripSearchParam | 'form' | 'filter', string>>;

const DATE_FIELDS = ['serviceDate', 'serviceDateMax'] as const;

/** A record id (UUID), the value of the criteria chosen by name. */
export const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Criteria that hold a contact's record id, chosen by name in the form. */
export const ID_FIELDS = ['affiliateId', 'passengerId', 'driverId', 'billingContactId'] as const;
export const CHOOSE_FROM_LIST = 'Choose a name from the list, or paste a record id';
const RELATIVE = /^([+-]\d{1,3}|today)$/i;

/**
 * The check the server makes (the contract's schema), each problem at its field, plus the dates:
 * each in an accepted form (DECISIONS 2) or relative to today ("+1"), and the first not after the last.
 */
export function checkSearch(state: TripsUrlState, today: string): FieldErrors {
  const errors: FieldErrors = {};
  const days: Partial<Record<(typeof DATE_FIELDS)[number], string>> = {};
  for (const key of DATE_FIELDS) {
    const text = state.fields[key];
    if (!text) continue;
    const day = parseSearchDate(text, today);
    if (day) days[key] = day;
    else errors[key] = SEARCH_MSG.INVALID_DATE;
  }
  if (days.serviceDate && days.serviceDateMax && days.serviceDate > days.serviceDateMax) errors.serviceDateMax = SEARCH_MSG.DATE_RANGE;

  for (const key of ID_FIELDS) {
    const text = state.fields[key];
    if (text && !RECORD_ID.test(text)) errors[key] = CHOOSE_FROM_LIST;
  }

  const result = TripSearchQuery.safeParse(apiQuery(state));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      const key =
        field === 'filter' ? 'filter' : typeof field === 'string' && (TRIP_SEARCH_PARAMS as readonly string[]).includes(field) ? (field as TripSearchParam) : 'form';
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The fields as they go into the address: trimmed, dates written YYYY-MM-DD so a bookmark means
 * the same day tomorrow; a relative date ("+1", "today") stays relative on purpose.
 */
export function normaliseFields(fields: SearchFields, today: string): SearchFields {
  const out = { ...fields };
  for (const key of TRIP_SEARCH_PARAMS) out[key] = out[key].trim();
  for (const key of DATE_FIELDS) {
    const text = out[key];
    if (!text || RELATIVE.test(text)) continue;
    out[key] = parseSearchDate(text, today) ?? text;
  }
  return out;
}

/** A link to the trip search for other screens, e.g. tripsLink({ serviceDate, affiliateId }). */
export function tripsLink(fields: Partial<SearchFields>): string {
  const query = writeUrl({ fields: { ...EMPTY_FIELDS, ...fields }, limit: SEARCH_DEFAULT_BATCH, filter: null, sort: null, inspect: null }).toString();
  return query ? `/admin/trips?${query}` : '/admin/trips';
}

/** The tab the address opens: the custom query when asked for or when a custom query is running. */
export function tabOf(state: TripsUrlState): TripsTab {
  if (state.fields.showTab === 'custom' || state.fields.showTab === 'search') return state.fields.showTab;
  return state.filter ? 'custom' : 'search';
}

/** The trips trip inspect pages through, and where the open trip is among them. */
export interface InspectPages {
  tripIds: readonly string[];
  index: number;
}

/**
 * spec 3 §2 "n of total": trip inspect pages through the rows in the order the table shows them
 * (`shownIds`, already sorted and filtered), so Next is the row below. A trip not among them (a
 * link, or hidden since) is inspected on its own.
 */
export function inspectPages(shownIds: readonly string[], inspect: string | null): InspectPages {
  if (!inspect) return { tripIds: [], index: 0 };
  const at = shownIds.indexOf(inspect);
  return at >= 0 ? { tripIds: shownIds, index: at } : { tripIds: [inspect], index: 0 };
}
