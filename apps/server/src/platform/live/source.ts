import type { LiveTable, WindowMember, WindowQuery } from '@tripline/core';
import type { SessionUser } from '../auth/users.ts';
import type { LiveRow } from './found-set.ts';

/**
 * What a fetch may watch: refused with a message; a filter to evaluate (possibly narrowed by the
 * user's scope, so subscribers who can only ever see the same rows share one found set); or
 * nothing, when the scope already says no row can be visible.
 */
export type LiveAuthorization<F> = { error: string } | { filter: F } | { empty: true };

/**
 * One live table: how to evaluate a found set, reload changed rows, decide whether a row belongs
 * to a filter and whether a user may see it. The fan-out is generic; the areas supply these.
 * Method syntax on purpose: the registry holds sources of different filter and row types.
 */
export interface LiveSource<F extends object = object, R extends LiveRow = LiveRow> {
  readonly table: LiveTable;
  /** Database tables (names in the change notifications) whose changes concern this table. */
  readonly changedBy: readonly string[];
  authorize(user: SessionUser, filter: F): LiveAuthorization<F>;
  /** Every row of a found set, with no user scope (the fan-out applies each subscriber's). */
  evaluate(filter: F): Promise<R[]>;
  /** The current rows of changed ids; ids that no longer exist are simply absent. */
  load(ids: string[]): Promise<R[]>;
  matches(filter: F, row: R): boolean;
  visibleTo(user: SessionUser, row: R): boolean;
  /**
   * A row's JSON as sent to clients, for a source that already holds it (built by the database);
   * without it the row is serialised with JSON.stringify. The same row must always give the same
   * text: a reloaded row whose text is unchanged is not reported.
   */
  json?(row: R): string;
  /**
   * How this subscriber receives rows: null (or absent) sends the text kept for everyone; a
   * function makes the subscriber's own text from it (the portal's projection of a trip for case
   * managers and passengers). A subscriber that has one may not use a windowed view.
   */
  present?(user: SessionUser): ((json: string) => string) | null;
  /** For a table that offers windowed found sets (a fetch with a view). */
  windowed?: WindowedSource<F, R>;
}

/** A row read for a windowed found set, with the record it was read from (to make its member, then let go). */
export interface WindowedLoad<R extends LiveRow = LiveRow> {
  row: R;
  record: unknown;
}

/**
 * How a table serves windowed found sets. Such a set keeps each member's row keys, version and
 * member only; the JSON of a window's rows is asked for when it is sent. Method syntax on purpose
 * (the registry holds sources of different types).
 */
export interface WindowedSource<F extends object = object, R extends LiveRow = LiveRow> {
  /** Every row of a found set, with no user scope, in no particular order. */
  evaluate(filter: F): Promise<WindowedLoad<R>[]>;
  /**
   * The current rows of ids; ids that no longer exist are absent. `reading`: for a set's reading
   * beside delivery (many rows, most never shown); otherwise changed rows about to be sent.
   */
  load(ids: string[], reading?: boolean): Promise<WindowedLoad<R>[]>;
  /** The record as a member of a view, or null when the view's text filter leaves it out. */
  member(query: WindowQuery, record: unknown): WindowMember | null;
  /** The row's version stamp: a reloaded row with the same one has not changed visibly. */
  version(row: R): string;
  /** The JSON of rows to send, by id; a row that no longer exists may be absent. */
  rowsJson(rows: R[]): Promise<Map<string, string>>;
  /**
   * For a filter whose members a query decides (a search): its selection, made for the first
   * subscriber (whose row scope the filter's key holds); null for a filter matched in memory.
   */
  selection?(filter: F, user: SessionUser): MemberSelection | null;
}

/** What a selection decided in one step, for the windowed set to bring its members up to date. */
export interface SelectionStep {
  /** Ids whose membership or row may have changed: each becomes a member again (has) or leaves. */
  touched: ReadonlySet<string>;
  /** The selection wants to be read again beside delivery: only its count, or all of it. */
  read: SelectionRead | null;
}

/** What a reading of a selection reads: only its count of matches, or everything (held ids and counts). */
export type SelectionRead = 'count' | 'full';

/**
 * Membership of a windowed set decided by a query instead of by matching rows in memory (the staff
 * search): the selection keeps which ids are held and its counts; the windowed set keeps their
 * members. A reading runs beside change delivery; adopting it and applying changes run in turn
 * with the changes, and `since` holds the ids changed after the reading began, to check again.
 * Method syntax on purpose (the registry holds selections of different readings).
 */
export interface MemberSelection<Reading = unknown> {
  /** Whether an id is held (a member, unless the view hides it). */
  has(id: string): boolean;
  /** JSON fields sent with every FetchedFoundSet and FoundSetChanged of the set, each after a comma. */
  fields(hidden: number): string;
  read(kind: SelectionRead): Promise<Reading>;
  /** The ids a reading holds (their rows are loaded beside delivery as well). */
  idsOf(reading: Reading): readonly string[];
  adopt(reading: Reading, since: ReadonlySet<string>): Promise<SelectionStep>;
  /** Ids changed in the database. */
  change(ids: ReadonlySet<string>): Promise<SelectionStep>;
  /** The clock says `now`: whether the selection depends on the operator's date and must be read again in full. */
  dayChanged(now: Date): boolean;
}

/** A refusal to show the subscriber as it is (an Error with this message), such as a search too broad to answer. */
export class LiveRefusal extends Error {}
