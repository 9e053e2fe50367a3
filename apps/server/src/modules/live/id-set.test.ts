import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdSet } from './id-set.ts';

describe('IdSet', () => {
  it('holds each uuid once, in any letter case, and nothing that is not a uuid', () => {
    const a = randomUUID();
    const b = randomUUID();
    const set = IdSet.from([a, b, a.toUpperCase(), 'not-a-uuid']);
    expect(set.size).toBe(2);
    expect(set.has(a)).toBe(true);
    expect(set.has(b.toUpperCase())).toBe(true);
    expect(set.has('not-a-uuid')).toBe(false);
    expect(set.add(a)).toBe(false);
    expect(set.add('x')).toBe(false);
    expect(set.delete(b)).toBe(true);
    expect(set.delete(b)).toBe(false);
    expect(set.has(b)).toBe(false);
    expect(set.size).toBe(1);
  });

  it('agrees with a Set of strings through many additions and removals, growing as needed', () => {
    const ids = Array.from({ length: 500 }, () => randomUUID());
    const set = new IdSet(1);
    const plain = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const id = ids[(i * 7919) % ids.length];
      if (i % 3 === 2) expect(set.delete(id)).toBe(plain.delete(id));
      else {
        expect(set.add(id)).toBe(!plain.has(id));
        plain.add(id);
      }
      expect(set.size).toBe(plain.size);
    }
    for (const id of ids) expect(set.has(id)).toBe(plain.has(id));
    const rebuilt = IdSet.from(plain);
    for (const id of ids) expect(rebuilt.has(id)).toBe(plain.has(id));
  });
});
