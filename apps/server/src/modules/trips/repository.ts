import type { DriveAssignment } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { tripScope } from '../../platform/scope.ts';
import { TRIP_JSON_FROM } from './trip-sql.ts';
import { prepared } from '../../platform/db/prepared.ts';

export { FIRST_PICKUP, TRIP_JSON_FROM, TRIP_LIST_JSON_FROM } from './trip-sql.ts';

type Db = Pool | PoolClient;

export interface TripFilter {
  /** Service (pickup) date, YYYY-MM-DD. */
  serviceDate?: string;
  /** Division code, e.g. NM01. */
  division?: string;
  /** The partner the trips are farmed out to. */
  affiliateId?: string;
  ids?: readonly string[];
  referenceNumber?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value can be a record id: anything else matches no row (and must not reach a uuid cast). */
export const isUuid = (v: string) => UUID.test(v);

/** By date, then the first ordered pickup, then reference number (in byte order, as byDayOrder below). */
/** Day order: date, first real pickup (kept on the trip row, migration 0021), reference; an index of drive_assignments. */
export const ORDER = `da.service_date, da.first_pickup nulls last, da.reference_number collate "C"`;

/** A trip's version as its JSON depends on it: its own stamp with its legs' and activities' (migrations 0002, 0013). */
export const TRIP_STAMP = `da.view_stamp::text || '.' || da.legs_stamp::text`;

/** Builds the WHERE clause of a trip query: the filter, always within the caller's row scope. */
export function tripWhere(user: SessionUser | null, filter: TripFilter, params: unknown[]): string {
  const parts: string[] = [user ? tripScope(user, params) : 'true'];
  if (filter.serviceDate) {
    params.push(filter.serviceDate);
    parts.push(`da.service_date = $${params.length}`);
  }
  if (filter.division) {
    params.push(filter.division);
    parts.push(`dv.code = $${params.length}`);
  }
  if (filter.affiliateId !== undefined) {
    params.push(isUuid(filter.affiliateId) ? filter.affiliateId : null);
    parts.push(`da.farmout_contact_id = $${params.length}::uuid`);
  }
  if (filter.ids) {
    const ids = filter.ids.filter(isUuid);
    // one trip by its id: an equality, so a kept plan costs what a fresh one does (prepared below)
    params.push(ids.length === 1 ? ids[0] : ids);
    parts.push(ids.length === 1 ? `da.id = $${params.length}::uuid` : `da.id = any($${params.length}::uuid[])`);
  }
  if (filter.referenceNumber) {
    params.push(filter.referenceNumber);
    parts.push(`da.reference_number = $${params.length}`);
  }
  return parts.join(' and ');
}

/**
 * Trips matching a filter, within the caller's row scope (null user: no scope, for trusted server
 * code such as the live fan-out, which applies each subscriber's scope itself). PostgreSQL builds
 * each trip's JSON, so a day of thousands of trips is not presented row by row in JavaScript.
 */
export async function findTrips(db: Db, user: SessionUser | null, filter: TripFilter): Promise<DriveAssignment[]> {
  const params: unknown[] = [];
  const where = tripWhere(user, filter, params);
  const text = `select to_json(trip) as trip ${TRIP_JSON_FROM} where ${where} order by ${ORDER}`;
  // trips by id or reference (every write's re-read, inspect, the portal's trip page) keep their plan
  const byKey = !filter.serviceDate && !filter.division && filter.affiliateId === undefined;
  const { rows } = await db.query<{ trip: DriveAssignment }>(byKey ? prepared(text, params) : { text, values: params });
  return rows.map((r) => r.trip);
}

/**
 * What the live fan-out reads of a trip besides its JSON: the fields its filters test and the row
 * scope needs (tripMatches, tripVisibleTo). Read as columns, so a day's JSON is never parsed here.
 */
export interface TripKeys {
  id: string;
  serviceDate: string;
  division: string | null;
  farmoutContactId: string | null;
  billToContactId: string | null;
  tripLegs: { passengerId: string }[];
}

/** A trip's keys with its JSON text as PostgreSQL built it (what live found sets keep and send). */
export interface TripJson {
  trip: TripKeys;
  json: string;
}

/** The columns of a trip's keys (TRIP_KEY_COLUMNS), as read from a query over TRIP_JSON_FROM. */
export interface TripKeyRow {
  id: string;
  date: string;
  division: string | null;
  farmout: string | null;
  bill_to: string | null;
  passenger_ids: string[];
}

/** A trip's keys (filter fields and row scope), read over TRIP_JSON_FROM. */
export const TRIP_KEY_COLUMNS = `da.id, to_char(da.service_date, 'YYYY-MM-DD') as date, dv.code as division,
  da.farmout_contact_id as farmout, da.bill_to_contact_id as bill_to, legs.passenger_ids`;

export const tripKeysOf = (r: TripKeyRow): TripKeys => ({
  id: r.id,
  serviceDate: r.date,
  division: r.division,
  farmoutContactId: r.farmout,
  billToContactId: r.bill_to,
  tripLegs: r.passenger_ids.map((passengerId) => ({ passengerId })),
});

interface TripJsonRow extends TripKeyRow {
  pickup: string | null;
  ref: string;
  json: string;
}

const TRIP_JSON_COLUMNS = `${TRIP_KEY_COLUMNS},
  legs.first_pickup::text as pickup, da.reference_number as ref, to_json(trip)::text as json`;

const tripJson = (r: TripJsonRow): TripJson => ({ trip: tripKeysOf(r), json: r.json });

/** Trips matching a filter, with no user scope, each with its keys and JSON text; in no particular order. */
export async function findTripsJson(db: Db, filter: TripFilter): Promise<TripJson[]> {
  const params: unknown[] = [];
  const where = tripWhere(null, filter, params);
  const { rows } = await db.query<TripJsonRow>(`select ${TRIP_JSON_COLUMNS} ${TRIP_JSON_FROM} where ${where}`, params);
  return rows.map(tripJson);
}

/** Plain code-point order: the values are ISO dates, HH:MM:SS times and reference numbers. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * ORDER in JavaScript, for rows built apart: date, first real ordered pickup (none last), then
 * reference number in byte order (as `collate "C"` in ORDER).
 */
export const byDayOrder = (a: { date: string; pickup: string | null; ref: string }, b: typeof a) =>
  cmp(a.date, b.date) ||
  (a.pickup === b.pickup ? 0 : a.pickup === null ? 1 : b.pickup === null ? -1 : cmp(a.pickup, b.pickup)) ||
  cmp(a.ref, b.ref);

/**
 * Trips matching a filter, with no user scope, each with its keys and JSON text, in day order (as
 * findTrips). Building the JSON is most of the work and one query keeps one database core busy,
 * so the trips are split by a hash of their id into `parts` queries run at once on separate
 * connections, and put in day order here from the sort keys each query returns alongside.
 */
export async function findTripsJsonInParts(pool: Pool, filter: TripFilter, parts = 2): Promise<TripJson[]> {
  const params: unknown[] = [];
  const where = tripWhere(null, filter, params);
  const built = await Promise.all(
    Array.from({ length: parts }, (_, k) =>
      pool.query<TripJsonRow>(
        `select ${TRIP_JSON_COLUMNS} ${TRIP_JSON_FROM} where ${where} and abs(hashtext(da.id::text) % ${parts}) = ${k}`,
        params,
      ),
    ),
  );
  return built
    .flatMap((r) => r.rows)
    .sort(byDayOrder)
    .map(tripJson);
}

/**
 * Ids of the trips meeting a condition over `da` (built with bind parameters in `params`, row scope
 * included), in day order, at most `limit`, with the count of every trip that meets it.
 */
export async function tripIdsInDayOrder(db: Db, where: string, params: unknown[], limit: number): Promise<{ ids: string[]; total: number }> {
  // the first matches straight from the day-order index; counting all of them only when there are more
  const { rows } = await db.query<{ id: string }>(
    `select da.id from drive_assignments da where ${where} order by ${ORDER} limit $${params.length + 1}`,
    [...params, limit],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length < limit) return { ids, total: ids.length };
  const counted = await db.query<{ n: string }>(`select count(*) as n from drive_assignments da where ${where}`, params);
  return { ids, total: Number(counted.rows[0].n) };
}

/** One trip in the caller's scope, or null (the caller answers 404). */
export async function findTrip(db: Db, user: SessionUser | null, id: string): Promise<DriveAssignment | null> {
  if (!isUuid(id)) return null;
  const [trip] = await findTrips(db, user, { ids: [id] });
  return trip ?? null;
}

/** Locks a trip row for the rest of the transaction; null when missing or out of scope. */
export async function lockTrip(client: PoolClient, user: SessionUser, id: string): Promise<DriveAssignment | null> {
  const locked = await lockTrips(client, user, [id]);
  return locked.get(id) ?? null;
}

/**
 * Locks trips for the rest of the transaction, in id order so that two batches never wait on each
 * other in a circle. Trips missing or out of the caller's scope are absent from the answer.
 */
export async function lockTrips(client: PoolClient, user: SessionUser, ids: readonly string[]): Promise<Map<string, DriveAssignment>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(wanted);
  const { rows } = await client.query(
    `select da.id from drive_assignments da where ${scope} and da.id = any($${params.length}::uuid[]) order by da.id for update of da`,
    params,
  );
  if (rows.length === 0) return new Map();
  const trips = await findTrips(client, null, { ids: rows.map((r) => r.id) });
  return new Map(trips.map((t) => [t.id, t]));
}

/** Locks the trip with a reference number in the caller's scope; null when missing or out of scope. */
export async function lockTripByReference(client: PoolClient, user: SessionUser, referenceNumber: string): Promise<DriveAssignment | null> {
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(referenceNumber);
  const { rows } = await client.query(
    `select da.id from drive_assignments da where ${scope} and da.reference_number = $${params.length} for update of da`,
    params,
  );
  return rows[0] ? lockTrip(client, user, rows[0].id) : null;
}
