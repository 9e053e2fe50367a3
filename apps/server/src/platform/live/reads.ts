import type { SelectionRead } from './source.ts';
import type { FoundSet } from './subscription.ts';

/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // the place passes to the next in line, or is given back
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const STRENGTH: Record<SelectionRead, number> = { count: 1, full: 2 };
const stronger = (a: SelectionRead | null, b: SelectionRead) => (a && STRENGTH[a] >= STRENGTH[b] ? a : b);

/** How a found set is read beside delivery and how the reading is taken in, in turn with the changes. */
export interface ReadSteps {
  /** Beside change delivery: reads what the set needs (its rows, or its selection and their rows). */
  read(fs: FoundSet, kind: SelectionRead): Promise<unknown>;
  /** In turn with the changes: takes the reading in; `fs.since` holds the ids changed since it began. */
  adopt(fs: FoundSet, reading: unknown): Promise<void>;
  /** In turn with the changes: the reading failed. */
  failed(fs: FoundSet, err: unknown): void;
}

/**
 * Readings of found sets (a first evaluation, or a search reading its held matches again) run
 * beside change delivery, so a slow one never holds up changes to anyone else: at most a gate's
 * limit at once, each set one reading at a time. While a set is read, the ids of every change
 * batch are kept in `fs.since`; the reading is then taken in by a step run in turn with the
 * changes, which checks those ids again before the set is answered or its subscribers told.
 */
export class BesideReads {
  private readonly running = new Set<Promise<void>>();
  constructor(
    /** The gate a set's readings pass: searches have their own, so a slow one never delays a day's list. */
    private readonly gateOf: (fs: FoundSet) => Gate,
    /** Runs a step in turn with the set's changes. */
    private readonly serial: (fs: FoundSet, work: () => Promise<void>) => Promise<void>,
    private readonly steps: ReadSteps,
  ) {}

  /** Asks for a reading of a set; asked while one runs, the strongest asked for follows it. */
  request(fs: FoundSet, kind: SelectionRead): void {
    fs.wanted = stronger(fs.wanted, kind);
    if (fs.reading) return;
    const run = this.loop(fs);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Whether a reading runs or waits its turn. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Settles when every reading asked for so far has been taken in (or has failed). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private async loop(fs: FoundSet): Promise<void> {
    fs.reading = true;
    try {
      // a set left at once (a fetch replaced by the next) is not read at all
      await Promise.resolve();
      while (fs.wanted && !fs.dropped) {
        const kind = fs.wanted;
        fs.wanted = null;
        fs.since = new Set();
        let reading: unknown = null;
        let failure: unknown = null;
        try {
          reading = await this.gateOf(fs).run(() => (fs.dropped ? Promise.resolve(null) : this.steps.read(fs, kind)));
        } catch (e) {
          failure = e ?? new Error('reading failed');
        }
        await this.serial(fs, async () => {
          if (fs.dropped) return;
          if (failure) this.steps.failed(fs, failure);
          else await this.steps.adopt(fs, reading);
        });
      }
    } finally {
      fs.reading = false;
      fs.since = null;
    }
  }
}
