import { WINDOW_MAX_COUNT, compareMembers, insertionIndex, type WindowMember, type WindowSort } from '@tripline/core';
import type { FoundSetChange } from './found-set.ts';

/**
 * A windowed found set as the browser holds it (live protocol, core live/window.ts): every member
 * in order as [id, key, modCount, flags], and the rows of the window it shows plus a margin on each
 * side, by id. Rows further away are dropped, so what the browser holds stays bounded however long
 * the set is; they come back (FoundSetRows, or a page over HTTP) when the window returns to them.
 */

export interface WindowRange {
  start: number;
  count: number;
}

/** What a windowed set's rows have: an id and the version stamp its member is compared with. */
export interface WindowedRow {
  id: string;
  modCount: number;
}

/** A whole window: the live FetchedFoundSet with a view, or its HTTP twin (GET drive-assignments-window). */
export interface WindowAnswer<Row> {
  rows: Row[];
  start: number;
  total: number;
  members: readonly WindowMember[];
  /** Any other figures the server gave (e.g. matches, hidden). */
  extras?: Record<string, number>;
}

export interface WindowedSet<Row extends WindowedRow> {
  /** An answer with the members came. */
  fetched: boolean;
  members: readonly WindowMember[];
  byId: ReadonlyMap<string, WindowMember>;
  /** The count of all members, as the server gave it. */
  total: number;
  rows: ReadonlyMap<string, Row>;
  /** The window asked of the server. */
  window: WindowRange;
  dir: WindowSort['dir'];
  extras: Readonly<Record<string, number>>;
}

/** Rows kept beyond each side of the window: scrolling back a little shows them at once. */
export const KEEP_MARGIN = 250;
/** Rows asked for beyond each side of those in view. */
export const WINDOW_PAD = 100;
/** Rows in view this close to an edge of the window (with more beyond it) ask for the next window. */
export const WINDOW_SLACK = 25;

export function emptyWindowedSet<Row extends WindowedRow>(window: WindowRange, dir: WindowSort['dir'] = 'asc'): WindowedSet<Row> {
  return { fetched: false, members: [], byId: new Map(), total: 0, rows: new Map(), window, dir, extras: {} };
}

/** The rows of the members within the window and its margins; the others are let go. */
function prune<Row extends WindowedRow>(members: readonly WindowMember[], rows: ReadonlyMap<string, Row>, window: WindowRange): Map<string, Row> {
  const kept = new Map<string, Row>();
  if (rows.size === 0) return kept;
  const end = Math.min(members.length, window.start + window.count + KEEP_MARGIN);
  for (let i = Math.max(0, window.start - KEEP_MARGIN); i < end; i++) {
    const row = rows.get(members[i][0]);
    if (row) kept.set(row.id, row);
  }
  return kept;
}

/** Puts a row from the server in, unless the row held is newer (an answer that crossed a later write). */
function putNewer<Row extends WindowedRow>(rows: Map<string, Row>, row: Row): void {
  const held = rows.get(row.id);
  if (!held || held.modCount <= row.modCount) rows.set(row.id, row);
}

/**
 * A whole answer: its members replace the old ones. Rows held before that are still current stay
 * (a fetch again after a reconnect does not blank the rows in view); the answer's rows fill in.
 */
export function fetchedWindow<Row extends WindowedRow>(set: WindowedSet<Row>, answer: WindowAnswer<Row>): WindowedSet<Row> {
  const members = [...answer.members];
  const byId = new Map(members.map((m) => [m[0], m]));
  const rows = new Map<string, Row>();
  for (const [id, row] of set.rows) {
    const member = byId.get(id);
    if (member && row.modCount >= member[2]) rows.set(id, row);
  }
  for (const row of answer.rows) if (byId.has(row.id)) putNewer(rows, row);
  return { ...set, fetched: true, members, byId, total: answer.total, rows: prune(members, rows, set.window), extras: answer.extras ?? {} };
}

function removeMember(list: WindowMember[], byId: Map<string, WindowMember>, id: string, compare: (a: WindowMember, b: WindowMember) => number): void {
  const was = byId.get(id);
  if (!was) return;
  let at = insertionIndex(list, was, compare) - 1;
  // the list is in the server's order; should a key ever compare differently here, find it anyway
  if (list[at]?.[0] !== id) at = list.findIndex((m) => m[0] === id);
  if (at >= 0) list.splice(at, 1);
  byId.delete(id);
}

/**
 * A live change: removed members leave, members that joined or changed go to their place by key,
 * and the rows sent (those inside the server's window) replace the ones held.
 */
export function changedWindow<Row extends WindowedRow>(set: WindowedSet<Row>, change: FoundSetChange<Row>): WindowedSet<Row> {
  const moved = change.members ?? [];
  const removed = change.removed.filter((id) => set.byId.has(id));
  const sent = [...change.added, ...change.updated];
  if (!moved.length && !removed.length && !sent.length && change.total === undefined && !change.extras) return set;
  let members = set.members;
  let byId = set.byId;
  if (moved.length || removed.length) {
    const compare = compareMembers(set.dir);
    const list = [...members];
    const map = new Map(byId);
    for (const id of removed) removeMember(list, map, id, compare);
    for (const m of moved) {
      removeMember(list, map, m[0], compare);
      list.splice(insertionIndex(list, m, compare), 0, m);
      map.set(m[0], m);
    }
    members = list;
    byId = map;
  }
  const rows = new Map(set.rows);
  for (const row of sent) if (byId.has(row.id)) putNewer(rows, row);
  const extras = change.extras && Object.keys(change.extras).length ? { ...set.extras, ...change.extras } : set.extras;
  return { ...set, members, byId, total: change.total ?? members.length, rows: prune(members, rows, set.window), extras };
}

/** The rows of the window after it moved (FoundSetRows, or a page over HTTP without new members). */
export function receivedRows<Row extends WindowedRow>(set: WindowedSet<Row>, rows: readonly Row[]): WindowedSet<Row> {
  if (rows.length === 0) return set;
  const next = new Map(set.rows);
  for (const row of rows) if (set.byId.has(row.id)) putNewer(next, row);
  return { ...set, rows: prune(set.members, next, set.window) };
}

/** The window asked of the server moved: rows now far from it are let go. */
export function movedWindow<Row extends WindowedRow>(set: WindowedSet<Row>, window: WindowRange): WindowedSet<Row> {
  if (set.window.start === window.start && set.window.count === window.count) return set;
  return { ...set, window, rows: prune(set.members, set.rows, window) };
}

/** Rows this tab wrote (a write's answer, the server's copy after a conflict): they replace the rows held. */
export function localRows<Row extends WindowedRow>(set: WindowedSet<Row>, rows: readonly Row[]): WindowedSet<Row> {
  const mine = rows.filter((r) => set.byId.has(r.id));
  if (mine.length === 0) return set;
  const next = new Map(set.rows);
  for (const row of mine) next.set(row.id, row);
  return { ...set, rows: prune(set.members, next, set.window) };
}

/** The row at a place in the order, or undefined while it loads: not held, or older than its member says. */
export function rowAt<Row extends WindowedRow>(set: WindowedSet<Row>, index: number): Row | undefined {
  const member = set.members[index];
  if (!member) return undefined;
  const row = set.rows.get(member[0]);
  return row && row.modCount >= member[2] ? row : undefined;
}

/** Every place in order: its row, or undefined while it loads. */
export function slotsOf<Row extends WindowedRow>(set: WindowedSet<Row>): (Row | undefined)[] {
  return set.members.map((_, i) => rowAt(set, i));
}

/** Ids in the window whose row is held but older than the member: a live change of theirs was not applied. */
export function staleInWindow<Row extends WindowedRow>(set: WindowedSet<Row>): string[] {
  const stale: string[] = [];
  const end = Math.min(set.members.length, set.window.start + set.window.count);
  for (let i = set.window.start; i < end; i++) {
    const [id, , modCount] = set.members[i];
    const row = set.rows.get(id);
    if (row && row.modCount < modCount) stale.push(id);
  }
  return stale;
}

/**
 * The window to ask for while rows `first`…`last` are in view among `total`: null while the
 * current one holds them with room to spare, else one reaching WINDOW_PAD rows beyond each side
 * (at most `max` rows).
 */
export function windowFor(first: number, last: number, total: number, current: WindowRange, max = WINDOW_MAX_COUNT): WindowRange | null {
  const end = current.start + current.count;
  const top = current.start === 0 || first >= current.start + WINDOW_SLACK;
  const bottom = end >= total || last < end - WINDOW_SLACK;
  if (first >= current.start && last < end && top && bottom) return null;
  const start = Math.max(0, first - WINDOW_PAD);
  const count = Math.max(1, Math.min(max, Math.min(Math.max(total, last + 1), last + 1 + WINDOW_PAD) - start));
  return start === current.start && count === current.count ? null : { start, count };
}
