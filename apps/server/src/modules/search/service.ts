import { SEARCH_DEFAULT_BATCH, SEARCH_MSG, SEARCH_TIMEOUT_MS, operatorToday, parseDateInput, searchLimit, splitReferenceNumbers, type TripSearchQuery } from '@tripline/core';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { tripListJson, type TripJsonCache } from '../trips/day-list.ts';
import { tripIdsInDayOrder } from '../trips/repository.ts';
import { compileTripSearch } from './compile.ts';

/** The parameters the partner's day list and API clients send: served from the kept trip JSON directly. */
const DAY_LIST_KEYS = new Set(['id', 'serviceDate', 'referenceNumber', 'showTab', 'view']);

/**
 * Whether a request is the plain day list (a YYYY-MM-DD serviceDate), one trip by id or a single
 * reference number, with nothing else: those keep the day list's fast path and its 404 for one trip.
 */
export function isDayListQuery(q: TripSearchQuery): boolean {
  const present = Object.entries(q).filter(([, v]) => v !== undefined && String(v).trim() !== '');
  if (present.length === 0 || present.some(([k]) => !DAY_LIST_KEYS.has(k))) return false;
  // text the database cannot hold goes to the search, which refuses it with a message
  if (present.some(([, v]) => String(v).includes('\u0000'))) return false;
  const day = q.serviceDate;
  if (day !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && parseDateInput(day, day) === day)) return false;
  return q.referenceNumber === undefined || splitReferenceNumbers(q.referenceNumber).length === 1;
}

/**
 * The staff trip search (docs/trip-search.md): the matching trips in the caller's scope, in day
 * order, at most `limit` (else the screen's default of 250), as the TripList JSON with the count of all
 * matches (or, with view=list, the TripRowList JSON). Rows come from the day list's kept JSON where it is still valid.
 */
export async function searchTrips(deps: AppDeps, cache: TripJsonCache, user: SessionUser, q: TripSearchQuery): Promise<Buffer> {
  const params: unknown[] = [];
  const where = compileTripSearch(q, user, operatorToday(deps.clock.now()), params);
  // validated by the contract: a whole number from 1 to 10,000, or absent for the default
  const limit = searchLimit(q.limit) ?? SEARCH_DEFAULT_BATCH;
  const { ids, total } = await findWithinTimeout(deps, (db) => tripIdsInDayOrder(db, where, params, limit));
  if (ids.length === 0) return Buffer.from(`{"rows":[],"total":${total}}`);
  const list = await tripListJson(deps.pool, cache, user, { ids }, total, q.view);
  return list.json;
}

/**
 * Finds a search's trips with a time limit: a query that would order most of a million trips
 * (a custom query without a date or partner) is stopped and the user asked to narrow it, instead
 * of holding a connection and the database for minutes.
 */
export async function findWithinTimeout<T>(deps: Pick<AppDeps, 'pool' | 'config'>, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await deps.pool.connect();
  try {
    // one snapshot for all of the work (a search's first matches and its count agree)
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(Number(deps.config.searchTimeoutMs ?? SEARCH_TIMEOUT_MS)))}`);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    // 57014: query_canceled, here by the statement timeout
    if ((e as { code?: string }).code === '57014') throw badRequest(SEARCH_MSG.TOO_BROAD);
    throw e;
  } finally {
    client.release();
  }
}
