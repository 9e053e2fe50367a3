import type { LiveTable } from '@tripline/core';

/** A row of a live table: every one has an id, which FoundSetChanged.removed carries. */
export interface LiveRow {
  id: string;
}

/** A row with its JSON, serialised once and reused for every subscriber that receives it. */
export interface RowEntry {
  row: LiveRow;
  json: string;
}

/** How one row of a found set changed, before any subscriber's scope is applied. */
export type RowChange = { id: string; kind: 'added' | 'updated'; entry: RowEntry } | { id: string; kind: 'removed' };

export interface Delta {
  added: RowEntry[];
  updated: RowEntry[];
  removed: string[];
}

/**
 * The registry key of a filter: the same question asked by two subscribers gives the same key
 * whatever the order of its fields, so they share one evaluation. Absent and undefined fields are
 * the same question.
 */
export function foundSetKey(table: LiveTable, filter: object): string {
  const entries = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${table}:${JSON.stringify(entries)}`;
}

/**
 * Compares the stored rows of a found set with freshly loaded rows for the changed ids. A row that
 * no longer loads (deleted) or no longer matches the filter is removed; a row whose JSON is
 * unchanged is not reported, so a write that changed nothing visible sends nothing.
 */
export function diffFoundSet<R extends LiveRow>(
  current: ReadonlyMap<string, RowEntry>,
  ids: Iterable<string>,
  loaded: ReadonlyMap<string, R>,
  matches: (row: R) => boolean,
  serialise: (row: R) => string = JSON.stringify,
): RowChange[] {
  const changes: RowChange[] = [];
  for (const id of ids) {
    const row = loaded.get(id);
    const had = current.get(id);
    if (row && matches(row)) {
      const json = serialise(row);
      if (!had) changes.push({ id, kind: 'added', entry: { row, json } });
      else if (had.json !== json) changes.push({ id, kind: 'updated', entry: { row, json } });
    } else if (had) {
      changes.push({ id, kind: 'removed' });
    }
  }
  return changes;
}

/** Applies found-set changes to its stored rows. */
export function applyChanges(rows: Map<string, RowEntry>, changes: readonly RowChange[]): void {
  for (const c of changes) {
    if (c.kind === 'removed') rows.delete(c.id);
    else rows.set(c.id, c.entry);
  }
}

/**
 * What one subscriber receives for a set of found-set changes, given the ids it already holds and
 * its row scope. A row it may not see is never sent, and its id is only ever sent as removed when
 * the subscriber held it before (so another partner's ids never reach it). `held` is updated.
 */
export function subscriberDelta(changes: readonly RowChange[], held: Set<string>, visible: (row: LiveRow) => boolean): Delta {
  const delta: Delta = { added: [], updated: [], removed: [] };
  for (const c of changes) {
    const had = held.has(c.id);
    if (c.kind !== 'removed' && visible(c.entry.row)) {
      if (had) delta.updated.push(c.entry);
      else {
        delta.added.push(c.entry);
        held.add(c.id);
      }
    } else if (had) {
      delta.removed.push(c.id);
      held.delete(c.id);
    }
  }
  return delta;
}

export const isEmpty = (d: Delta) => d.added.length === 0 && d.updated.length === 0 && d.removed.length === 0;

const rowsJson = (entries: readonly RowEntry[]) => `[${entries.map((e) => e.json).join(',')}]`;

/** FetchedFoundSet, built from the cached row JSON. */
export function fetchedMessage(subscriptionId: string, table: LiveTable, rows: readonly RowEntry[]): string {
  return `{"type":"FetchedFoundSet","subscriptionId":${JSON.stringify(subscriptionId)},"table":"${table}","rows":${rowsJson(rows)}}`;
}

/** FoundSetChanged, built from the cached row JSON. */
export function changedMessage(subscriptionId: string, table: LiveTable, d: Delta): string {
  return (
    `{"type":"FoundSetChanged","subscriptionId":${JSON.stringify(subscriptionId)},"table":"${table}",` +
    `"added":${rowsJson(d.added)},"updated":${rowsJson(d.updated)},"removed":${JSON.stringify(d.removed)}}`
  );
}
