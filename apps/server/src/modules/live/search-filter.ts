import { LIVE_SEARCH_MSG, MSG, liveSearchLimit, maySearchTrips, operatorToday, TripSearchQuery, type SyncDriveAssvFilter } from '@tripline/core';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { HttpError } from '../../platform/errors.ts';
import type { LiveAuthorization } from '../../platform/live/source.ts';
import { tripScope } from '../../platform/scope.ts';
import { compileTripSearch } from '../search/compile.ts';
import { SearchSelection, type SearchDeps } from './search-set.ts';

/**
 * A trip found set's filter once authorised: a live search carries its parameters normalised and
 * the row scope it is evaluated in (`scope`), so that subscribers sharing a set ask the same
 * question of the same trips.
 */
export type TripSetFilter = z.output<typeof SyncDriveAssvFilter> & { scope?: string };

/** Parameters that do not change which trips a search finds. */
const NOT_CRITERIA = new Set(['showTab', 'view', 'limit']);

/** The search as its set's key holds it: the criteria given, trimmed, in name order, and the batch size. */
function normalised(q: TripSearchQuery, limit: number): Record<string, string> {
  const entries = Object.entries(q)
    .filter(([k, v]) => !NOT_CRITERIA.has(k) && v !== undefined && String(v).trim() !== '')
    .map(([k, v]) => [k, String(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return { ...Object.fromEntries(entries), limit: String(limit) };
}

/** A user's trip row scope as text: users with the same one share a search's set. */
function scopeKey(user: SessionUser): string {
  const params: unknown[] = [];
  const sql = tripScope(user, params);
  return JSON.stringify([sql, params]);
}

/**
 * Whether a user may watch a search, and as which set: only users of the staff search (staff and
 * PaceStaff case managers); the batch size one of the screen's; the criteria checked as the HTTP
 * search checks them, refused with its message.
 */
export function authorizeSearch(user: SessionUser, search: Record<string, string>, now: Date): LiveAuthorization<TripSetFilter> {
  if (!maySearchTrips(user)) return { error: MSG.RESOURCE_DENIED };
  const limit = liveSearchLimit(search.limit);
  if (limit === null) return { error: LIVE_SEARCH_MSG.BATCH };
  const parsed = TripSearchQuery.safeParse(search);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'The search is not valid' };
  try {
    compileTripSearch(parsed.data, user, operatorToday(now), []);
  } catch (e) {
    if (e instanceof HttpError) return { error: e.message };
    throw e;
  }
  return { filter: { search: normalised(parsed.data, limit), scope: scopeKey(user) } };
}

/** The selection of an authorised search's set, made for its first subscriber. */
export function searchSelection(deps: SearchDeps, filter: TripSetFilter, user: SessionUser): SearchSelection | null {
  if (!filter.search) return null;
  const query = TripSearchQuery.parse(filter.search);
  return new SearchSelection(deps, query, user, liveSearchLimit(filter.search.limit)!);
}
