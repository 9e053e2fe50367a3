import { addDays, parseDateInput } from '../time/date-input.ts';
import { METERS_TO_MILES } from '../shell/constants.ts';

/** Staff trip search (spec 2 §2, §5, §6, §9): the texts, limits and parsing of /admin/trips. */
export const SEARCH_MSG = {
  INVALID_PRIORITY: 'Invalid priority search. Use one priority (4), a range (1-3) or a minimum (2+).',
  INVALID_DISTANCE: 'Invalid distance filter',
  TRUNCATED: 'Results are truncated! You must increase Max Results, or refine your search',
  CRITERIA_REQUIRED: 'Enter a date, passenger, reference number, member or driver, or use a custom query',
  NO_TRIPS: 'No trips found',
  TRY_EXPANDING: 'Try expanding your search criteria',
  NO_CANCELED_IN_FOUND_SET: 'No canceled DAs in found set',
  NO_MATCH: 'No trips match your result set; nothing was changed.',
  TOP_LEVEL_AND: 'A custom query needs a top-level AND',
  DATE_RANGE: 'A date range needs min less than or equal to max',
  INVALID_DATE: 'Enter a date like 2026-11-22 or 11/22/2026',
  INVALID_BATCH: 'Max Results is a whole number from 1 to 10,000 (the screen offers 100, 250, 500 and 1000)',
  BULK_TODAY_OR_LATER: 'Bulk actions apply only to trips on or after today',
  INVALID_JSON: (detail: string) => `Invalid JSON: ${detail}`,
  TOO_BROAD: 'This search takes too long to answer. Add a date, partner, passenger or other criteria and search again.',
} as const;

/** Batch sizes of the search (spec 2 §9): how many rows one search answers. */
export const SEARCH_BATCH_SIZES = [100, 250, 500, 1000] as const;
export type SearchBatchSize = (typeof SEARCH_BATCH_SIZES)[number];
export const SEARCH_DEFAULT_BATCH: SearchBatchSize = 250;
/** The most rows one search answers: `limit` for API clients goes up to here; `total` still counts all. */
export const SEARCH_LIMIT_MAX = 10_000;
/** A search that finds and orders its trips for longer than this is stopped and asked to narrow. */
export const SEARCH_TIMEOUT_MS = 20_000;

/** The query parameters of /admin/trips (spec 2 §2), in the order the form shows them. */
export const TRIP_SEARCH_PARAMS = [
  'serviceDate',
  'serviceDateMax',
  'division',
  'flag',
  'affiliateId',
  'referenceNumber',
  'memberId',
  'apptType',
  'apptTime',
  'planId',
  'passengerId',
  'daClass',
  'driverId',
  'whichLeg',
  'pickupName',
  'dropoffName',
  'rideService',
  'inHouse',
  'oon',
  'lob',
  'flagNonNull',
  'billingContactId',
  'priority',
  'distanceMiles',
  'cancelType',
  'serviceTypes',
  'showTab',
] as const;
export type TripSearchParam = (typeof TRIP_SEARCH_PARAMS)[number];

/** Which trips by cancellation: all (default), only active ones, any cancelled, with or without charge. */
export const CANCEL_TYPES = ['all', 'active', 'canceled', 'withCharge', 'withoutCharge'] as const;
export type CancelType = (typeof CANCEL_TYPES)[number];

/** The search needs one of these unless a custom query is used (spec 2 §5). */
export const SEARCH_ANCHORS = ['serviceDate', 'passengerId', 'referenceNumber', 'memberId', 'driverId'] as const;

export interface NumberRange {
  min: number;
  /** null: no upper bound ("2+"). */
  max: number | null;
}

/**
 * Priority search (spec 2 §5): one priority "4", a range "1-3" or a minimum "2+". Priorities are
 * whole numbers from 1 to 9. Null when the text is none of these.
 */
export function parsePriority(text: string): NumberRange | null {
  const t = text.trim();
  let m = /^([1-9])$/.exec(t);
  if (m) return { min: Number(m[1]), max: Number(m[1]) };
  m = /^([1-9])\s*\+$/.exec(t);
  if (m) return { min: Number(m[1]), max: null };
  m = /^([1-9])\s*-\s*([1-9])$/.exec(t);
  if (m && Number(m[1]) <= Number(m[2])) return { min: Number(m[1]), max: Number(m[2]) };
  return null;
}

/** Whether a trip's priority is within a parsed priority search. */
export function priorityMatches(priority: number, range: NumberRange): boolean {
  return priority >= range.min && (range.max === null || priority <= range.max);
}

/**
 * Distance filter (spec 2 §5): a miles range like "12-24" (decimals allowed, low ≤ high), answered
 * in meters for the search, which compares the legs' driving distance. Null when invalid.
 */
export function parseDistanceMiles(text: string): { minMeters: number; maxMeters: number } | null {
  const m = /^(\d{1,4}(?:\.\d+)?)\s*-\s*(\d{1,4}(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const low = Number(m[1]);
  const high = Number(m[2]);
  if (low > high) return null;
  return { minMeters: Math.floor(low / METERS_TO_MILES), maxMeters: Math.ceil(high / METERS_TO_MILES) };
}

/** Reference numbers typed as a list: separated by commas, spaces or new lines. */
export function splitReferenceNumbers(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** A company whose name starts with 'Secure' is in-house (spec 2 §6). */
export function isInHouse(companyName: string | null | undefined): boolean {
  return !!companyName && companyName.startsWith('Secure');
}

/** Bulk actions and unassigned handling apply only to service dates today or later (spec 2 §6, §9). */
export function isTodayOrLater(serviceDate: string, today: string): boolean {
  return serviceDate >= today;
}

/**
 * The rows a search answers from its `limit` as sent (spec 2 §9 "batch size default 250"):
 * absent or blank is the screen's default 250; digits naming a whole number from 1 to
 * SEARCH_LIMIT_MAX are that number (the screen's 100, 250, 500, 1000 and any other for API
 * clients); anything else is null, refused with SEARCH_MSG.INVALID_BATCH.
 */
export function searchLimit(value: string | undefined): number | null {
  const typed = value?.trim() ?? '';
  if (typed === '') return SEARCH_DEFAULT_BATCH;
  if (!/^\d{1,6}$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= SEARCH_LIMIT_MAX ? n : null;
}

/** The batch size from a typed value: one of 100, 250, 500, 1000; null otherwise. */
export function parseBatchSize(value: unknown): SearchBatchSize | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return (SEARCH_BATCH_SIZES as readonly number[]).includes(n) ? (n as SearchBatchSize) : null;
}

/** The truncation warning when a search found more trips than it answers. */
export function truncationWarning(total: number, shown: number): string | null {
  return total > shown ? SEARCH_MSG.TRUNCATED : null;
}

/** A search date typed in any accepted form (DECISIONS 2), or relative to today as "+3" / "-7" days. */
export function parseSearchDate(text: string, today: string): string | null {
  const t = text.trim();
  const rel = /^([+-])(\d{1,3})$/.exec(t);
  if (rel) return addDays(today, (rel[1] === '-' ? -1 : 1) * Number(rel[2]));
  if (/^today$/i.test(t)) return today;
  return parseDateInput(t, today);
}

/** The anchors present in a search (the fields of SEARCH_ANCHORS that are filled in). */
export function searchAnchors(params: Partial<Record<TripSearchParam, string | undefined>>): string[] {
  return SEARCH_ANCHORS.filter((k) => (params[k] ?? '').trim() !== '');
}
