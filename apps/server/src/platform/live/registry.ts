import { windowQuery, type LiveTable, type LiveView } from '@tripline/core';
import {
  applyChanges,
  changedMessage,
  diffFoundSet,
  fetchedMessage,
  foundSetKey,
  isEmpty,
  subscriberDelta,
  type LiveRow,
  type RowEntry,
} from './found-set.ts';
import type { LiveSource } from './source.ts';
import { FoundSet, LOAD_FAILED, Subscription, type Subscriber } from './subscription.ts';
import { WindowFanout } from './window-fanout.ts';
import { emptyWindow, windowKey, WindowedSet } from './windowed.ts';

export { FoundSet, LOAD_FAILED, Subscription, type Subscriber, type WindowPlace } from './subscription.ts';

export interface LiveCounters {
  /** Found-set evaluations (one per distinct filter, however many subscribers share it). */
  evaluations: number;
  /** Loads of changed rows (one per table per batch of notifications). */
  loads: number;
  /** FoundSetChanged messages sent. */
  changes: number;
}

/** How a source's rows become the JSON kept with them and sent: its own text when it has one. */
function serialiserOf(source: LiveSource): (row: LiveRow) => string {
  return source.json?.bind(source) ?? ((row) => JSON.stringify(row));
}

/**
 * The found sets of one server process, keyed by table and normalised filter. All evaluation and
 * change application runs one step at a time, so a subscriber always receives FetchedFoundSet
 * before any change to it, and a change is applied to a found set only after its rows are loaded.
 */
export class FoundSetRegistry {
  private readonly sets = new Map<string, FoundSet>();
  private readonly sources = new Map<LiveTable, LiveSource>();
  private tail: Promise<unknown> = Promise.resolve();
  readonly counters: LiveCounters = { evaluations: 0, loads: 0, changes: 0 };
  private readonly windows: WindowFanout;

  constructor(
    sources: readonly LiveSource[],
    private readonly log: (msg: string, err?: unknown) => void,
    /**
     * How long a found set without subscribers stays loaded and current. Going back to a day just
     * left (or reloading the page) then answers from memory instead of evaluating again.
     */
    private readonly lingerMs = 0,
  ) {
    for (const s of sources) this.sources.set(s.table, s);
    this.windows = new WindowFanout(this.counters, log, (fs, message) => this.end(fs, message));
  }

  /** Runs steps one after another; a failed step does not stop the next. */
  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.tail.then(work);
    this.tail = run.catch((e) => this.log('live step failed', e));
    return this.tail as Promise<void>;
  }

  /** Settles when every step queued so far has run. */
  idle(): Promise<void> {
    return this.serial(async () => {});
  }

  /** Found sets in use (lingering ones without subscribers are not counted). */
  get foundSetCount(): number {
    let n = 0;
    for (const fs of this.sets.values()) if (fs.subscriptions.size > 0) n++;
    return n;
  }

  get subscriptionCount(): number {
    let n = 0;
    for (const fs of this.sets.values()) n += fs.subscriptions.size;
    return n;
  }

  /** Starts a subscription; the answer is an error text when the fetch is refused. */
  subscribe(subscriptionId: string, subscriber: Subscriber, table: LiveTable, filter: object, view?: LiveView): Subscription | { error: string } {
    const source = this.sources.get(table);
    if (!source) return { error: `The table ${table} is not live` };
    if (view && !source.windowed) return { error: `The table ${table} has no windowed view` };
    const auth = source.authorize(subscriber.user, filter);
    if ('error' in auth) return auth;
    const place = view ? { start: view.start, count: view.count } : null;
    if ('empty' in auth) {
      const sub = new Subscription(subscriptionId, subscriber, null, place);
      sub.live = true;
      subscriber.send(view ? emptyWindow(subscriptionId, table, view.start) : fetchedMessage(subscriptionId, table, []));
      return sub;
    }
    const query = view ? windowQuery(view) : null;
    const key = foundSetKey(table, auth.filter) + (query ? windowKey(query) : '');
    let fs = this.sets.get(key);
    const created = !fs;
    fs ??= new FoundSet(key, source, auth.filter, query ? new WindowedSet(query) : null);
    if (fs.lingerTimer) {
      clearTimeout(fs.lingerTimer);
      fs.lingerTimer = null;
    }
    const sub = new Subscription(subscriptionId, subscriber, fs, place);
    fs.subscriptions.add(sub);
    if (created) {
      this.sets.set(key, fs);
      const evaluating = fs;
      void this.serial(() => this.evaluate(evaluating));
    } else if (fs.ready && fs.windowed) {
      // a window's rows are read when sent: in turn with the changes
      void this.serial(() => this.windows.sendFetched(sub));
    } else if (fs.ready) {
      this.sendFetched(sub);
    }
    return sub;
  }

  unsubscribe(sub: Subscription): void {
    sub.closed = true;
    const fs = sub.foundSet;
    if (!fs) return;
    fs.subscriptions.delete(sub);
    if (fs.subscriptions.size > 0) return;
    if (this.lingerMs > 0 && fs.ready) {
      const lingering = fs;
      fs.lingerTimer = setTimeout(() => {
        lingering.lingerTimer = null;
        if (lingering.subscriptions.size === 0) this.drop(lingering);
      }, this.lingerMs);
      fs.lingerTimer.unref();
    } else {
      this.drop(fs);
    }
  }

  private drop(fs: FoundSet): void {
    fs.dropped = true;
    if (this.sets.get(fs.key) === fs) this.sets.delete(fs.key);
  }

  private async evaluate(fs: FoundSet): Promise<void> {
    if (fs.dropped) return;
    this.counters.evaluations++;
    if (fs.windowed) return this.windows.evaluate(fs);
    let rows: LiveRow[];
    try {
      rows = await fs.source.evaluate(fs.filter);
    } catch (e) {
      this.log('found set evaluation failed', e);
      this.end(fs, (sub) => JSON.stringify({ type: 'Error', subscriptionId: sub.subscriptionId, message: LOAD_FAILED }));
      return;
    }
    if (fs.dropped) return;
    const serialise = serialiserOf(fs.source);
    for (const row of rows) fs.rows.set(row.id, { row, json: serialise(row) });
    fs.ready = true;
    for (const sub of fs.subscriptions) if (!sub.live) this.sendFetched(sub);
  }

  private sendFetched(sub: Subscription): void {
    const fs = sub.foundSet!;
    const user = sub.subscriber.user;
    const visible: RowEntry[] = [];
    for (const entry of fs.rows.values()) {
      if (fs.source.visibleTo(user, entry.row)) {
        visible.push(entry);
        sub.held.add(entry.row.id);
      }
    }
    sub.live = true;
    sub.subscriber.send(fetchedMessage(sub.subscriptionId, fs.source.table, visible));
  }

  /** Ends every subscription of a found set with a message, and forgets the set. */
  private end(fs: FoundSet, message: (sub: Subscription) => string): void {
    this.drop(fs);
    for (const sub of fs.subscriptions) {
      sub.closed = true;
      sub.subscriber.send(message(sub));
      sub.subscriber.forget(sub);
    }
    fs.subscriptions.clear();
  }

  private static invalidated(sub: Subscription): string {
    return JSON.stringify({ type: 'FoundSetInvalidated', subscriptionId: sub.subscriptionId });
  }

  /**
   * Applies a batch of changed ids per database table. `take` is called when the step runs, so
   * notifications that arrive while earlier steps are busy join this batch.
   */
  applyChanges(take: () => Map<string, Set<string>>): Promise<void> {
    return this.serial(async () => {
      const byTable = new Map<LiveSource, Set<string>>();
      for (const [dbTable, ids] of take()) {
        for (const source of this.sources.values()) {
          if (!source.changedBy.includes(dbTable)) continue;
          const set = byTable.get(source) ?? new Set<string>();
          for (const id of ids) set.add(id);
          byTable.set(source, set);
        }
      }
      for (const [source, ids] of byTable) await this.applyTo(source, ids);
    });
  }

  private async applyTo(source: LiveSource, ids: Set<string>): Promise<void> {
    const ready = [...this.sets.values()].filter((fs) => fs.ready && fs.source === source);
    await this.windows.apply(source, ready.filter((fs) => fs.windowed), ids);
    const sets = ready.filter((fs) => !fs.windowed);
    if (sets.length === 0) return;
    let loaded: Map<string, LiveRow>;
    try {
      this.counters.loads++;
      loaded = new Map((await source.load([...ids])).map((r) => [r.id, r]));
    } catch (e) {
      // Without the rows we cannot tell what changed; the clients fetch again instead of drifting.
      this.log('loading changed rows failed', e);
      for (const fs of sets) this.end(fs, FoundSetRegistry.invalidated);
      return;
    }
    for (const fs of sets) {
      if (fs.dropped) continue;
      const changes = diffFoundSet(fs.rows, ids, loaded, (row) => source.matches(fs.filter, row), serialiserOf(source));
      if (changes.length === 0) continue;
      applyChanges(fs.rows, changes);
      for (const sub of fs.subscriptions) {
        if (!sub.live) continue;
        const user = sub.subscriber.user;
        const delta = subscriberDelta(changes, sub.held, (row) => source.visibleTo(user, row));
        if (isEmpty(delta)) continue;
        this.counters.changes++;
        sub.subscriber.send(changedMessage(sub.subscriptionId, source.table, delta), sub);
      }
    }
  }

  /**
   * Moves a windowed subscription's window and answers FoundSetRows, in turn with the changes; the
   * set is not evaluated again.
   */
  moveWindow(sub: Subscription, start: number, count: number): void {
    void this.serial(() => this.windows.move(sub, start, count));
  }

  /**
   * Every found set that was evaluated may have missed changes (the notification connection was
   * lost): its subscribers are told to fetch again. Sets still waiting for their evaluation will
   * read the current data and are left alone.
   */
  invalidateAll(): Promise<void> {
    return this.serial(async () => {
      for (const fs of this.sets.values()) if (fs.ready) this.end(fs, FoundSetRegistry.invalidated);
    });
  }

  /** Ends the given subscriptions with FoundSetInvalidated (for instance after the user's scope changed). */
  invalidate(subs: Iterable<Subscription>): Promise<void> {
    const list = [...subs];
    return this.serial(async () => {
      for (const sub of list) {
        if (sub.closed) continue;
        this.unsubscribe(sub);
        sub.subscriber.send(FoundSetRegistry.invalidated(sub));
        sub.subscriber.forget(sub);
      }
    });
  }
}
