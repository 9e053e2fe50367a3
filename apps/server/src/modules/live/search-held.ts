import type { SelectionRead } from '../../platform/live/source.ts';
import { IdSet } from './id-set.ts';

/** A match a search holds: its id and its day-order key (core dayKey: date, first pickup, reference). */
export interface HeldMatch {
  id: string;
  key: string;
}

const compareHeld = (a: HeldMatch, b: HeldMatch) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What a live search holds: its first `limit` matches in day order (their ids and day keys), and
 * the count of all its matches. The count is exact by keeping the id of every match (IdSet) while
 * there are at most `idsMax`; beyond that only the count is kept, and it is counted again, beside
 * delivery, after a change to a trip it does not hold (which may or may not have been a match).
 *
 * The held matches are always every match up to the last held one (or every match, when they are
 * all held), so a change is decided from the changed trips alone: a match that sorts before the
 * last held joins (the last may then fall out to keep `limit`), one that stops matching or moves
 * past it leaves. When fewer than `limit` are held while more match, the search is read again.
 */
export class HeldMatches {
  private held: HeldMatch[] = [];
  private keys = new Map<string, string>();
  private ids: IdSet | null = null;
  matches = 0;

  constructor(
    readonly limit: number,
    private readonly idsMax: number,
  ) {}

  has(id: string): boolean {
    return this.keys.has(id);
  }

  get size(): number {
    return this.held.length;
  }

  /** The held ids in day order. */
  heldIds(): string[] {
    return this.held.map((h) => h.id);
  }

  /** Whether the count is exact from the ids of every match (not only counted). */
  get countsById(): boolean {
    return this.ids !== null;
  }

  /**
   * Takes a reading of the search: its first matches in day order, the count of all, and every
   * match's id (null when there are more than idsMax). Answers the ids held before or after whose
   * holding or key changed.
   */
  reset(held: readonly HeldMatch[], total: number, all: IdSet | null): Set<string> {
    const next = new Map(held.map((h) => [h.id, h.key]));
    const touched = new Set<string>();
    for (const id of this.keys.keys()) if (!next.has(id)) touched.add(id);
    for (const [id, key] of next) if (this.keys.get(id) !== key) touched.add(id);
    this.held = [...held].sort(compareHeld).slice(0, this.limit);
    this.keys = new Map(this.held.map((h) => [h.id, h.key]));
    this.ids = all && all.size <= this.idsMax ? all : total <= this.held.length ? IdSet.from(this.held.map((h) => h.id)) : null;
    if (this.ids) for (const h of this.held) this.ids.add(h.id);
    this.matches = this.ids ? this.ids.size : Math.max(total, this.held.length);
    return touched;
  }

  /** A count of all matches, read beside delivery (when the ids are not kept). */
  counted(total: number): void {
    if (!this.ids) this.matches = Math.max(total, this.held.length);
  }

  /**
   * Changed trips: `now` has those that match the search now, with their day keys. Answers the
   * ids whose holding or key changed, and what should be read again beside delivery.
   */
  apply(changed: Iterable<string>, now: ReadonlyMap<string, string>): { touched: Set<string>; read: SelectionRead | null } {
    const ids = [...new Set(changed)];
    const touched = new Set<string>();
    // before the change: all matches held, or the held ones are every match up to the last
    const complete = this.ids !== null && this.matches === this.held.length;
    const last = this.held.at(-1) ?? null;
    let recount = false;
    for (const id of ids) {
      const matching = now.has(id);
      if (this.ids) {
        if (matching) this.ids.add(id);
        else this.ids.delete(id);
      } else if (this.keys.has(id)) {
        if (!matching) this.matches--;
      } else recount = true;
    }
    for (const id of ids) {
      if (this.keys.has(id)) {
        this.remove(id);
        touched.add(id);
      }
      const key = now.get(id);
      if (key === undefined) continue;
      const match = { id, key };
      if (complete || (last !== null && compareHeld(match, last) <= 0)) {
        this.insert(match);
        touched.add(id);
      }
    }
    while (this.held.length > this.limit) {
      const out = this.held.pop()!;
      this.keys.delete(out.id);
      touched.add(out.id);
    }
    this.matches = this.ids ? this.ids.size : Math.max(this.matches, this.held.length);
    const short = this.held.length < this.limit && this.matches > this.held.length;
    return { touched, read: short ? 'full' : recount ? 'count' : null };
  }

  /** Where a match goes: the first place whose match sorts after it. */
  private place(m: HeldMatch): number {
    let lo = 0;
    let hi = this.held.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareHeld(this.held[mid], m) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insert(m: HeldMatch): void {
    this.held.splice(this.place(m), 0, m);
    this.keys.set(m.id, m.key);
  }

  private remove(id: string): void {
    const key = this.keys.get(id)!;
    this.held.splice(this.place({ id, key }) - 1, 1);
    this.keys.delete(id);
  }
}
