import { LIVE_SELF_CHANGE_IGNORE_MS, LIVE_TABLES, type LiveServerMessage, type WindowMember } from '@tripline/core';

/**
 * What a found set with a view (a windowed found set) is told besides its rows: every member in
 * order, their count, where the window starts, and any other figures the server adds to the answer
 * (numbers such as `matches` or `hidden`), passed through as they came.
 */
export interface WindowFacts {
  total: number;
  start: number;
  members: WindowMember[];
  extras: Record<string, number>;
}

export interface FoundSetChange<Row> {
  added: Row[];
  updated: Row[];
  removed: string[];
  /** Windowed found sets only: the members that joined or changed anywhere in the set, and the count of all. */
  members?: WindowMember[];
  total?: number;
  /** Windowed found sets only: other figures the server added to the change. */
  extras?: Record<string, number>;
}

export interface LiveHandlers<Row> {
  /** The whole found set (or, with a view, its window): the answer to a fetch, again after every reconnect or invalidation. */
  fetched(rows: Row[], window?: WindowFacts): void;
  changed(change: FoundSetChange<Row>): void;
  /** With a view: the rows of the window after it moved, in order from `start` (FoundSetRows). */
  rows?(start: number, rows: Row[]): void;
  /** The server refused the subscription. */
  error?(message: string): void;
}

type Identified = { id: string };

/**
 * Applies a FoundSetChanged to the rows: updated rows are replaced where they stand, removed ones
 * dropped, added ones appended (or replaced, when the row is already there). Untouched rows keep
 * their identity, so a memoised row does not render again.
 */
export function applyFoundSetChange<Row extends Identified>(rows: readonly Row[], change: FoundSetChange<Row>): Row[] {
  if (!change.added.length && !change.updated.length && !change.removed.length) return rows as Row[];
  const replacements = new Map<string, Row>();
  for (const row of change.updated) replacements.set(row.id, row);
  for (const row of change.added) replacements.set(row.id, row);
  const removed = new Set(change.removed);
  const next: Row[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (removed.has(row.id)) continue;
    next.push(replacements.get(row.id) ?? row);
    seen.add(row.id);
  }
  for (const row of change.added) {
    if (!seen.has(row.id) && !removed.has(row.id)) {
      next.push(row);
      seen.add(row.id);
    }
  }
  return next;
}

export interface FoundSetState<Row> {
  rows: Row[];
  /** The server answered the fetch at least once. */
  fetched: boolean;
}

/** The rows of one subscription after a server message (spec 1 §7: the product applies added, updated and removed). */
export function reduceFoundSet<Row extends Identified>(state: FoundSetState<Row>, message: LiveServerMessage<Row>): FoundSetState<Row> {
  switch (message.type) {
    case 'FetchedFoundSet':
      return { rows: message.rows, fetched: true };
    case 'FoundSetChanged': {
      const rows = applyFoundSetChange(state.rows, message);
      return rows === state.rows ? state : { ...state, rows };
    }
    default:
      return state;
  }
}

/** Fields of the protocol's messages; any other number on a windowed message is an extra figure. */
const PROTOCOL_FIELDS = new Set(['type', 'subscriptionId', 'table', 'rows', 'added', 'updated', 'removed', 'members', 'total', 'start']);

function extrasOf(message: object): Record<string, number> {
  const extras: Record<string, number> = {};
  for (const [key, value] of Object.entries(message)) if (!PROTOCOL_FIELDS.has(key) && typeof value === 'number') extras[key] = value;
  return extras;
}

/** Hands a message to the handlers of the subscription it is for (FoundSetInvalidated, Unsubscribed: the client's business). */
export function deliverLiveMessage<Row>(message: LiveServerMessage<Row>, handlers: LiveHandlers<Row>): void {
  switch (message.type) {
    case 'FetchedFoundSet': {
      const { rows, members, total, start } = message;
      if (members) handlers.fetched(rows, { members, total: total ?? members.length, start: start ?? 0, extras: extrasOf(message) });
      else handlers.fetched(rows);
      break;
    }
    case 'FoundSetChanged': {
      const change: FoundSetChange<Row> = { added: message.added, updated: message.updated, removed: message.removed };
      if (message.members) change.members = message.members;
      if (message.total !== undefined) change.total = message.total;
      if (message.members || message.total !== undefined) change.extras = extrasOf(message);
      handlers.changed(change);
      break;
    }
    case 'FoundSetRows':
      handlers.rows?.(message.start, message.rows);
      break;
    case 'Error':
      handlers.error?.(message.message);
      break;
    default:
      break;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTable = (v: unknown) => (LIVE_TABLES as readonly unknown[]).includes(v);

/** A frame from the live socket, or null when it is not one of the protocol's messages. */
export function parseLiveMessage(text: string): LiveServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const sub = data.subscriptionId;
  // a windowed answer's facts, when present, have their types
  const facts = (data.members === undefined || Array.isArray(data.members)) && (data.total === undefined || typeof data.total === 'number');
  switch (data.type) {
    case 'FetchedFoundSet':
      return typeof sub === 'string' && isTable(data.table) && Array.isArray(data.rows) && facts ? (data as LiveServerMessage) : null;
    case 'FoundSetChanged':
      return typeof sub === 'string' && Array.isArray(data.added) && Array.isArray(data.updated) && Array.isArray(data.removed) && facts
        ? (data as LiveServerMessage)
        : null;
    case 'FoundSetRows':
      return typeof sub === 'string' && typeof data.start === 'number' && Array.isArray(data.rows) ? (data as LiveServerMessage) : null;
    case 'Unsubscribed':
    case 'FoundSetInvalidated':
      return typeof sub === 'string' ? (data as LiveServerMessage) : null;
    case 'Error':
      return typeof data.message === 'string' ? (data as LiveServerMessage) : null;
    default:
      return null;
  }
}

const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (0 = the first): doubling from 1 s up to 30 s, each
 * drawn between half and all of that, so the tabs of a whole office do not reconnect in step
 * after a server restart.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/**
 * Records changed from this tab, with when. spec 1 §9: a live update for a record modified
 * locally within the last 5 seconds is ignored, since it is the echo of our own write (or older).
 */
export class RecentLocalChanges {
  private readonly at = new Map<string, number>();

  constructor(private readonly windowMs = LIVE_SELF_CHANGE_IGNORE_MS) {}

  mark(id: string, now = Date.now()): void {
    this.at.set(id, now);
  }

  isRecent(id: string, now = Date.now()): boolean {
    const at = this.at.get(id);
    if (at === undefined) return false;
    if (now - at < this.windowMs) return true;
    this.at.delete(id);
    return false;
  }

  /** The rows of a live change without those this tab changed in the window. */
  keepRows<Row extends Identified>(rows: Row[], now = Date.now()): Row[] {
    return this.at.size === 0 ? rows : rows.filter((r) => !this.isRecent(r.id, now));
  }

  /** The change without the records this tab changed in the window. */
  filter<Row extends Identified>(change: FoundSetChange<Row>, now = Date.now()): FoundSetChange<Row> {
    if (this.at.size === 0) return change;
    return {
      added: change.added.filter((r) => !this.isRecent(r.id, now)),
      updated: change.updated.filter((r) => !this.isRecent(r.id, now)),
      removed: change.removed.filter((id) => !this.isRecent(id, now)),
    };
  }
}
