import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { WindowMember } from '@tripline/core';
import { live as tabLive, type LiveRequest, type LiveStatus } from './live.ts';
import { emptyWindowedSet, rowAt as rowAtOf, slotsOf, type WindowAnswer, type WindowRange, type WindowedRow } from './windowed-set.ts';
import { WindowedSource, type WindowedLive, type WindowedSnapshot } from './windowed-source.ts';

export interface WindowedFoundSetOptions<Row extends WindowedRow> {
  /**
   * The found set with its view: `sort` and `q` decide the members (a change fetches again),
   * `start` and `count` are only the first window (the window then follows `show`). Null: nothing.
   */
  request: LiveRequest | null;
  /** A row as the server sends it, read into the row type (e.g. TripListRow.parse). */
  parse(raw: unknown): Row;
  /** The same window over HTTP (e.g. GET drive-assignments-window with offset and limit). */
  load(window: WindowRange, signal: AbortSignal): Promise<WindowAnswer<Row>>;
  /** The live client (the tab's own by default). */
  client?: WindowedLive;
}

export interface WindowedFoundSet<Row extends WindowedRow> {
  /** An answer came: the members, their count and the first rows. */
  fetched: boolean;
  /** What shows is the answer to the sort or search before, while the one asked now loads. */
  pending: boolean;
  /** What decided the members shown (the request without its window), e.g. to go back to the top when it changes. */
  shownQuery: string | null;
  /** The count of all members, as the server gave it. */
  total: number;
  /** Every member in order: [id, key, modCount, flags] (core MEMBER_FLAG). */
  members: readonly WindowMember[];
  /** Any other figures the server adds (e.g. matches, hidden). */
  extras: Readonly<Record<string, number>>;
  /** Every place in order: its row, or undefined while it loads. */
  slots: readonly (Row | undefined)[];
  rowAt(index: number): Row | undefined;
  /** The member of an id: its place's key, version stamp and flags now. */
  memberOf(id: string): WindowMember | undefined;
  source: 'live' | 'http' | null;
  /** The rows came live and the connection has since been lost: the screen shows its own text until it is back. */
  lost: boolean;
  error: unknown;
  /** Rows reset to the server's copy after a write found them changed (spec 1 §8). */
  conflicts: ReadonlySet<string>;
  /** Rows `first`…`last` are in view: the window follows them. */
  show(first: number, last: number): void;
  /** Reads the window over HTTP again. */
  reload(): Promise<void>;
  /** A write on this record starts: its live echo must not undo the answer (spec 1 §9). */
  touch(id: string): void;
  /** A write's answer replaces the rows. */
  put(rows: readonly Row[]): void;
  /** The server's copy after a 409: it replaces the row, which is flagged. */
  conflict(row: Row): void;
}

const NOTHING: WindowedSnapshot<never> = { set: emptyWindowedSet({ start: 0, count: 1 }), source: null, error: null, conflicts: new Set() };
const noSubscription = () => () => undefined;
const nothing = () => NOTHING;

/** The request without the window's place: what decides the members. */
function queryKey(request: LiveRequest): string {
  if (!('view' in request) || !request.view) return JSON.stringify(request);
  const { start: _start, count: _count, ...query } = request.view;
  return JSON.stringify({ ...request, view: query });
}

/**
 * A windowed live found set (core live/window.ts) for a virtual list: the browser holds every
 * member but only the rows around what is in view. A new sort or search shows the rows before
 * until its own answer comes; a new table or filter starts empty.
 */
export function useWindowedFoundSet<Row extends WindowedRow>(options: WindowedFoundSetOptions<Row>): WindowedFoundSet<Row> {
  const { request } = options;
  const client = options.client ?? tabLive;
  const latest = useRef(options);
  latest.current = options;
  const key = request ? queryKey(request) : null;

  const source = useMemo(() => {
    const asked = latest.current.request;
    if (!key || !asked) return null;
    return new WindowedSource<Row>({
      request: asked,
      live: client,
      parse: (raw) => latest.current.parse(raw),
      load: (window, signal) => latest.current.load(window, signal),
    });
  }, [key, client]);

  useEffect(() => {
    if (!source) return;
    source.start();
    return () => source.stop();
  }, [source]);

  const current = useSyncExternalStore<WindowedSnapshot<Row>>(source?.subscribe ?? noSubscription, source?.getSnapshot ?? nothing);
  const status = useSyncExternalStore<LiveStatus>(client.onStatus, client.getStatus);

  // The last answer of this table and filter, shown while a new sort or search loads.
  const setKey = request ? JSON.stringify([request.table, request.filter]) : null;
  const before = useRef<{ setKey: string; key: string; snapshot: WindowedSnapshot<Row> } | null>(null);
  let snapshot = current;
  let shownQuery = key;
  let pending = false;
  if (setKey && key && current.set.fetched) before.current = { setKey, key, snapshot: current };
  else if (setKey && before.current?.setKey === setKey && !current.error) {
    snapshot = before.current.snapshot;
    shownQuery = before.current.key;
    pending = true;
  }

  const { set } = snapshot;
  const slots = useMemo(() => slotsOf(set), [set]);
  const rowAt = useCallback((index: number) => rowAtOf(set, index), [set]);
  const memberOf = useCallback((id: string) => set.byId.get(id), [set]);
  const show = useCallback((first: number, last: number) => source?.show(first, last), [source]);
  const reload = useCallback(() => source?.reload() ?? Promise.resolve(), [source]);
  const touch = useCallback((id: string) => source?.touch(id), [source]);
  const put = useCallback((rows: readonly Row[]) => source?.put(rows), [source]);
  const conflict = useCallback((row: Row) => source?.conflict(row), [source]);

  return {
    fetched: set.fetched,
    pending,
    shownQuery,
    total: set.total,
    members: set.members,
    extras: set.extras,
    slots,
    rowAt,
    memberOf,
    source: snapshot.source,
    lost: snapshot.source === 'live' && status.lost,
    error: snapshot.error,
    conflicts: snapshot.conflicts,
    show,
    reload,
    touch,
    put,
    conflict,
  };
}
