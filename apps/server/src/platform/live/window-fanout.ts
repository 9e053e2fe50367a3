import type { LiveSource, SelectionRead, WindowedLoad } from './source.ts';
import type { FoundSet, Subscription } from './subscription.ts';
import { belongs, changedWindowMessage, diffWindowed, fetchedWindow, movedWindow, rowsJson, rowsOf, windowedDeltas } from './windowed.ts';

const invalidated = (sub: Subscription) => JSON.stringify({ type: 'FoundSetInvalidated', subscriptionId: sub.subscriptionId });

/** A windowed set's reading: the loaded rows, and its selection's reading when a query decides the members. */
export interface WindowReading {
  loads: Map<string, WindowedLoad>;
  selection?: unknown;
}

const byId = (loads: Iterable<WindowedLoad>) => new Map([...loads].map((l) => [l.row.id, l]));

/**
 * The steps of windowed found sets. Reading a set runs beside change delivery (read); taking the
 * reading in (adopt), a subscriber's FetchedFoundSet, a moved window and a batch of changes run
 * in turn with every other step. Their rows' JSON is read from the source when sent, so each of
 * these waits for it before sending.
 */
export class WindowFanout {
  constructor(
    private readonly counters: { changes: number; loads: number },
    private readonly log: (msg: string, err?: unknown) => void,
    /** Ends every subscription of a found set with a message, and forgets the set. */
    private readonly end: (fs: FoundSet, message: (sub: Subscription) => string) => void,
    /** Asks for a set to be read again beside delivery. */
    private readonly reread: (fs: FoundSet, kind: SelectionRead) => void,
  ) {}

  /** Beside delivery: every row of a plain windowed set, or a selection's reading and the rows it newly holds. */
  async read(fs: FoundSet, kind: SelectionRead): Promise<WindowReading> {
    const source = fs.source.windowed!;
    const selection = fs.windowed!.selection;
    if (!selection) return { loads: byId(await source.evaluate(fs.filter)) };
    const reading = await selection.read(kind);
    const ids = selection.idsOf(reading).filter((id) => !fs.ready || !selection.has(id));
    return { loads: byId(ids.length > 0 ? await source.load([...ids], true) : []), selection: reading };
  }

  /**
   * In turn with the changes: takes a reading in. The ids changed while it ran are loaded and
   * applied again; a set read for the first time is then answered, a live one tells its
   * subscribers the difference.
   */
  async adopt(fs: FoundSet, reading: WindowReading): Promise<void> {
    const since = fs.since ?? new Set<string>();
    fs.since = null;
    if (fs.missed) {
      // it may have read before changes whose notices were lost: read it again
      fs.missed = false;
      this.reread(fs, 'full');
      return;
    }
    const ws = fs.windowed!;
    const source = fs.source;
    const selection = ws.selection;
    if (!selection) {
      ws.fill(reading.loads.values(), source.windowed!, belongs(fs));
      const fresh = since.size > 0 ? await this.load(fs, since) : new Map<string, WindowedLoad>();
      if (!fresh) return;
      ws.apply(diffWindowed(ws, source.windowed!, since, fresh, belongs(fs)));
      return this.ready(fs);
    }
    let step;
    try {
      step = await selection.adopt(reading.selection, since);
    } catch (e) {
      this.log('checking the changes of a search failed', e);
      this.end(fs, invalidated);
      return;
    }
    // held rows changed since the reading began, or not read with it, are read now
    const need = [...step.touched].filter((id) => selection.has(id) && (since.has(id) || !reading.loads.has(id)));
    const fresh = need.length > 0 ? await this.load(fs, need) : new Map<string, WindowedLoad>();
    if (!fresh) return;
    for (const [id, l] of fresh) reading.loads.set(id, l);
    if (fs.ready) await this.send(fs, step.touched, reading.loads);
    else {
      ws.apply(diffWindowed(ws, source.windowed!, step.touched, reading.loads, belongs(fs)));
      await this.ready(fs);
    }
    if (step.read) this.reread(fs, step.read);
  }

  /** The set is evaluated: every subscriber waiting for it gets its FetchedFoundSet. */
  private async ready(fs: FoundSet): Promise<void> {
    if (fs.dropped) return;
    fs.ready = true;
    fs.windowed!.sentFields = fs.windowed!.fields();
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
    if (!json || sub.closed) return;
    sub.subscriber.send(fetched.text(rowsJson(fetched.ids, json)));
    for (const place of sub.moves.splice(0)) await this.move(sub, place.start, place.count);
  }

  /** Moves a window and answers FoundSetRows with its rows; the set is not evaluated again. */
  async move(sub: Subscription, start: number, count: number): Promise<void> {
    if (sub.closed) return;
    if (!sub.live) {
      // answered once the set is: after its FetchedFoundSet
      sub.moves.push({ start, count });
      return;
    }
    const moved = movedWindow(sub, start, count);
    const fs = sub.foundSet;
    const json = fs?.windowed ? await this.rows(fs, moved.ids) : new Map<string, string>();
    if (json && !sub.closed) sub.subscriber.send(moved.text(rowsJson(moved.ids, json)));
  }

  /** A batch of changed ids for the windowed sets of one source matched in memory, loaded once for all of them. */
  async apply(source: LiveSource, sets: readonly FoundSet[], ids: ReadonlySet<string>): Promise<void> {
    const loaded = await this.loadFor(source, sets, ids);
    if (loaded) for (const fs of sets) if (!fs.dropped) await this.send(fs, ids, loaded);
  }

  /**
   * The same batch for sets whose selection asks the database which of the ids it holds now (all
   * at once); the rows are loaded again here, so they are never older than the selections' answers.
   */
  async applySelected(source: LiveSource, sets: readonly FoundSet[], ids: ReadonlySet<string>): Promise<void> {
    const loaded = await this.loadFor(source, sets, ids);
    if (!loaded) return;
    const steps = await Promise.all(sets.map((fs) => fs.windowed!.selection!.change(ids).catch((e: unknown) => e as Error)));
    for (const [i, fs] of sets.entries()) {
      const step = steps[i];
      if (fs.dropped) continue;
      if (step instanceof Error) {
        this.log('checking the changes of a search failed', step);
        this.end(fs, invalidated);
        continue;
      }
      await this.send(fs, step.touched, loaded);
      if (step.read) this.reread(fs, step.read);
    }
  }

  /** Changed rows for sets of a source (none asked for when there are no sets); when they cannot be read the sets are told to fetch again. */
  private async loadFor(source: LiveSource, sets: readonly FoundSet[], ids: ReadonlySet<string>): Promise<Map<string, WindowedLoad> | null> {
    if (sets.length === 0) return null;
    try {
      this.counters.loads++;
      return byId(await source.windowed!.load([...ids]));
    } catch (e) {
      this.log('loading changed rows failed', e);
      for (const fs of sets) this.end(fs, invalidated);
      return null;
    }
  }

  /** Applies loaded rows of ids to a live set and sends each subscriber its FoundSetChanged. */
  private async send(fs: FoundSet, ids: Iterable<string>, loaded: ReadonlyMap<string, WindowedLoad>): Promise<void> {
    const deltas = windowedDeltas(fs, ids, loaded);
    if (deltas.length === 0) return;
    const json = await this.rows(fs, deltas.flatMap(({ delta }) => [...delta.added, ...delta.updated]));
    if (!json) return;
    for (const { sub, delta } of deltas) {
      if (sub.closed) continue;
      this.counters.changes++;
      sub.subscriber.send(changedWindowMessage(sub, delta, json), sub);
    }
  }

  /** The current rows of ids of a set; when they cannot be read its subscribers are told to fetch again. */
  private async load(fs: FoundSet, ids: Iterable<string>): Promise<Map<string, WindowedLoad> | null> {
    try {
      this.counters.loads++;
      return byId(await fs.source.windowed!.load([...ids]));
    } catch (e) {
      this.log('loading changed rows failed', e);
      this.end(fs, invalidated);
      return null;
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
