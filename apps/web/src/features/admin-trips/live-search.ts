import {
  DAY_ORDER,
  isShown,
  memberFlags,
  orderTrips,
  sortKey,
  truncationWarning,
  type LiveView,
  type TripListRow,
  type WindowMember,
} from '@tripline/core';
import type { LiveRequest } from '../../lib/live.ts';
import type { WindowAnswer, WindowRange } from '../../lib/windowed-set.ts';
import { plural } from '../trips/home/trip-format.ts';
import type { Sort } from './results.ts';

/**
 * The staff search as a live windowed found set (core live/search.ts): the page's state as the
 * live request, the figures the answers carry besides the members, and the same answer built from
 * the HTTP search for when the socket cannot be used.
 */

/** Rows asked for with the first request: a screen's worth and more, so rows show without another round trip. */
export const FIRST_WINDOW = 100;

/** How the results are shown: what decides the members' order and which of the batch are members. */
export interface SearchView {
  /** The table's order; null keeps the day order. */
  sort: Sort | null;
  /** Outside partners' trips are left out (spec 2 §6). */
  hideOutside: boolean;
}

export function liveSearchView(view: SearchView, window: WindowRange = { start: 0, count: FIRST_WINDOW }): LiveView {
  return { start: window.start, count: window.count, ...(view.sort ? { sort: { key: view.sort.key, dir: view.sort.dir } } : {}), hideOutside: view.hideOutside };
}

/**
 * The live fetch of a search: GET drive-assignments' parameters (the criteria, `limit` and any
 * custom query, as apiQuery writes them) as the filter's `search`, and the view.
 */
export function liveSearchRequest(query: Readonly<Record<string, string>>, view: SearchView): LiveRequest {
  return { table: 'SyncDriveAssv', filter: { search: { ...query } }, view: liveSearchView(view) };
}

/** What the count line and the warnings say of one answer. */
export interface SearchFigures {
  /** The trips the table shows (the members). */
  shown: number;
  /** Outside partners' trips of the batch left out while they are hidden. */
  hidden: number;
  /** The trips of the batch: shown and hidden. */
  held: number;
  /** Every trip that matches, more than `held` while the batch size cuts the search. */
  matches: number;
  /** spec 2 §5 "Results are truncated! …" while more match than the batch holds, else null. */
  truncated: string | null;
}

/** The figures of an answer: `total` its members' count, `extras` the search's matches and hidden. */
export function searchFigures(total: number, extras: Readonly<Record<string, number>>, limit: number, hideOutside: boolean): SearchFigures {
  const hidden = hideOutside ? (extras.hidden ?? 0) : 0;
  const held = total + hidden;
  const matches = Math.max(extras.matches ?? held, held);
  return { shown: total, hidden, held, matches, truncated: truncationWarning(matches, limit) };
}

/** The count line: "12 trips" (shown strong), then " (first 1000 of 12000 found) · 3 selected". */
export function countText(figures: SearchFigures, selected: number): { trips: string; rest: string } {
  const cut = figures.truncated ? ` (first ${figures.held} of ${figures.matches} found)` : '';
  return { trips: plural(figures.shown, 'trip'), rest: `${cut}${selected > 0 ? ` · ${selected} selected` : ''}` };
}

/** The outside partners switch's label (spec 2 §6), with how many trips it hides. */
export const outsideSwitchLabel = (hidden: number) => (hidden > 0 ? `Show outside partners (${hidden} hidden)` : 'Show outside partners');

/** The HTTP search's answer: the batch's list rows in day order and the count of every match. */
export interface SearchList {
  rows: readonly TripListRow[];
  total: number;
}

/**
 * The answer a live search would give, from the HTTP search (GET drive-assignments?view=list):
 * the batch ordered by the view's column with the same keys the server uses, outside partners'
 * trips left out and counted when hidden, the window's rows, and the figures. `now` decides the
 * members' past flags.
 */
export function httpSearchWindow(list: SearchList, view: SearchView, window: WindowRange, now: Date): WindowAnswer<TripListRow> {
  const sort = view.sort ?? DAY_ORDER;
  const members: WindowMember[] = [];
  const rows: TripListRow[] = [];
  let hidden = 0;
  for (const row of orderTrips(list.rows, sort)) {
    const member: WindowMember = [row.id, sortKey(row, sort.key), row.modCount, memberFlags(row, now)];
    if (!isShown(view, member)) {
      hidden++;
      continue;
    }
    members.push(member);
    rows.push(row);
  }
  return {
    rows: rows.slice(window.start, window.start + window.count),
    start: window.start,
    total: members.length,
    members,
    extras: { matches: list.total, hidden },
  };
}
