import { tripListRowJson, type DriveAssignment, type TripListView } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { byDayOrder, TRIP_JSON_FROM, TRIP_STAMP, tripWhere, type TripFilter } from './repository.ts';

type Db = Pool | PoolClient;

interface Kept {
  /** The trip's view stamp and its legs' and activities' stamp when it was built (migration 0002). */
  stamp: string;
  epoch: number;
  /** UTF-8 bytes, outside the JavaScript heap: a day's list is assembled with one copy. */
  json: Buffer;
  firstPickup: string | null;
  /** The trip's list row as sent (core tripListRowJson), made from `json` the first time a list view asks. */
  rowJson?: Buffer;
}

/**
 * The JSON of trips as the day list last built them, keyed by trip id and valid only for the
 * trip's view stamp and the epoch it was built at (migration 0002: every change that alters a
 * trip's JSON gives it a new stamp, in the same transaction). Least recently used copies go first
 * once the byte budget is reached.
 */
export class TripJsonCache {
  private kept = new Map<string, Kept>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(id: string, stamp: string, epoch: number): Kept | null {
    const k = this.kept.get(id);
    if (!k || k.stamp !== stamp || k.epoch !== epoch) return null;
    // re-inserting moves it to the young end of the Map's order
    this.kept.delete(id);
    this.kept.set(id, k);
    return k;
  }

  set(id: string, k: Kept): void {
    const old = this.kept.get(id);
    if (old) {
      this.bytes -= old.json.length + (old.rowJson?.length ?? 0);
      this.kept.delete(id);
    }
    if (k.json.length > this.maxBytes) return;
    this.kept.set(id, k);
    this.bytes += k.json.length;
    for (const [oldId, oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldId);
      this.bytes -= oldest.json.length + (oldest.rowJson?.length ?? 0);
    }
  }

  /** The kept copy's list row, made once and counted in the byte budget with the trip. */
  listRow(id: string, k: Kept): Buffer {
    if (k.rowJson) return k.rowJson;
    k.rowJson = Buffer.from(tripListRowJson(JSON.parse(k.json.toString('utf8')) as DriveAssignment));
    if (this.kept.get(id) === k) this.bytes += k.rowJson.length;
    return k.rowJson;
  }

  get size(): number {
    return this.kept.size;
  }
}

const cachesByPool = new WeakMap<object, TripJsonCache>();

/**
 * The one trip JSON cache of a database's connection pool: the HTTP day list, the staff search and
 * the live windows read and fill the same copies, so a trip built for one is ready for the others.
 */
export function tripJsonCacheFor(pool: object): TripJsonCache {
  let cache = cachesByPool.get(pool);
  if (!cache) cachesByPool.set(pool, (cache = new TripJsonCache()));
  return cache;
}

/**
 * The lists last answered, each under the text of what it was made of: every trip's id, stamp and
 * epoch in the order read, with the view and the total. Asked again while none of its trips
 * changed (a partner's day between two changes), the same bytes are sent again instead of looking
 * up, sorting and joining thousands of kept copies. Least recently used answers go first.
 */
export class ListAnswers {
  private kept = new Map<string, Buffer>();
  private bytes = 0;
  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAnswers = 16,
  ) {}

  get(key: string): Buffer | null {
    const json = this.kept.get(key);
    if (!json) return null;
    this.kept.delete(key);
    this.kept.set(key, json);
    return json;
  }

  set(key: string, json: Buffer): void {
    if (json.length > this.maxBytes || this.kept.has(key)) return;
    this.kept.set(key, json);
    this.bytes += json.length;
    for (const [oldKey, oldest] of this.kept) {
      if (this.bytes <= this.maxBytes && this.kept.size <= this.maxAnswers) break;
      this.kept.delete(oldKey);
      this.bytes -= oldest.length;
    }
  }

  get size(): number {
    return this.kept.size;
  }
}

const answersByCache = new WeakMap<TripJsonCache, ListAnswers>();
const answersFor = (cache: TripJsonCache) => {
  let answers = answersByCache.get(cache);
  if (!answers) answersByCache.set(cache, (answers = new ListAnswers()));
  return answers;
};

interface ListedTrip {
  id: string;
  stamp: string;
  epoch: number;
  service_date: string;
  reference_number: string;
}

const COMMA = Buffer.from(',');

/**
 * The day list's queries as named statements, planned once per connection: planning the trip JSON
 * query takes about 3 ms, far longer than running it for the few trips that changed. Their text
 * varies only with the row scope and the filter's fields (values are parameters), so few names are made.
 */
const statementNames = new Map<string, string>();
function statement(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `trip-list-${statementNames.size + 1}`));
  return { name, text, values };
}

/** A trip's own stamp with its legs' and activities' stamp, as one key. */

/**
 * The trips of a filter in the caller's scope as the JSON text of the contract's TripList, in day
 * order (date, first ordered pickup, reference number): the same rows and fields as findTrips, or
 * with view 'list' each trip's list row (TripRowList). The trips and their stamps are read first;
 * only trips without a valid kept copy are built.
 */
export async function tripListJson(
  db: Db,
  cache: TripJsonCache,
  user: SessionUser,
  filter: TripFilter,
  /** The count of all matches when the rows are one page of a larger search. */
  total?: number,
  view: TripListView = 'full',
): Promise<{ json: Buffer; total: number }> {
  const params: unknown[] = [];
  const where = tripWhere(user, filter, params);
  const { rows } = await db.query<ListedTrip>(
    statement(
      `select da.id, ${TRIP_STAMP} as stamp, e.epoch, da.service_date, da.reference_number
         from drive_assignments da cross join trip_view_epoch e left join divisions dv on dv.id = da.division_id
        where ${where}`,
      params,
    ),
  );
  // stamps change with every change to a trip's JSON: the same ones, in the same order, make the same answer
  const key = `${view} ${total ?? ''}\n${rows.map((r) => `${r.id} ${r.stamp} ${r.epoch}`).join('\n')}`;
  const answers = answersFor(cache);
  const again = answers.get(key);
  if (again) return { json: again, total: total ?? rows.length };
  const found = new Map<string, Kept>();
  const missing: string[] = [];
  for (const r of rows) {
    const k = cache.get(r.id, r.stamp, r.epoch);
    if (k) found.set(r.id, k);
    else missing.push(r.id);
  }
  if (missing.length > 0) {
    const builtParams: unknown[] = [];
    const builtWhere = tripWhere(user, { ...filter, ids: missing }, builtParams);
    const built = await db.query<{ id: string; stamp: string; epoch: number; first_pickup: string | null; json: string }>(
      statement(
        `select da.id, ${TRIP_STAMP} as stamp, e.epoch, legs.first_pickup, to_json(trip)::text as json
           ${TRIP_JSON_FROM} cross join trip_view_epoch e
          where ${builtWhere}`,
        builtParams,
      ),
    );
    for (const b of built.rows) {
      const k = { stamp: b.stamp, epoch: b.epoch, json: Buffer.from(b.json), firstPickup: b.first_pickup };
      cache.set(b.id, k);
      found.set(b.id, k);
    }
  }
  // a trip that changed between the two reads and no longer matches the filter is left out
  const ordered = rows
    .flatMap((r) => {
      const k = found.get(r.id);
      if (!k) return [];
      const json = view === 'list' ? cache.listRow(r.id, k) : k.json;
      return [{ date: r.service_date, ref: r.reference_number, pickup: k.firstPickup, json }];
    })
    .sort(byDayOrder);
  const parts: Buffer[] = [Buffer.from('{"rows":[')];
  ordered.forEach((t, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(t.json);
  });
  const count = total ?? ordered.length;
  parts.push(Buffer.from(`],"total":${count}}`));
  const json = Buffer.concat(parts);
  // only an answer made wholly of copies kept for the stamps read is the answer to those stamps
  if (missing.length === 0 && ordered.length === rows.length) answers.set(key, json);
  return { json, total: count };
}
