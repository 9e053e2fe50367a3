import { dayKey, operatorToday, type TripSearchQuery } from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { HttpError } from '../../platform/errors.ts';
import { LiveRefusal, type MemberSelection, type SelectionRead, type SelectionStep } from '../../platform/live/source.ts';
import { compileTripSearch } from '../search/compile.ts';
import { findWithinTimeout } from '../search/service.ts';
import { ORDER } from '../trips/repository.ts';
import { IdSet } from './id-set.ts';
import { HeldMatches, type HeldMatch } from './search-held.ts';

/**
 * Up to this many matches a search keeps every match's id (16 bytes each, 1.6 MB at most, built
 * beside delivery); beyond, only their count.
 */
export const MATCH_IDS_MAX = 100_000;

export type SearchDeps = Pick<AppDeps, 'pool' | 'clock' | 'config'>;

/** A reading of a search: all of it (held matches, count, every id), or only its count. */
export type SearchReading = { kind: 'count'; total: number } | { kind: 'full'; today: string; held: HeldMatch[]; total: number; all: IdSet | null };

interface DayRow {
  id: string;
  date: string;
  first_pickup: string | null;
  ref: string;
}

const DAY_COLUMNS = `da.id, to_char(da.service_date, 'YYYY-MM-DD') as date, da.first_pickup::text as first_pickup, da.reference_number as ref`;
const heldOf = (r: DayRow): HeldMatch => ({ id: r.id, key: dayKey(r.date, r.first_pickup, r.ref) });

/**
 * The members of a live staff search, decided by the search's SQL condition (compileTripSearch,
 * with the row scope of the user it was made for): read beside delivery with the HTTP search's
 * time limit, and on a change by asking which changed trips meet the condition now (`da.id =
 * any($changed) and <condition>`), never by matching a row in memory. Relative days are resolved
 * against the operator's date of the last full reading; when the date moves on and the condition
 * with it, the search is read again.
 */
export class SearchSelection implements MemberSelection<SearchReading> {
  private readonly state: HeldMatches;
  private today: string;

  constructor(
    private readonly deps: SearchDeps,
    private readonly query: TripSearchQuery,
    private readonly user: SessionUser,
    limit: number,
    private readonly idsMax = MATCH_IDS_MAX,
  ) {
    this.state = new HeldMatches(limit, idsMax);
    this.today = operatorToday(deps.clock.now());
  }

  has(id: string): boolean {
    return this.state.has(id);
  }

  fields(hidden: number): string {
    return `,"matches":${this.state.matches},"hidden":${hidden}`;
  }

  idsOf(reading: SearchReading): readonly string[] {
    return reading.kind === 'full' ? reading.held.map((h) => h.id) : [];
  }

  private condition(today: string): { where: string; params: unknown[] } {
    const params: unknown[] = [];
    return { where: compileTripSearch(this.query, this.user, today, params), params };
  }

  /**
   * Beside delivery, in one snapshot (repeatable read) and within the search time limit: the
   * first `limit` matches in day order and the count of all, with every match's id while there
   * are at most idsMax of them; or only the count.
   */
  async read(kind: SelectionRead): Promise<SearchReading> {
    const today = operatorToday(this.deps.clock.now());
    const { where, params } = this.condition(today);
    try {
      return await findWithinTimeout(this.deps, async (db): Promise<SearchReading> => {
        if (kind === 'count') {
          const { rows } = await db.query<{ n: string }>(`select count(*) as n from drive_assignments da where ${where}`, params);
          return { kind, total: Number(rows[0].n) };
        }
        // one snapshot (findWithinTimeout): the first matches from the day-order index, then every
        // match's id (their count) while there are at most idsMax, else only the count
        const { rows } = await db.query<DayRow>(
          `select ${DAY_COLUMNS} from drive_assignments da where ${where} order by ${ORDER} limit $${params.length + 1}`,
          [...params, this.state.limit],
        );
        let total = rows.length;
        let all: IdSet | null = null;
        if (rows.length === this.state.limit) {
          const ids = await db.query<{ id: string }>(`select da.id from drive_assignments da where ${where} limit $${params.length + 1}`, [
            ...params,
            this.idsMax + 1,
          ]);
          if (ids.rows.length <= this.idsMax) {
            all = IdSet.from(ids.rows.map((r) => r.id));
            total = ids.rows.length;
          } else {
            total = Number((await db.query<{ n: string }>(`select count(*) as n from drive_assignments da where ${where}`, params)).rows[0].n);
          }
        }
        return { kind, today, held: rows.map(heldOf), total, all };
      });
    } catch (e) {
      // a search too broad to answer in time: the subscriber is told so, in the HTTP search's words
      if (e instanceof HttpError && e.status === 400) throw new LiveRefusal(e.message);
      throw e;
    }
  }

  async adopt(reading: SearchReading, since: ReadonlySet<string>): Promise<SelectionStep> {
    let touched: Set<string>;
    if (reading.kind === 'full') {
      this.today = reading.today;
      touched = this.state.reset(reading.held, reading.total, reading.all);
    } else {
      this.state.counted(reading.total);
      touched = new Set();
    }
    if (since.size === 0) return { touched, read: null };
    const step = await this.change(since);
    for (const id of step.touched) touched.add(id);
    return { touched, read: step.read };
  }

  async change(ids: ReadonlySet<string>): Promise<SelectionStep> {
    return this.state.apply(ids, await this.matching(ids));
  }

  /** Which of the ids meet the search's condition now, with their day keys. */
  private async matching(ids: ReadonlySet<string>): Promise<Map<string, string>> {
    const { where, params } = this.condition(this.today);
    params.push([...ids]);
    const { rows } = await this.deps.pool.query<DayRow>(
      `select ${DAY_COLUMNS} from drive_assignments da where da.id = any($${params.length}::uuid[]) and ${where}`,
      params,
    );
    return new Map(rows.map((r) => [r.id, heldOf(r).key]));
  }

  dayChanged(now: Date): boolean {
    const today = operatorToday(now);
    if (today === this.today) return false;
    const before = this.condition(this.today);
    const after = this.condition(today);
    if (before.where === after.where && JSON.stringify(before.params) === JSON.stringify(after.params)) {
      this.today = today;
      return false;
    }
    return true;
  }
}
