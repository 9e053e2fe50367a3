import { z } from 'zod';
import { text } from '../api/text.ts';
import { isPortalCaseManager, mayAccess, type AccessSubject } from '../auth/roles.ts';
import { SEARCH_BATCH_SIZES, SEARCH_DEFAULT_BATCH, type SearchBatchSize } from '../trips/search.ts';

/**
 * The live staff search: a SyncDriveAssv fetch whose filter is `{ search }`, the parameters of GET
 * drive-assignments' staff search as its query string has them (every /admin/trips criterion,
 * `filter` and `limit`), answered as a windowed found set of the first `limit` matches.
 */
export const LIVE_SEARCH_MSG = {
  OTHER_FIELDS: 'A search takes no other filter field',
  NEEDS_VIEW: 'A search needs a view',
  BATCH: 'Max Results of a live search is 100, 250, 500 or 1000',
} as const;

/** The search parameters as text, as in the address of /admin/trips. */
export const LiveSearch = z.record(text().max(40), text().max(100_000));
export type LiveSearch = z.infer<typeof LiveSearch>;

/** A live search's batch size (spec 2 §9): one of the screen's, 250 when absent; null for anything else. */
export function liveSearchLimit(raw: string | undefined): SearchBatchSize | null {
  const t = raw?.trim() ?? '';
  if (t === '') return SEARCH_DEFAULT_BATCH;
  const n = /^\d{1,4}$/.test(t) ? Number(t) : NaN;
  return (SEARCH_BATCH_SIZES as readonly number[]).includes(n) ? (n as SearchBatchSize) : null;
}

/**
 * Who may use the staff search screen (/admin/trips, spec 2 §6): staff, and case managers who are
 * PaceStaff (read-only there); not partners, passengers or the case manager portal's users.
 */
export function maySearchTrips(user: AccessSubject): boolean {
  return mayAccess(user, ['SecureEmployee', 'Case Manager']) && !isPortalCaseManager(user);
}
