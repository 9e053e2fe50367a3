import { describe, expect, it } from 'vitest';
import { SEMANTIC_COMPARE_MIN_LENGTH, diffValues, diffWords, shortenSameWords, valueText } from './diff.ts';

describe('diffValues', () => {
  it('lists changed, added and removed fields in the order of before, then after', () => {
    expect(diffValues({ accepted: false, modCount: 3, flag: 'Late' }, { accepted: true, modCount: 4, driverId: 'd-1' })).toEqual([
      { kind: 'changed', path: 'accepted', before: 'false', after: 'true', words: null },
      { kind: 'changed', path: 'modCount', before: '3', after: '4', words: null },
      { kind: 'removed', path: 'flag', before: 'Late' },
      { kind: 'added', path: 'driverId', after: 'd-1' },
    ]);
  });

  it('says nothing about fields that did not change', () => {
    expect(diffValues({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toEqual([]);
  });

  it('names nested fields and list items by path', () => {
    const before = { tripLegs: [{ locFirstTimeAct: null, status: 'Pending' }, { status: 'Pending' }] };
    const after = { tripLegs: [{ locFirstTimeAct: '09:05:00', status: 'Arrived' }, { status: 'Pending' }, { status: 'WillCall' }] };
    expect(diffValues(before, after)).toEqual([
      { kind: 'changed', path: 'tripLegs[0].locFirstTimeAct', before: 'null', after: '09:05:00', words: null },
      { kind: 'changed', path: 'tripLegs[0].status', before: 'Pending', after: 'Arrived', words: null },
      { kind: 'added', path: 'tripLegs[2].status', after: 'WillCall' },
    ]);
  });

  it('lists items removed from the end of a list, and nested lists', () => {
    expect(diffValues({ m: [[1, 2], [3]] }, { m: [[1, 5]] })).toEqual([
      { kind: 'changed', path: 'm[0][1]', before: '2', after: '5', words: null },
      { kind: 'removed', path: 'm[1][0]', before: '3' },
    ]);
  });

  it('quotes keys that are not plain names', () => {
    expect(diffValues({ 'first name': 'Ann' }, { 'first name': 'Anne' })).toEqual([
      { kind: 'changed', path: '["first name"]', before: 'Ann', after: 'Anne', words: null },
    ]);
    expect(diffValues({ a: { 'x-y': 1 } }, { a: { 'x-y': 2 } })[0].path).toBe('a["x-y"]');
  });

  it('reads a missing or null side as a record created or removed: every field is listed', () => {
    const created = { driveAssignmentId: 't-1', action: 'WaitTime', number: 15, notes: null };
    expect(diffValues(null, created)).toEqual([
      { kind: 'added', path: 'driveAssignmentId', after: 't-1' },
      { kind: 'added', path: 'action', after: 'WaitTime' },
      { kind: 'added', path: 'number', after: '15' },
      { kind: 'added', path: 'notes', after: 'null' },
    ]);
    expect(diffValues(undefined, created)).toEqual(diffValues(null, created));
    expect(diffValues({ unread: true }, undefined)).toEqual([{ kind: 'removed', path: 'unread', before: 'true' }]);
    expect(diffValues(null, null)).toEqual([]);
    expect(diffValues(undefined, undefined)).toEqual([]);
  });

  it('shows a nested null that became a value, or the other way, as a change', () => {
    expect(diffValues({ driverId: null }, { driverId: 'd-2' })).toEqual([
      { kind: 'changed', path: 'driverId', before: 'null', after: 'd-2', words: null },
    ]);
    expect(diffValues({ passenger: { id: 'p' } }, { passenger: null })).toEqual([
      { kind: 'changed', path: 'passenger', before: '{"id":"p"}', after: 'null', words: null },
    ]);
  });

  it('lists empty lists and records that appear or go as one entry', () => {
    expect(diffValues({}, { webFields: {}, tags: [] })).toEqual([
      { kind: 'added', path: 'webFields', after: '{}' },
      { kind: 'added', path: 'tags', after: '[]' },
    ]);
  });

  it('shows a change of kind (text to number, list to record) whole', () => {
    expect(diffValues({ n: '1' }, { n: 1 })).toEqual([{ kind: 'changed', path: 'n', before: '1', after: '1', words: null }]);
    expect(diffValues({ v: [1] }, { v: { 0: 1 } })).toEqual([{ kind: 'changed', path: 'v', before: '[1]', after: '{"0":1}', words: null }]);
  });

  it('compares two plain values at the top under an empty path', () => {
    expect(diffValues('a', 'b')).toEqual([{ kind: 'changed', path: '', before: 'a', after: 'b', words: null }]);
  });

  describe('strings: whole below 32 characters, word by word from 32', () => {
    const a31 = 'Pick up at the north door today'; // 31 characters
    const a32 = 'Pick up at the north door today!'; // 32 characters

    it('has the boundary the spec names', () => {
      expect(SEMANTIC_COMPARE_MIN_LENGTH).toBe(32);
      expect(a31).toHaveLength(31);
      expect(a32).toHaveLength(32);
    });

    it('compares a 31-character text whole, so a spacing change is a change', () => {
      expect(diffValues({ notes: a31 }, { notes: a31.replace('the north', 'the south') })).toEqual([
        { kind: 'changed', path: 'notes', before: a31, after: 'Pick up at the south door today', words: null },
      ]);
      const a30 = 'Pick up at the north door toda';
      const spaced31 = 'Pick up at the  north door toda';
      expect(spaced31).toHaveLength(31);
      expect(diffValues({ notes: a30 }, { notes: spaced31 })).toEqual([
        { kind: 'changed', path: 'notes', before: a30, after: spaced31, words: null },
      ]);
    });

    it('ignores a spacing change that makes a 31-character text 32 long', () => {
      const spaced32 = 'Pick up at the  north door today';
      expect(spaced32).toHaveLength(32);
      expect(diffValues({ notes: a31 }, { notes: spaced32 })).toEqual([]);
    });

    it('compares a 32-character text by words: which were removed and which added', () => {
      const after = 'Pick up at the south door today!';
      expect(diffValues({ notes: a32 }, { notes: after })).toEqual([
        {
          kind: 'changed',
          path: 'notes',
          before: a32,
          after,
          words: [
            { kind: 'same', text: 'Pick up at the' },
            { kind: 'removed', text: 'north' },
            { kind: 'added', text: 'south' },
            { kind: 'same', text: 'door today!' },
          ],
        },
      ]);
    });

    it('uses the longer side: a short text that became long is compared by words', () => {
      const changes = diffValues({ notes: 'Gate code 1234' }, { notes: 'Gate code 1234, call when outside please' });
      expect(changes[0]).toMatchObject({ kind: 'changed', words: [{ kind: 'same', text: 'Gate code' }, { kind: 'removed', text: '1234' }, { kind: 'added', text: '1234, call when outside please' }] });
    });

    it('ignores a spacing-only change of a long text', () => {
      expect(diffValues({ notes: a32 }, { notes: `  ${a32.replace(/ /g, '   ')}\n` })).toEqual([]);
    });

    it('shows an emptied text whole', () => {
      expect(diffValues({ notes: a32 }, { notes: '' })).toEqual([
        { kind: 'changed', path: 'notes', before: a32, after: '', words: [{ kind: 'removed', text: a32 }] },
      ]);
      expect(diffValues({ notes: 'x' }, { notes: '' })).toEqual([{ kind: 'changed', path: 'notes', before: 'x', after: '""', words: null }]);
    });
  });
});

describe('diffWords', () => {
  it('keeps removed words before the words that replace them', () => {
    expect(diffWords('one two three four', 'one five six four')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'removed', text: 'two three' },
      { kind: 'added', text: 'five six' },
      { kind: 'same', text: 'four' },
    ]);
  });

  it('finds words moved around the common ones', () => {
    expect(diffWords('a b c d e', 'a c d b e')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c d' },
      { kind: 'added', text: 'b' },
      { kind: 'same', text: 'e' },
    ]);
  });

  it('answers only same words when nothing but spacing changed', () => {
    expect(diffWords('a  b\tc', 'a b c')).toEqual([{ kind: 'same', text: 'a b c' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('shows very long rewritten texts as removed then added rather than comparing every pair', () => {
    const before = Array.from({ length: 1200 }, (_, i) => `b${i}`).join(' ');
    const after = Array.from({ length: 1200 }, (_, i) => `a${i}`).join(' ');
    const parts = diffWords(`start ${before} end`, `start ${after} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
  });
});

describe('shortenSameWords', () => {
  const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

  it('keeps short runs, and shortens long unchanged runs around the change', () => {
    expect(shortenSameWords([{ kind: 'same', text: words(13) }, { kind: 'added', text: 'x' }])).toEqual([
      { kind: 'same', text: words(13) },
      { kind: 'added', text: 'x' },
    ]);
    const parts = shortenSameWords([
      { kind: 'same', text: words(14) },
      { kind: 'removed', text: 'x' },
      { kind: 'same', text: words(20, 'm') },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: words(14, 'e') },
    ]);
    expect(parts[0].text).toBe('… w8 w9 w10 w11 w12 w13');
    expect(parts[2].text).toBe('m0 m1 m2 m3 m4 m5 … m14 m15 m16 m17 m18 m19');
    expect(parts[4].text).toBe('e0 e1 e2 e3 e4 e5 …');
    expect(parts[1]).toEqual({ kind: 'removed', text: 'x' });
  });
});

describe('valueText', () => {
  it('writes each kind of value', () => {
    expect(valueText('x')).toBe('x');
    expect(valueText('')).toBe('""');
    expect(valueText(null)).toBe('null');
    expect(valueText(undefined)).toBe('');
    expect(valueText(0)).toBe('0');
    expect(valueText(false)).toBe('false');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
