import {
  compareMembers,
  isEmptyWindowDelta,
  moveMembers,
  windowDelta,
  windowIds,
  windowRows,
  type LiveTable,
  type WindowDelta,
  type WindowMember,
  type WindowQuery,
} from '@tripline/core';
import { applyChanges, type LiveRow, type RowChange, type RowEntry } from './found-set.ts';
import type { FoundSet, Subscription } from './subscription.ts';

/**
 * The members of a found set fetched with a view, in the view's order, kept once and shared by
 * its subscribers; each subscriber keeps only its window (and its own member list where its row
 * scope is narrower than the set).
 */
export class WindowedSet {
  readonly members: WindowMember[] = [];
  readonly byId = new Map<string, WindowMember>();
  readonly compare: (a: WindowMember, b: WindowMember) => number;
  /** The members' JSON, made once per state of the set for every subscriber that sees them all. */
  private json: string | null = null;
  constructor(readonly query: WindowQuery) {
    this.compare = compareMembers(query.sort.dir);
  }

  fill(entries: Iterable<RowEntry>): void {
    for (const e of entries) {
      this.members.push(e.member!);
      this.byId.set(e.member![0], e.member!);
    }
    this.members.sort(this.compare);
    this.json = null;
  }

  /** Applies a found set's changes to the members; answers who joined or moved and who left. */
  apply(changes: readonly RowChange[]): { moved: WindowMember[]; left: string[] } {
    const next = new Map(changes.map((c) => [c.id, c.kind === 'removed' ? null : c.entry.member!]));
    this.json = null;
    return moveMembers(this.members, this.byId, next, this.compare);
  }

  membersJson(): string {
    return (this.json ??= JSON.stringify(this.members));
  }
}

/** The registry key part of a view: the same sort and text share one set, whatever the window. */
export const windowKey = (q: WindowQuery) => `|${JSON.stringify([q.sort.key, q.sort.dir, q.q])}`;

/**
 * Like diffFoundSet, for a windowed set: a row belongs when it matches the filter and is a member
 * of the view (`member` null: the text filter leaves it out). A row is reported updated when its
 * JSON or its member changed.
 */
export function diffWindowed<R extends LiveRow>(
  current: ReadonlyMap<string, RowEntry>,
  ids: Iterable<string>,
  loaded: ReadonlyMap<string, R>,
  matches: (row: R) => boolean,
  member: (row: R) => WindowMember | null,
  serialise: (row: R) => string,
): RowChange[] {
  const changes: RowChange[] = [];
  for (const id of ids) {
    const row = loaded.get(id);
    const had = current.get(id);
    const m = row && matches(row) ? member(row) : null;
    if (row && m) {
      const json = serialise(row);
      const entry = { row, json, member: m };
      if (!had) changes.push({ id, kind: 'added', entry });
      else if (had.json !== json || JSON.stringify(had.member) !== JSON.stringify(m)) changes.push({ id, kind: 'updated', entry });
    } else if (had) {
      changes.push({ id, kind: 'removed' });
    }
  }
  return changes;
}

/** The members a subscriber may see: the set's own list, or its narrower one. */
export const membersOf = (sub: Subscription) => sub.visible ?? sub.foundSet!.windowed!.members;

/** Whether a member of the set passes the subscriber's row scope. */
function scoped(sub: Subscription, visibleTo: (row: LiveRow) => boolean): WindowMember[] {
  const fs = sub.foundSet!;
  return fs.windowed!.members.filter((m) => visibleTo(fs.rows.get(m[0])!.row));
}

/**
 * Decides whether the subscriber sees every member (then it shares the set's list) or keeps its
 * own, and makes its window's rows the ones it holds. Answers the FetchedFoundSet.
 */
export function fetchedWindow(sub: Subscription, visibleTo: (row: LiveRow) => boolean): string {
  const fs = sub.foundSet!;
  const ws = fs.windowed!;
  const mine = scoped(sub, visibleTo);
  sub.visible = mine.length === ws.members.length ? null : mine;
  const place = sub.window!;
  const ids = windowIds(mine, place.start, place.count);
  sub.held.clear();
  for (const id of ids) sub.held.add(id);
  const members = sub.visible ? JSON.stringify(mine) : ws.membersJson();
  return (
    `{"type":"FetchedFoundSet","subscriptionId":${JSON.stringify(sub.subscriptionId)},"table":"${fs.source.table}",` +
    `"rows":${rowsJson(fs, ids)},"total":${mine.length},"start":${place.start},"members":${members}}`
  );
}

/** FetchedFoundSet of a view whose scope leaves no row visible. */
export function emptyWindow(subscriptionId: string, table: LiveTable, start: number): string {
  return JSON.stringify({ type: 'FetchedFoundSet', subscriptionId, table, rows: [], total: 0, start, members: [] });
}

/** Moves a subscriber's window over its members and answers FoundSetRows with the window's rows. */
export function moveWindow(sub: Subscription, start: number, count: number): string {
  sub.window = { start, count };
  const ids = sub.foundSet?.windowed ? windowIds(membersOf(sub), start, count) : [];
  sub.held.clear();
  for (const id of ids) sub.held.add(id);
  const rows = sub.foundSet ? rowsJson(sub.foundSet, ids) : '[]';
  return `{"type":"FoundSetRows","subscriptionId":${JSON.stringify(sub.subscriptionId)},"start":${start},"rows":${rows}}`;
}

/**
 * Before a change is applied to the set: a subscriber that saw every member but may not see a row
 * the change brings in keeps its own list from now on (its members before the change).
 */
export function narrowBefore(sub: Subscription, changes: readonly RowChange[], visibleTo: (row: LiveRow) => boolean): void {
  if (sub.visible !== null) return;
  if (changes.some((c) => c.kind !== 'removed' && !visibleTo(c.entry.row))) sub.visible = [...sub.foundSet!.windowed!.members];
}

/** What one windowed subscriber is told after the set's members changed (moveMembers answered `set`). */
export function subscriberWindowDelta(
  sub: Subscription,
  set: { moved: WindowMember[]; left: string[] },
  changed: ReadonlySet<string>,
  visibleTo: (row: LiveRow) => boolean,
): WindowDelta {
  const { start, count } = sub.window!;
  if (sub.visible === null) {
    const members = sub.foundSet!.windowed!.members;
    return { ...windowRows(members, changed, sub.held, start, count), removed: set.left, members: set.moved, total: members.length };
  }
  const after = scoped(sub, visibleTo);
  const delta = windowDelta(sub.visible, after, changed, sub.held, start, count);
  sub.visible = after;
  return delta;
}

/**
 * Applies loaded rows to a windowed set and answers the FoundSetChanged of each subscriber that has
 * something to be told. Subscribers that saw every member and may not see a row coming in keep
 * their own list from then on.
 */
export function windowedChanges(
  fs: FoundSet,
  ids: Iterable<string>,
  loaded: ReadonlyMap<string, LiveRow>,
  serialise: (row: LiveRow) => string,
): { sub: Subscription; text: string }[] {
  const { source, windowed: ws } = fs;
  const changes = diffWindowed(fs.rows, ids, loaded, (row) => source.matches(fs.filter, row), (row) => source.member!(ws!.query, row), serialise);
  if (changes.length === 0) return [];
  const subs = [...fs.subscriptions].filter((sub) => sub.live);
  const scope = (sub: Subscription) => (row: LiveRow) => source.visibleTo(sub.subscriber.user, row);
  for (const sub of subs) narrowBefore(sub, changes, scope(sub));
  applyChanges(fs.rows, changes);
  const set = ws!.apply(changes);
  const changed = new Set(changes.flatMap((c) => (c.kind === 'removed' ? [] : [c.id])));
  return subs.flatMap((sub) => {
    const delta = subscriberWindowDelta(sub, set, changed, scope(sub));
    return isEmptyWindowDelta(delta) ? [] : [{ sub, text: changedWindowMessage(sub, delta) }];
  });
}

/** FoundSetChanged of a windowed subscriber: full rows for its window only, members for the rest. */
export function changedWindowMessage(sub: Subscription, d: WindowDelta): string {
  const fs = sub.foundSet!;
  return (
    `{"type":"FoundSetChanged","subscriptionId":${JSON.stringify(sub.subscriptionId)},"table":"${fs.source.table}",` +
    `"added":${rowsJson(fs, d.added)},"updated":${rowsJson(fs, d.updated)},"removed":${JSON.stringify(d.removed)},` +
    `"members":${JSON.stringify(d.members)},"total":${d.total}}`
  );
}

const rowsJson = (fs: FoundSet, ids: readonly string[]) => `[${ids.map((id) => fs.rows.get(id)!.json).join(',')}]`;
