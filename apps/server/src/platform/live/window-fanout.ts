import type { LiveSource, WindowedLoad } from './source.ts';
import { LOAD_FAILED, type FoundSet, type Subscription } from './subscription.ts';
import { changedWindowMessage, fetchedWindow, movedWindow, rowsJson, rowsOf, windowedDeltas } from './windowed.ts';

const invalidated = (sub: Subscription) => JSON.stringify({ type: 'FoundSetInvalidated', subscriptionId: sub.subscriptionId });

/**
 * The steps of windowed found sets, each run by the registry in turn with every other step: the
 * evaluation, a subscriber's FetchedFoundSet, a moved window and a batch of changes. Their rows'
 * JSON is read from the source when sent, so each of these waits for it before sending.
 */
export class WindowFanout {
  constructor(
    private readonly counters: { changes: number; loads: number },
    private readonly log: (msg: string, err?: unknown) => void,
    /** Ends every subscription of a found set with a message, and forgets the set. */
    private readonly end: (fs: FoundSet, message: (sub: Subscription) => string) => void,
  ) {}

  async evaluate(fs: FoundSet): Promise<void> {
    const source = fs.source;
    let loads: WindowedLoad[];
    try {
      loads = await source.windowed!.evaluate(fs.filter);
    } catch (e) {
      this.log('found set evaluation failed', e);
      this.end(fs, (sub) => JSON.stringify({ type: 'Error', subscriptionId: sub.subscriptionId, message: LOAD_FAILED }));
      return;
    }
    if (fs.dropped) return;
    fs.windowed!.fill(loads, source.windowed!, (row) => source.matches(fs.filter, row));
    fs.ready = true;
    // a copy: subscribers may come and go while a window's rows are read
    const waiting = Array.from(fs.subscriptions).filter((sub) => !sub.live);
    for (const sub of waiting) await this.sendFetched(sub);
  }

  /** A subscriber's FetchedFoundSet: its window's rows, its members and their count. */
  async sendFetched(sub: Subscription): Promise<void> {
    const fs = sub.foundSet!;
    if (sub.closed || sub.live || fs.dropped) return;
    const fetched = fetchedWindow(sub, (row) => fs.source.visibleTo(sub.subscriber.user, row));
    sub.live = true;
    const json = await this.rows(fs, fetched.ids);
    if (json && !sub.closed) sub.subscriber.send(fetched.text(rowsJson(fetched.ids, json)));
  }

  /** Moves a window and answers FoundSetRows with its rows; the set is not evaluated again. */
  async move(sub: Subscription, start: number, count: number): Promise<void> {
    if (sub.closed) return;
    if (!sub.live) {
      sub.window = { start, count };
      return;
    }
    const moved = movedWindow(sub, start, count);
    const fs = sub.foundSet;
    const json = fs?.windowed ? await this.rows(fs, moved.ids) : new Map<string, string>();
    if (json && !sub.closed) sub.subscriber.send(moved.text(rowsJson(moved.ids, json)));
  }

  /** A batch of changed ids for the windowed sets of one source: loaded once for all of them. */
  async apply(source: LiveSource, sets: readonly FoundSet[], ids: ReadonlySet<string>): Promise<void> {
    if (sets.length === 0) return;
    let loaded: Map<string, WindowedLoad>;
    try {
      this.counters.loads++;
      loaded = new Map((await source.windowed!.load([...ids])).map((l) => [l.row.id, l]));
    } catch (e) {
      this.log('loading changed rows failed', e);
      for (const fs of sets) this.end(fs, invalidated);
      return;
    }
    for (const fs of sets) {
      if (fs.dropped) continue;
      const deltas = windowedDeltas(fs, ids, loaded);
      if (deltas.length === 0) continue;
      const json = await this.rows(fs, deltas.flatMap(({ delta }) => [...delta.added, ...delta.updated]));
      if (!json) continue;
      for (const { sub, delta } of deltas) {
        if (sub.closed) continue;
        this.counters.changes++;
        sub.subscriber.send(changedWindowMessage(sub, delta, json), sub);
      }
    }
  }

  /** The JSON of rows of a set; when it cannot be read the set's subscribers are told to fetch again. */
  private async rows(fs: FoundSet, ids: readonly string[]): Promise<Map<string, string> | null> {
    try {
      return await rowsOf(fs, ids);
    } catch (e) {
      this.log('reading window rows failed', e);
      this.end(fs, invalidated);
      return null;
    }
  }
}
