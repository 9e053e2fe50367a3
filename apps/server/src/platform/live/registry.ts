import { windowQuery, type LiveTable, type LiveView } from '@tripline/core';
import { fetchedMessage, foundSetKey, type LiveRow } from './found-set.ts';
import { BesideReads, Gate } from './reads.ts';
import { RowFanout } from './row-fanout.ts';
import { LiveRefusal, type LiveSource } from './source.ts';
import { FoundSet, LOAD_FAILED, Subscription, type Subscriber } from './subscription.ts';
import { WindowFanout, type WindowReading } from './window-fanout.ts';
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

/**
 * Readings of found sets that run at once beside change delivery (each holds a database connection
 * or two): of sets matched in memory (days, trips), and apart from them of searches, which may take
 * up to the search time limit.
 */
const READS_AT_ONCE = 2;
const SEARCHES_AT_ONCE = 1;

/** A subscriber who receives rows of their own (portal users) watches whole found sets: one trip by id or a day. */
export const LIVE_ONE_BY_ONE = 'Live lists are not available to your account: watch one trip by its id, or a day of your trips.';

/** Where a set's steps run one after another: sets matched in memory, or sets a query decides. */
type Lane = 'main' | 'searches';
const laneOf = (fs: FoundSet | null): Lane => (fs?.windowed?.selection ? 'searches' : 'main');

/**
 * The found sets of one server process, keyed by table and normalised filter. A set is read
 * (evaluated) beside change delivery, so a slow reading never holds up anyone's changes; taking
 * the reading in, change batches and window moves run one step at a time in the set's lane, so a
 * subscriber always receives FetchedFoundSet before any change to it, and changes made while a set
 * was read are checked again before it is answered (reads.ts). Sets whose members a query decides
 * (searches) have a lane of their own: the database questions their steps ask never hold up the
 * changes of the sets matched in memory (days, trips).
 */
export class FoundSetRegistry {
  private readonly sets = new Map<string, FoundSet>();
  private readonly sources = new Map<LiveTable, LiveSource>();
  private readonly tails: Record<Lane, Promise<unknown>> = { main: Promise.resolve(), searches: Promise.resolve() };
  readonly counters: LiveCounters = { evaluations: 0, loads: 0, changes: 0 };
  private readonly windows: WindowFanout;
  private readonly plain: RowFanout;
  private readonly reads: BesideReads;

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
    const end = (fs: FoundSet, message: (sub: Subscription) => string) => this.end(fs, message);
    this.windows = new WindowFanout(this.counters, log, end, (fs, kind) => this.reads.request(fs, kind));
    this.plain = new RowFanout(this.counters, log, end, (fs) => this.reads.request(fs, 'full'));
    const gates = { sets: new Gate(READS_AT_ONCE), searches: new Gate(SEARCHES_AT_ONCE) };
    this.reads = new BesideReads((fs) => (fs.windowed?.selection ? gates.searches : gates.sets), (fs, work) => this.serial(work, laneOf(fs)), {
      read: (fs, kind) => (fs.windowed ? this.windows.read(fs, kind) : fs.source.evaluate(fs.filter)),
      adopt: (fs, reading) => (fs.windowed ? this.windows.adopt(fs, reading as WindowReading) : this.plain.adopt(fs, reading as LiveRow[])),
      failed: (fs, e) => this.failed(fs, e),
    });
  }

  /** Runs steps of a lane one after another; a failed step does not stop the next. */
  private serial(work: () => Promise<void>, lane: Lane = 'main'): Promise<void> {
    const run = this.tails[lane].then(work);
    this.tails[lane] = run.catch((e) => this.log('live step failed', e));
    return this.tails[lane] as Promise<void>;
  }

  /** Runs a step once every step queued so far in every lane has run, and before any step queued after it. */
  private everywhere(work: () => Promise<void>): Promise<void> {
    const run = Promise.all([this.tails.main, this.tails.searches]).then(work);
    const tail = run.catch((e) => this.log('live step failed', e));
    this.tails.main = tail;
    this.tails.searches = tail;
    return tail;
  }

  /** Settles when every reading and every step queued so far has run. */
  async idle(): Promise<void> {
    do {
      await this.reads.settled();
      await this.everywhere(async () => {});
    } while (this.reads.busy);
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
    if (view && source.present?.(subscriber.user)) return { error: LIVE_ONE_BY_ONE };
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
    fs ??= new FoundSet(key, source, auth.filter, query ? new WindowedSet(query, source.windowed?.selection?.(auth.filter, subscriber.user) ?? null) : null);
    if (fs.lingerTimer) {
      clearTimeout(fs.lingerTimer);
      fs.lingerTimer = null;
    }
    const sub = new Subscription(subscriptionId, subscriber, fs, place);
    fs.subscriptions.add(sub);
    if (created) {
      this.sets.set(key, fs);
      this.counters.evaluations++;
      this.reads.request(fs, 'full');
    } else if (fs.ready && fs.windowed) {
      // a window's rows are read when sent: in turn with the changes
      void this.serial(() => this.windows.sendFetched(sub), laneOf(fs));
    } else if (fs.ready) {
      this.plain.sendFetched(sub);
    }
    return sub;
  }

  unsubscribe(sub: Subscription): void {
    sub.closed = true;
    const fs = sub.foundSet;
    if (!fs) return;
    fs.subscriptions.delete(sub);
    if (fs.subscriptions.size > 0) return;
    // A search nobody watches is dropped at once: kept, it would ask the database about every
    // change batch for nobody, and a search is answered again quickly from its query.
    if (this.lingerMs > 0 && fs.ready && !fs.windowed?.selection) {
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

  /**
   * A reading failed: a set not yet answered ends with an Error (the refusal's own text, such as a
   * search too broad to answer in time); an answered one is fetched again by its clients.
   */
  private failed(fs: FoundSet, e: unknown): void {
    if (fs.ready) {
      this.log('reading a found set again failed', e);
      this.end(fs, FoundSetRegistry.invalidated);
      return;
    }
    if (!(e instanceof LiveRefusal)) this.log('found set evaluation failed', e);
    const message = e instanceof LiveRefusal ? e.message : LOAD_FAILED;
    this.end(fs, (sub) => JSON.stringify({ type: 'Error', subscriptionId: sub.subscriptionId, message }));
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
    const sets = [...this.sets.values()].filter((fs) => fs.source === source && laneOf(fs) === 'main');
    // a set being read checks these again when its reading is taken in
    for (const fs of sets) if (fs.since) for (const id of ids) fs.since.add(id);
    const ready = sets.filter((fs) => fs.ready);
    await this.windows.apply(source, ready.filter((fs) => fs.windowed), ids);
    await this.plain.apply(source, ready.filter((fs) => !fs.windowed), ids);
    if (source.windowed?.selection) void this.serial(() => this.applyToSearches(source, ids), 'searches');
  }

  /** The same batch for the searches of a source, in their own lane: each asks the database which ids it holds now. */
  private async applyToSearches(source: LiveSource, ids: Set<string>): Promise<void> {
    const sets = [...this.sets.values()].filter((fs) => fs.source === source && laneOf(fs) === 'searches');
    for (const fs of sets) if (fs.since) for (const id of ids) fs.since.add(id);
    await this.windows.applySelected(source, sets.filter((fs) => fs.ready && !fs.dropped), ids);
  }

  /**
   * Moves a windowed subscription's window and answers FoundSetRows, in turn with the changes; the
   * set is not evaluated again.
   */
  moveWindow(sub: Subscription, start: number, count: number): void {
    void this.serial(() => this.windows.move(sub, start, count), laneOf(sub.foundSet));
  }

  /**
   * Every found set that was evaluated may have missed changes (the notification connection was
   * lost): its subscribers are told to fetch again. A set being read may have read before the
   * loss: it is read again before it is answered; sets still waiting to be read are left alone.
   */
  invalidateAll(): Promise<void> {
    return this.everywhere(async () => {
      for (const fs of this.sets.values()) {
        if (fs.ready) this.end(fs, FoundSetRegistry.invalidated);
        else if (fs.reading) fs.missed = true;
      }
    });
  }

  /**
   * The clock moved on (checked every minute, and at once by tests): a set whose members depend on
   * the operator's date (a search with relative days) is read again, and its subscribers are told
   * the difference.
   */
  dayChanged(now: Date): void {
    for (const fs of this.sets.values()) {
      const selection = fs.windowed?.selection;
      if (selection && !fs.dropped && selection.dayChanged(now)) this.reads.request(fs, 'full');
    }
  }

  /** Ends the given subscriptions with FoundSetInvalidated (for instance after the user's scope changed). */
  invalidate(subs: Iterable<Subscription>): Promise<void> {
    const list = [...subs];
    return this.everywhere(async () => {
      for (const sub of list) {
        if (sub.closed) continue;
        this.unsubscribe(sub);
        sub.subscriber.send(FoundSetRegistry.invalidated(sub));
        sub.subscriber.forget(sub);
      }
    });
  }
}
