import {
  compareMembers,
  isEmptyWindowDelta,
  isShown,
  moveMembers,
  sameMember,
  windowDelta,
  windowIds,
  windowRows,
  type LiveTable,
  type WindowDelta,
  type WindowMember,
  type WindowQuery,
} from '@tripline/core';
import type { LiveRow } from './found-set.ts';
import type { MemberSelection, WindowedLoad, WindowedSource } from './source.ts';
import type { FoundSet, Subscription } from './subscription.ts';

/** What a windowed set keeps of a member: its row keys (filter and scope), version and member. No JSON. */
export interface WindowedEntry {
  row: LiveRow;
  version: string;
  member: WindowMember;
}

export type WindowChange = { id: string; kind: 'added' | 'updated'; entry: WindowedEntry } | { id: string; kind: 'removed' };

/**
 * The members of a found set fetched with a view, in the view's order, kept once and shared by
 * its subscribers; each subscriber keeps only its window (and its own member list where its row
 * scope is narrower than the set). A view that hides outside partners keeps the ids it hides.
 */
export class WindowedSet {
  readonly entries = new Map<string, WindowedEntry>();
  readonly members: WindowMember[] = [];
  readonly byId = new Map<string, WindowMember>();
  /** Ids that would be members but the view hides (hideOutside). */
  readonly hidden = new Set<string>();
  readonly compare: (a: WindowMember, b: WindowMember) => number;
  /** The members' JSON, made once per state of the set for every subscriber that sees them all. */
  private json: string | null = null;
  /** The extra fields last sent to the subscribers (a selection's counts). */
  sentFields = '';
  constructor(
    readonly query: WindowQuery,
    /** Set when a query decides the members (a search): the windowed set follows its held ids. */
    readonly selection: MemberSelection | null = null,
  ) {
    this.compare = compareMembers(query.sort.dir);
  }

  /** The set's first members, from an evaluation. */
  fill(loads: Iterable<WindowedLoad>, source: WindowedSource, matches: (row: LiveRow) => boolean): void {
    for (const { row, record } of loads) {
      const member = matches(row) ? source.member(this.query, record) : null;
      if (!member) continue;
      if (!isShown(this.query, member)) {
        this.hidden.add(row.id);
        continue;
      }
      this.entries.set(row.id, { row, version: source.version(row), member });
      this.members.push(member);
      this.byId.set(row.id, member);
    }
    this.members.sort(this.compare);
    this.json = null;
  }

  /** Applies changes to the entries and the ordered members; answers who joined or moved and who left. */
  apply(changes: readonly WindowChange[]): { moved: WindowMember[]; left: string[]; firstMoved: number } {
    for (const c of changes) {
      if (c.kind === 'removed') this.entries.delete(c.id);
      else this.entries.set(c.id, c.entry);
    }
    const next = new Map(changes.map((c) => [c.id, c.kind === 'removed' ? null : c.entry.member]));
    this.json = null;
    return moveMembers(this.members, this.byId, next, this.compare);
  }

  membersJson(): string {
    return (this.json ??= JSON.stringify(this.members));
  }

  /** The extra fields of the set's messages (a selection's counts), each after a comma; '' for none. */
  fields(): string {
    return this.selection ? this.selection.fields(this.hidden.size) : '';
  }
}

/** The registry key part of a view: the same sort and text share one set, whatever the window. */
export const windowKey = (q: WindowQuery) => `|${JSON.stringify([q.sort.key, q.sort.dir, q.q, q.hideOutside])}`;

/**
 * How a windowed set's members change with freshly loaded rows: a row belongs when it matches the
 * filter and is a member of the view. Whether a row changed is decided from its version stamp
 * (and its member, whose past flag also follows the clock), never from its JSON. The ids the view
 * hides are kept up to date in `ws.hidden` as the changes are worked out.
 */
export function diffWindowed(
  ws: WindowedSet,
  source: WindowedSource,
  ids: Iterable<string>,
  loaded: ReadonlyMap<string, WindowedLoad>,
  matches: (row: LiveRow) => boolean,
): WindowChange[] {
  const changes: WindowChange[] = [];
  for (const id of ids) {
    const load = loaded.get(id);
    const had = ws.entries.get(id);
    let member = load && matches(load.row) ? source.member(ws.query, load.record) : null;
    if (member && !isShown(ws.query, member)) {
      ws.hidden.add(id);
      member = null;
    } else ws.hidden.delete(id);
    if (load && member) {
      const entry = { row: load.row, version: source.version(load.row), member };
      if (!had) changes.push({ id, kind: 'added', entry });
      else if (had.version !== entry.version || !sameMember(had.member, member)) changes.push({ id, kind: 'updated', entry });
    } else if (had) {
      changes.push({ id, kind: 'removed' });
    }
  }
  return changes;
}

type Scope = (row: LiveRow) => boolean;

/** The members of the set a subscriber may see. */
function scoped(ws: WindowedSet, visibleTo: Scope): WindowMember[] {
  return ws.members.filter((m) => visibleTo(ws.entries.get(m[0])!.row));
}

/** The members a subscriber may see: the set's own list, or its narrower one. */
const membersOf = (sub: Subscription) => sub.visible ?? sub.foundSet!.windowed!.members;

/** Makes a window's ids the rows a subscriber holds. */
function hold(sub: Subscription, ids: readonly string[]): void {
  sub.held.clear();
  for (const id of ids) sub.held.add(id);
}

/**
 * The window's rows of a subscriber, as its FetchedFoundSet: decides whether it sees every member
 * (then it shares the set's list) or keeps its own, and holds the window's rows. `rows` is called
 * with the window's ids and answers their JSON, in order.
 */
export function fetchedWindow(sub: Subscription, visibleTo: Scope): { ids: string[]; text: (rows: string) => string } {
  const fs = sub.foundSet!;
  const ws = fs.windowed!;
  const mine = scoped(ws, visibleTo);
  sub.visible = mine.length === ws.members.length ? null : mine;
  const { start, count } = sub.window!;
  const ids = windowIds(mine, start, count);
  hold(sub, ids);
  const members = sub.visible ? JSON.stringify(mine) : ws.membersJson();
  return {
    ids,
    text: (rows) =>
      `{"type":"FetchedFoundSet","subscriptionId":${JSON.stringify(sub.subscriptionId)},"table":"${fs.source.table}",` +
      `"rows":${rows},"total":${mine.length},"start":${start},"members":${members}${ws.fields()}}`,
  };
}

/** FetchedFoundSet of a view whose scope leaves no row visible. */
export function emptyWindow(subscriptionId: string, table: LiveTable, start: number): string {
  return JSON.stringify({ type: 'FetchedFoundSet', subscriptionId, table, rows: [], total: 0, start, members: [] });
}

/** Moves a subscriber's window over its members: the ids of its rows, and its FoundSetRows. */
export function movedWindow(sub: Subscription, start: number, count: number): { ids: string[]; text: (rows: string) => string } {
  sub.window = { start, count };
  const ids = sub.foundSet?.windowed ? windowIds(membersOf(sub), start, count) : [];
  hold(sub, ids);
  return { ids, text: (rows) => `{"type":"FoundSetRows","subscriptionId":${JSON.stringify(sub.subscriptionId)},"start":${start},"rows":${rows}}` };
}

/**
 * Before a change is applied to the set: a subscriber that saw every member but may not see a row
 * the change brings in keeps its own list from now on (its members before the change).
 */
export function narrowBefore(sub: Subscription, changes: readonly WindowChange[], visibleTo: Scope): void {
  if (sub.visible !== null) return;
  if (changes.some((c) => c.kind !== 'removed' && !visibleTo(c.entry.row))) sub.visible = [...sub.foundSet!.windowed!.members];
}

/** What one windowed subscriber is told after the set's members changed (apply answered `set`). */
export function subscriberWindowDelta(
  sub: Subscription,
  set: { moved: WindowMember[]; left: string[]; firstMoved: number },
  changed: ReadonlySet<string>,
  visibleTo: Scope,
): WindowDelta {
  const { start, count } = sub.window!;
  const ws = sub.foundSet!.windowed!;
  if (sub.visible === null) {
    return { ...windowRows(ws.members, changed, sub.held, start, count, set.firstMoved), removed: set.left, members: set.moved, total: ws.members.length };
  }
  const after = scoped(ws, visibleTo);
  const delta = windowDelta(sub.visible, after, changed, sub.held, start, count);
  sub.visible = after;
  return delta;
}

/** Whether a row belongs to a windowed set: held by its selection, or matching its filter. */
export function belongs(fs: FoundSet): (row: LiveRow) => boolean {
  const selection = fs.windowed?.selection;
  return selection ? (row) => selection.has(row.id) : (row) => fs.source.matches(fs.filter, row);
}

/**
 * Applies loaded rows to a windowed set and answers, for each subscriber with something to be
 * told, its delta (the rows' JSON is attached by the caller). When the set's extra fields changed
 * (a selection's counts), every live subscriber is told, with empty lists if nothing else.
 */
export function windowedDeltas(fs: FoundSet, ids: Iterable<string>, loaded: ReadonlyMap<string, WindowedLoad>): { sub: Subscription; delta: WindowDelta }[] {
  const source = fs.source;
  const ws = fs.windowed!;
  const changes = diffWindowed(ws, source.windowed!, ids, loaded, belongs(fs));
  const fields = ws.fields();
  const fieldsChanged = fields !== ws.sentFields;
  ws.sentFields = fields;
  if (changes.length === 0 && !fieldsChanged) return [];
  const subs = [...fs.subscriptions].filter((sub) => sub.live);
  const scope = (sub: Subscription) => (row: LiveRow) => source.visibleTo(sub.subscriber.user, row);
  for (const sub of subs) narrowBefore(sub, changes, scope(sub));
  const set = ws.apply(changes);
  const changed = new Set(changes.flatMap((c) => (c.kind === 'removed' ? [] : [c.id])));
  return subs.flatMap((sub) => {
    const delta = subscriberWindowDelta(sub, set, changed, scope(sub));
    return isEmptyWindowDelta(delta) && !fieldsChanged ? [] : [{ sub, delta }];
  });
}

/** FoundSetChanged of a windowed subscriber: full rows for its window only, members for the rest. */
export function changedWindowMessage(sub: Subscription, d: WindowDelta, json: ReadonlyMap<string, string>): string {
  return (
    `{"type":"FoundSetChanged","subscriptionId":${JSON.stringify(sub.subscriptionId)},"table":"${sub.foundSet!.source.table}",` +
    `"added":${rowsJson(d.added, json)},"updated":${rowsJson(d.updated, json)},"removed":${JSON.stringify(d.removed)},` +
    `"members":${JSON.stringify(d.members)},"total":${d.total}${sub.foundSet!.windowed!.fields()}}`
  );
}

/** The rows of ids, in order; one whose JSON is missing (deleted meanwhile) is left out. */
export const rowsJson = (ids: readonly string[], json: ReadonlyMap<string, string>) =>
  `[${ids.flatMap((id) => (json.has(id) ? [json.get(id)!] : [])).join(',')}]`;

/** The JSON of the rows of a windowed set, read from the source once for a whole step. */
export function rowsOf(fs: FoundSet, ids: Iterable<string>): Promise<Map<string, string>> {
  const ws = fs.windowed!;
  const rows = [...new Set(ids)].flatMap((id) => {
    const e = ws.entries.get(id);
    return e ? [e.row] : [];
  });
  return rows.length === 0 ? Promise.resolve(new Map()) : fs.source.windowed!.rowsJson(rows);
}
