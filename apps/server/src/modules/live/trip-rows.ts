import { toMember, toTripListRow, tripListRowJson, type DriveAssignment, type TripListRow, type WindowMember, type WindowQuery } from '@tripline/core';
import type { Pool } from 'pg';
import type { TripJsonCache } from '../trips/day-list.ts';
import { TRIP_JSON_FROM, TRIP_KEY_COLUMNS, TRIP_LIST_JSON_FROM, TRIP_STAMP, tripKeysOf, tripWhere, type TripFilter, type TripKeyRow, type TripKeys } from '../trips/repository.ts';

/**
 * Trips for windowed found sets: each trip's keys (filter fields and row scope) with its version
 * stamp, as the day list reads them (the trip's view stamp with its legs' and activities' stamp,
 * and the epoch of reference data, migration 0002). A windowed set keeps only these and each
 * trip's member; the JSON of the rows a window shows comes from the day list's per-trip cache.
 */
export interface StampedTrip extends TripKeys {
  stamp: string;
  epoch: number;
}

/**
 * What a member is made from: the trip's list row (every field a member's key, flags and the Home
 * search text read) with its partner's id (the outside-partner rule reads it). A day of 27,000
 * trips is held as list rows while its members are made, never as 27,000 parsed full trips.
 */
export type MemberRecord = TripListRow & Pick<DriveAssignment, 'farmoutContactId'>;

/** A loaded trip: its keys and its member record, read once to make its members and then let go. */
export interface LoadedTrip {
  row: StampedTrip;
  record: MemberRecord;
}

interface Built extends TripKeyRow {
  first_pickup: string | null;
  stamp: string;
  epoch: string;
  json: string;
}

const stamped = (from: string) => `${from} cross join trip_view_epoch e`;
/** Full trips (DriveAssignment), kept in the cache: the rows windows send. */
const FULL = stamped(TRIP_JSON_FROM);
/** Only a list row's fields and the partner's id: what members are made of. */
const LISTED = stamped(TRIP_LIST_JSON_FROM);
const COLUMNS = `${TRIP_KEY_COLUMNS}, legs.first_pickup::text as first_pickup, ${TRIP_STAMP} as stamp,
  e.epoch::text as epoch, to_json(trip)::text as json`;

const keysOf = (b: Built): StampedTrip => ({ ...tripKeysOf(b), stamp: b.stamp, epoch: Number(b.epoch) });

/** The version a windowed set compares: a reloaded trip with the same one has not changed visibly. */
export const versionOf = (t: StampedTrip) => `${t.epoch}:${t.stamp}`;

/** A windowed set is read in this many parts, two at a time, so a whole day's JSON is never in memory at once. */
export const EVALUATION_PARTS = 6;

/** A build keeps full trips in the cache only up to this many bytes: a whole day would empty it. */
const KEEP_PER_BUILD_BYTES = 16 * 1024 * 1024;

/**
 * Builds trips over `from` (in `parts` queries, two at a time, split by a hash of the id) and answers
 * `each` of every built trip; full trips are kept in the cache (up to KEEP_PER_BUILD_BYTES for one
 * build). Each part's rows are let go as soon as they are taken in.
 */
async function build<T>(pool: Pool, from: string, cache: TripJsonCache | null, filter: TripFilter, parts: number, each: (b: Built) => T): Promise<T[]> {
  const params: unknown[] = [];
  const where = tripWhere(null, filter, params);
  const split = (k: number) => (parts > 1 ? ` and abs(hashtext(da.id::text) % ${parts}) = ${k}` : '');
  let kept = 0;
  const take = async (k: number): Promise<T[]> => {
    const { rows } = await pool.query<Built>(`select ${COLUMNS} ${from} where ${where}${split(k)}`, params);
    return rows.map((b) => {
      if (cache && kept < KEEP_PER_BUILD_BYTES) {
        const json = Buffer.from(b.json);
        kept += json.length;
        cache.set(b.id, { stamp: b.stamp, epoch: Number(b.epoch), json, firstPickup: b.first_pickup });
      }
      return each(b);
    });
  };
  // two parts at a time: a day's JSON is never all in memory at once
  const results: T[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < parts) {
      const k = next++;
      results[k] = await take(k);
    }
  };
  await Promise.all([worker(), worker()]);
  return results.flat();
}

/** A built trip's keys and member record; its JSON is the full trip or only the list row's fields (both read the same). */
function loaded(b: Built): LoadedTrip {
  const trip = JSON.parse(b.json) as DriveAssignment;
  return { row: keysOf(b), record: { ...toTripListRow(trip), farmoutContactId: trip.farmoutContactId } };
}

/**
 * The member a loaded trip is in a windowed set: core toMember, which reads only fields a list row
 * has (its key, flags and the Home search text) and the partner's id.
 */
export const memberOf = (record: MemberRecord, query: WindowQuery, now: Date): WindowMember | null =>
  toMember(record as unknown as DriveAssignment, query, now);

/**
 * Trips matching a filter (no user scope: the fan-out applies each subscriber's), in no particular
 * order. `full`: built whole, and kept in the cache up to KEEP_PER_BUILD_BYTES, for a set's own
 * trips (a day, whose windows show rows that move in as members come and go) and changed trips
 * about to be sent. Otherwise (a search's held matches, most of which no window ever shows) only
 * the list row's fields are built: two thirds of the work for PostgreSQL, and less to parse.
 */
export function loadStampedTrips(pool: Pool, cache: TripJsonCache, filter: TripFilter, full: boolean, parts = 1): Promise<LoadedTrip[]> {
  return build(pool, full ? FULL : LISTED, full ? cache : null, filter, parts, loaded);
}

/**
 * The list rows (core TripListRow, as sent) of trips a window shows, from the cache where its copy
 * has the trip's stamp and epoch; the others are built now (as they are at this moment) and kept.
 * Trips deleted meanwhile are left out. A row is opened by reading the full trip.
 */
export async function tripsJson(pool: Pool, cache: TripJsonCache, trips: readonly StampedTrip[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const t of trips) {
    const kept = cache.get(t.id, t.stamp, t.epoch);
    if (kept) out.set(t.id, cache.listRow(t.id, kept).toString('utf8'));
    else missing.push(t.id);
  }
  if (missing.length > 0) {
    await build(pool, FULL, cache, { ids: missing }, 1, (b) => {
      const kept = cache.get(b.id, b.stamp, Number(b.epoch));
      out.set(b.id, kept ? cache.listRow(b.id, kept).toString('utf8') : tripListRowJson(JSON.parse(b.json) as DriveAssignment));
    });
  }
  return out;
}
