import { describe, expect, it } from 'vitest';
import { BesideReads, Gate } from './reads.ts';
import type { SelectionRead } from './source.ts';
import { FoundSet } from './subscription.ts';

/** A promise settled from outside. */
function later<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Gate', () => {
  it('runs at most its limit at once, the rest in the order they came', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const ends = [later(), later(), later(), later()];
    const runs = ends.map((end, i) =>
      gate.run(async () => {
        started.push(i);
        await end.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    ends[1].resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    ends[0].resolve();
    ends[2].resolve();
    ends[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    // a failed task gives its place back
    await expect(gate.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('BesideReads', () => {
  it('reads a set once at a time, then once more for what was asked meanwhile (the strongest), each taken in by a step in turn', async () => {
    const fs = new FoundSet('k', {} as never, {});
    const reads: SelectionRead[] = [];
    const adopted: unknown[] = [];
    const first = later<string>();
    let tail = Promise.resolve();
    const beside = new BesideReads(
      () => new Gate(1),
      (_fs, work) => (tail = tail.then(work)),
      {
        read: async (_fs, kind) => {
          reads.push(kind);
          return reads.length === 1 ? first.promise : `reading ${reads.length}`;
        },
        adopt: async (set, reading) => {
          adopted.push([reading, [...(set.since ?? [])]]);
          set.since = null;
        },
        failed: () => {},
      },
    );
    beside.request(fs, 'count');
    await settle();
    expect(reads).toEqual(['count']);
    // asked while the first reading runs: one more reading follows, of the strongest kind
    beside.request(fs, 'full');
    beside.request(fs, 'count');
    fs.since!.add('changed meanwhile');
    first.resolve('reading 1');
    await beside.settled();
    expect(reads).toEqual(['count', 'full']);
    expect(adopted).toEqual([
      ['reading 1', ['changed meanwhile']],
      ['reading 2', []],
    ]);
    expect(fs.reading).toBe(false);
  });
});
