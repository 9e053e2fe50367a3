import { applyChanges, changedMessage, diffFoundSet, fetchedMessage, isEmpty, subscriberDelta, type LiveRow, type RowEntry } from './found-set.ts';
import type { LiveSource } from './source.ts';
import type { FoundSet, Subscription } from './subscription.ts';

/** How a source's rows become the JSON kept with them and sent: its own text when it has one. */
export function serialiserOf(source: LiveSource): (row: LiveRow) => string {
  return source.json?.bind(source) ?? ((row) => JSON.stringify(row));
}

/** The rows as this subscriber receives them: the kept text, or the source's own text for the subscriber. */
function presented(sub: Subscription, source: LiveSource, entries: RowEntry[]): RowEntry[] {
  const present = source.present?.(sub.subscriber.user);
  return present ? entries.map((e) => ({ row: e.row, json: present(e.json) })) : entries;
}

const invalidated = (sub: Subscription) => JSON.stringify({ type: 'FoundSetInvalidated', subscriptionId: sub.subscriptionId });

/**
 * The steps of found sets without a view, which keep every row with its JSON: taking in an
 * evaluation read beside delivery, a subscriber's FetchedFoundSet and a batch of changes.
 */
export class RowFanout {
  constructor(
    private readonly counters: { changes: number; loads: number },
    private readonly log: (msg: string, err?: unknown) => void,
    private readonly end: (fs: FoundSet, message: (sub: Subscription) => string) => void,
    private readonly reread: (fs: FoundSet) => void,
  ) {}

  /**
   * In turn with the changes: takes in the rows read beside delivery, applies the ids changed
   * since the reading began (loaded again now), and answers every waiting subscriber.
   */
  async adopt(fs: FoundSet, rows: LiveRow[]): Promise<void> {
    const since = fs.since ?? new Set<string>();
    fs.since = null;
    if (fs.missed) {
      // it may have read before changes whose notices were lost: read it again
      fs.missed = false;
      this.reread(fs);
      return;
    }
    const serialise = serialiserOf(fs.source);
    for (const row of rows) fs.rows.set(row.id, { row, json: serialise(row) });
    if (since.size > 0) {
      const loaded = await this.load(fs.source, since, [fs]);
      if (!loaded) return;
      applyChanges(fs.rows, diffFoundSet(fs.rows, since, loaded, (row) => fs.source.matches(fs.filter, row), serialise));
    }
    fs.ready = true;
    for (const sub of fs.subscriptions) if (!sub.live) this.sendFetched(sub);
  }

  sendFetched(sub: Subscription): void {
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
    sub.subscriber.send(fetchedMessage(sub.subscriptionId, fs.source.table, presented(sub, fs.source, visible)));
  }

  /** A batch of changed ids for the sets of one source without a view: loaded once for all of them. */
  async apply(source: LiveSource, sets: readonly FoundSet[], ids: ReadonlySet<string>): Promise<void> {
    if (sets.length === 0) return;
    const loaded = await this.load(source, ids, sets);
    if (!loaded) return;
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
        const shown = source.present?.(user) ? { ...delta, added: presented(sub, source, delta.added), updated: presented(sub, source, delta.updated) } : delta;
        sub.subscriber.send(changedMessage(sub.subscriptionId, source.table, shown), sub);
      }
    }
  }

  /** The current rows of ids; when they cannot be read, the sets' clients fetch again instead of drifting. */
  private async load(source: LiveSource, ids: ReadonlySet<string>, sets: readonly FoundSet[]): Promise<Map<string, LiveRow> | null> {
    try {
      this.counters.loads++;
      return new Map((await source.load([...ids])).map((r) => [r.id, r]));
    } catch (e) {
      this.log('loading changed rows failed', e);
      for (const fs of sets) this.end(fs, invalidated);
      return null;
    }
  }
}
