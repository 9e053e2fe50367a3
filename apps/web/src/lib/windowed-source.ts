import { LIVE_CLOSED, LIVE_SELF_CHANGE_IGNORE_MS, type WindowSort } from '@tripline/core';
import { RecentLocalChanges, type FoundSetChange, type LiveHandlers, type WindowFacts } from './found-set.ts';
import type { LiveRequest, LiveStatus, LiveSubscription } from './live.ts';
import {
  changedWindow,
  emptyWindowedSet,
  fetchedWindow,
  localRows,
  movedWindow,
  receivedRows,
  staleInWindow,
  windowFor,
  type WindowAnswer,
  type WindowRange,
  type WindowedRow,
  type WindowedSet,
} from './windowed-set.ts';

/** The part of the live client a windowed found set uses. */
export interface WindowedLive {
  subscribe<Row>(request: LiveRequest, handlers: LiveHandlers<Row>): LiveSubscription;
  getStatus(): LiveStatus;
  onStatus(listener: () => void): () => void;
}

export interface WindowedSourceOptions<Row extends WindowedRow> {
  /** The found set with its view: sort and q decide the members; start and count are the first window. */
  request: LiveRequest;
  live: WindowedLive;
  /** A row as the server sends it, read into the row type (e.g. TripListRow.parse). */
  parse(raw: unknown): Row;
  /** The same window over HTTP, for when the socket cannot be used. */
  load(window: WindowRange, signal: AbortSignal): Promise<WindowAnswer<Row>>;
  /** How long the live answer may take before the window is read over HTTP instead. */
  fallbackAfterMs?: number;
  /** The rows in view settle this long before the window follows them… */
  moveDelayMs?: number;
  /** …or, while they keep moving (a steady scroll), at most this long. */
  moveMaxWaitMs?: number;
}

export interface WindowedSnapshot<Row extends WindowedRow> {
  set: WindowedSet<Row>;
  /** Where the members came from: the live found set, or GET drive-assignments-window when the socket cannot be used. */
  source: 'live' | 'http' | null;
  error: unknown;
  /** Rows reset to the server's copy after a write found them changed (spec 1 §8). */
  conflicts: ReadonlySet<string>;
}

const FALLBACK_AFTER_MS = 3_000;
const MOVE_DELAY_MS = 120;
const MOVE_MAX_WAIT_MS = 400;
const DEFAULT_WINDOW: WindowRange = { start: 0, count: 100 };

function viewOf(request: LiveRequest): { start: number; count: number; sort?: WindowSort } | undefined {
  return 'view' in request ? request.view : undefined;
}

/**
 * One windowed found set, kept current: the live subscription with a view, falling back to the
 * HTTP twin when the socket cannot be used; the window follows the rows in view (debounced), and
 * this tab's writes go straight in. React reads it through useWindowedFoundSet.
 */
export class WindowedSource<Row extends WindowedRow> {
  private snapshot: WindowedSnapshot<Row>;
  private readonly listeners = new Set<() => void>();
  private readonly recent = new RecentLocalChanges();
  private subscription: LiveSubscription | null = null;
  private stopStatus: (() => void) | null = null;
  private liveAnswered = false;
  private httpMode = false;
  private loading: AbortController | null = null;
  private visible: { first: number; last: number } | null = null;
  /** When the rows in view first moved since the window last followed them. */
  private movingSince: number | null = null;
  private readonly timers = { fallback: null as Timer, move: null as Timer, recheck: null as Timer };

  constructor(private readonly options: WindowedSourceOptions<Row>) {
    const view = viewOf(options.request);
    const window = view ? { start: view.start, count: view.count } : DEFAULT_WINDOW;
    this.snapshot = { set: emptyWindowedSet<Row>(window, view?.sort?.dir ?? 'asc'), source: null, error: null, conflicts: new Set() };
  }

  getSnapshot = (): WindowedSnapshot<Row> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts following the set (again, after stop: with the window it had). */
  start(): void {
    if (this.subscription) return;
    const { live, request } = this.options;
    const view = viewOf(request);
    const { start, count } = this.snapshot.set.window;
    this.liveAnswered = false;
    this.subscription = live.subscribe<unknown>(view ? ({ ...request, view: { ...view, start, count } } as LiveRequest) : request, {
      fetched: (rows, facts) => this.fetched(rows, facts),
      changed: (change) => this.changed(change),
      rows: (_start, rows) => this.update((set) => receivedRows(set, rows.map(this.options.parse))),
      error: () => this.fallback(),
    });
    this.stopStatus = live.onStatus(() => {
      const status = live.getStatus();
      if (status.state === LIVE_CLOSED && status.failedAttempts > 0) this.fallback();
    });
    this.httpMode = false;
    if (!live.getStatus().supported) this.fallback();
    this.timers.fallback = setTimeout(() => this.fallback(), this.options.fallbackAfterMs ?? FALLBACK_AFTER_MS);
  }

  stop(): void {
    this.subscription?.();
    this.subscription = null;
    this.stopStatus?.();
    this.stopStatus = null;
    this.loading?.abort();
    this.loading = null;
    this.movingSince = null;
    for (const name of Object.keys(this.timers) as (keyof typeof this.timers)[]) {
      if (this.timers[name]) clearTimeout(this.timers[name]);
      this.timers[name] = null;
    }
  }

  /** Rows `first`…`last` are in view: the window follows once they settle, or now and then during a steady scroll. */
  show(first: number, last: number): void {
    if (this.visible?.first === first && this.visible.last === last) return;
    this.visible = { first, last };
    const now = Date.now();
    this.movingSince ??= now;
    const settle = this.options.moveDelayMs ?? MOVE_DELAY_MS;
    const latest = this.movingSince + (this.options.moveMaxWaitMs ?? MOVE_MAX_WAIT_MS) - now;
    if (this.timers.move) clearTimeout(this.timers.move);
    this.timers.move = setTimeout(
      () => {
        this.timers.move = null;
        this.movingSince = null;
        this.follow();
      },
      Math.max(0, Math.min(settle, latest)),
    );
  }

  /** Reads the window over HTTP again (for when live updates are not flowing, or the first read failed). */
  reload(): Promise<void> {
    return this.load(true);
  }

  /** A write on this record starts: its live echo must not undo what the answer brings (spec 1 §9). */
  touch(id: string): void {
    this.recent.mark(id);
  }

  /** The answer of a write replaces the rows. */
  put(rows: readonly Row[]): void {
    if (rows.length === 0) return;
    for (const row of rows) this.recent.mark(row.id);
    this.update((set) => localRows(set, rows));
    const conflicts = this.snapshot.conflicts;
    if (rows.some((r) => conflicts.has(r.id))) {
      const next = new Set(conflicts);
      for (const row of rows) next.delete(row.id);
      this.emit({ ...this.snapshot, conflicts: next });
    }
  }

  /** spec 1 §8: after a 409 the row is reset to the server's copy and flagged. */
  conflict(row: Row): void {
    this.put([row]);
    this.emit({ ...this.snapshot, conflicts: new Set(this.snapshot.conflicts).add(row.id) });
  }

  private fetched(raw: unknown[], facts: WindowFacts | undefined): void {
    this.liveAnswered = true;
    this.loading?.abort();
    const rows = raw.map(this.options.parse);
    // a set without a view answers every row in order: its members are the rows
    const answer = facts ?? { total: rows.length, start: 0, members: rows.map((r, i) => [r.id, String(i).padStart(9, '0'), r.modCount, 0]), extras: {} };
    this.emit({ ...this.snapshot, set: fetchedWindow(this.snapshot.set, { ...answer, rows }), source: 'live', error: null });
    this.follow();
  }

  private changed(change: FoundSetChange<unknown>): void {
    const parse = this.options.parse;
    const added = change.added.map(parse);
    const updated = change.updated.map(parse);
    // spec 1 §9 for rows only: members still move and the count follows
    const keptAdded = this.recent.keepRows(added);
    const keptUpdated = this.recent.keepRows(updated);
    if (keptAdded.length < added.length || keptUpdated.length < updated.length) this.recheckLater();
    this.update((set) => changedWindow(set, { ...change, added: keptAdded, updated: keptUpdated }));
  }

  /**
   * Rows dropped by the 5-second rule were the echo of this tab's write, or a change by someone
   * else just after it: once the 5 seconds have passed, a row still older than its member is
   * asked for again.
   */
  private recheckLater(): void {
    if (this.timers.recheck) return;
    this.timers.recheck = setTimeout(() => {
      this.timers.recheck = null;
      if (staleInWindow(this.snapshot.set).length === 0) return;
      if (this.liveAnswered) {
        const { start, count } = this.snapshot.set.window;
        this.subscription?.moveWindow(start, count);
      } else void this.load(false);
    }, LIVE_SELF_CHANGE_IGNORE_MS + 50);
  }

  private follow(): void {
    const { set } = this.snapshot;
    if (!this.visible || !set.fetched) return;
    const next = windowFor(this.visible.first, this.visible.last, set.members.length, set.window);
    if (!next) return;
    this.update((s) => movedWindow(s, next));
    this.subscription?.moveWindow(next.start, next.count);
    if (this.httpMode && !this.liveAnswered) void this.load(false);
  }

  private fallback(): void {
    if (this.httpMode || this.liveAnswered || !this.subscription) return;
    this.httpMode = true;
    void this.load(false);
  }

  /** Reads the current window over HTTP: its members replace the old ones. */
  private async load(always: boolean): Promise<void> {
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    try {
      const answer = await this.options.load(this.snapshot.set.window, controller.signal);
      if (controller.signal.aborted || (!always && this.liveAnswered)) return;
      const { source } = this.snapshot;
      this.emit({ ...this.snapshot, set: fetchedWindow(this.snapshot.set, answer), source: source ?? 'http', error: null });
      this.follow();
    } catch (error) {
      if (!controller.signal.aborted && (always || !this.liveAnswered)) this.emit({ ...this.snapshot, error });
    } finally {
      if (this.loading === controller) this.loading = null;
    }
  }

  private update(change: (set: WindowedSet<Row>) => WindowedSet<Row>): void {
    const set = change(this.snapshot.set);
    if (set !== this.snapshot.set) this.emit({ ...this.snapshot, set });
  }

  private emit(next: WindowedSnapshot<Row>): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

type Timer = ReturnType<typeof setTimeout> | null;
