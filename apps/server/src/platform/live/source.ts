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
  /** The current rows of changed ids; ids that no longer exist are absent. */
  load(ids: string[]): Promise<WindowedLoad<R>[]>;
  /** The record as a member of a view, or null when the view's text filter leaves it out. */
  member(query: WindowQuery, record: unknown): WindowMember | null;
  /** The row's version stamp: a reloaded row with the same one has not changed visibly. */
  version(row: R): string;
  /** The JSON of rows to send, by id; a row that no longer exists may be absent. */
  rowsJson(rows: R[]): Promise<Map<string, string>>;
}
