import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDateInput } from '../time/date-input.ts';
import { FILTER_MAX_DEPTH, filterDateRange, leafProblem } from '../trips/filter.ts';
import { parseFilterJson } from '../trips/filter-json.ts';
import { addDays } from '../time/date-input.ts';
import { IsoDate, JSON_MAX_DEPTH, TEXT_MSG, isoDateProblem, jsonNestsDeeperThan, jsonProblem, jsonValue, text, textProblem } from './text.ts';

const ch = (code: number) => String.fromCharCode(code);
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('text(): control characters', () => {
  it.each([
    ['tab', 0x09],
    ['line feed', 0x0a],
    ['carriage return', 0x0d],
    ['space', 0x20],
    ['tilde', 0x7e],
    ['no-break space', 0xa0],
  ])('accepts %s (U+%s)', (_name, code) => {
    expect(textProblem(`a${ch(code)}b`)).toBeNull();
    expect(text().safeParse(`a${ch(code)}b`).success).toBe(true);
  });

  it.each([
    ['NUL', 0x00],
    ['backspace', 0x08],
    ['vertical tab', 0x0b],
    ['form feed', 0x0c],
    ['shift out', 0x0e],
    ['unit separator', 0x1f],
    ['DEL', 0x7f],
    ['first C1 control', 0x80],
    ['last C1 control', 0x9f],
  ])('refuses %s (U+%s) with a readable message', (_name, code) => {
    expect(textProblem(`a${ch(code)}b`)).toBe(TEXT_MSG.CONTROL_CHARACTER);
    const r = text().safeParse(`a${ch(code)}b`);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(TEXT_MSG.CONTROL_CHARACTER);
  });

  it('refuses a control character at either end, even when the field trims', () => {
    expect(text().trim().safeParse('\u0000abc').success).toBe(false);
    expect(text().trim().safeParse('abc\u0000').success).toBe(false);
  });

  it('keeps multi-line text as typed', () => {
    expect(text().parse('line one\r\nline two\n\tindented')).toBe('line one\r\nline two\n\tindented');
  });
});

describe('text(): surrogates', () => {
  it('accepts a valid surrogate pair (an emoji) and text around it', () => {
    expect(textProblem('ok 🚐 ok')).toBeNull();
    expect(textProblem('\uD83D\uDE90')).toBeNull();
    expect(text().safeParse('🚐🚐').success).toBe(true);
  });

  it.each([
    ['a lone high surrogate', '\uD800'],
    ['a lone high surrogate at the end', 'abc\uDBFF'],
    ['a high surrogate followed by text', '\uD800abc'],
    ['a lone low surrogate', '\uDC00'],
    ['a low surrogate at the start', '\uDFFFabc'],
    ['two high surrogates', '\uD800\uD800\uDC00'],
    ['a reversed pair', '\uDE90\uD83D'],
  ])('refuses %s', (_name, s) => {
    expect(textProblem(s)).toBe(TEXT_MSG.BROKEN_CHARACTER);
    expect(firstMessage(text().safeParse(s))).toBe(TEXT_MSG.BROKEN_CHARACTER);
  });

  it('still refuses other types with the usual message', () => {
    expect(text().safeParse(5).success).toBe(false);
    expect(text().safeParse(null).success).toBe(false);
  });
});

describe('IsoDate: real calendar days in 1900–9999', () => {
  it.each(['1900-01-01', '9999-12-31', '1970-01-01', '2078-12-31', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31'])(
    'accepts %s',
    (d) => {
      expect(isoDateProblem(d)).toBeNull();
      expect(IsoDate.parse(d)).toBe(d);
    },
  );

  it.each([
    ['1899-12-31', TEXT_MSG.DATE_RANGE],
    ['0000-01-01', TEXT_MSG.DATE_RANGE],
    ['2026-02-29', TEXT_MSG.NO_SUCH_DATE],
    ['1900-02-29', TEXT_MSG.NO_SUCH_DATE],
    ['2026-02-30', TEXT_MSG.NO_SUCH_DATE],
    ['2026-13-01', TEXT_MSG.NO_SUCH_DATE],
    ['2026-00-10', TEXT_MSG.NO_SUCH_DATE],
    ['2026-04-31', TEXT_MSG.NO_SUCH_DATE],
    ['2026-01-00', TEXT_MSG.NO_SUCH_DATE],
    ['2026-01-32', TEXT_MSG.NO_SUCH_DATE],
  ])('refuses %s: %s', (d, message) => {
    expect(isoDateProblem(d)).toBe(message);
    expect(firstMessage(IsoDate.safeParse(d))).toBe(message);
  });

  it.each(['10000-01-01', '2026-1-1', '26-01-01', '2026/01/01', ' 2026-01-01', '2026-01-01\u0000', '2026-01-01T00:00', ''])(
    'refuses the form %j',
    (d) => {
      expect(isoDateProblem(d)).toBe(TEXT_MSG.DATE_FORMAT);
      expect(IsoDate.safeParse(d).success).toBe(false);
    },
  );
});

describe('typed dates and filter dates share the range', () => {
  it('a typed date outside 1900–9999 is not a date', () => {
    expect(parseDateInput('0000-01-01', '2026-11-22')).toBeNull();
    expect(parseDateInput('1899-12-31', '2026-11-22')).toBeNull();
    expect(parseDateInput('1900-01-01', '2026-11-22')).toBe('1900-01-01');
    expect(parseDateInput('9999-12-31', '2026-11-22')).toBe('9999-12-31');
    expect(parseDateInput('2/30/2026', '2026-11-22')).toBeNull();
  });

  const dateLeaf = (value: string) => leafProblem({ key: 'serviceDate', op: 'eq', value } as Parameters<typeof leafProblem>[0]);
  it('a filter date must be a real day in range; relative days still work', () => {
    expect(dateLeaf('2026-02-30')).not.toBeNull();
    expect(dateLeaf('0000-01-01')).not.toBeNull();
    expect(dateLeaf('2026-02-28')).toBeNull();
    expect(dateLeaf('+3')).toBeNull();
    expect(dateLeaf('-7')).toBeNull();
    expect(dateLeaf('+0..+3')).toBeNull();
    expect(filterDateRange('+0..+3', '2026-11-22', addDays)).toEqual({ from: '2026-11-22', to: '2026-11-25' });
    expect(filterDateRange('-1', '2026-03-01', addDays)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});

describe('jsonValue(): options passed through as JSON', () => {
  const nested = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  };

  it('accepts any JSON with clean text, multi-line text and emoji included', () => {
    expect(jsonProblem({ tripId: 'abc', n: 1, on: true, none: null, list: ['a\nb', '🚐'], inner: { x: 'y' } })).toBeNull();
    expect(jsonValue().safeParse(['a', 1, null]).success).toBe(true);
  });

  it('refuses control characters and lone surrogates in values and in names, at any depth', () => {
    expect(jsonProblem({ a: 'x\u0000' })).toBe(TEXT_MSG.CONTROL_CHARACTER);
    expect(jsonProblem({ 'a\u0000': 1 })).toBe(TEXT_MSG.CONTROL_CHARACTER);
    expect(jsonProblem([[['\uD800']]])).toBe(TEXT_MSG.BROKEN_CHARACTER);
    expect(jsonProblem({ '\uDC00': 1 })).toBe(TEXT_MSG.BROKEN_CHARACTER);
  });

  it(`nests at most ${JSON_MAX_DEPTH} levels; 10,000 levels are refused without overflowing the stack`, () => {
    expect(jsonProblem(nested(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonProblem(nested(JSON_MAX_DEPTH + 1))).toBe(TEXT_MSG.JSON_TOO_DEEP);
    expect(jsonProblem(nested(10_000))).toBe(TEXT_MSG.JSON_TOO_DEEP);
    expect(jsonValue().safeParse(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000))).success).toBe(false);
  });
});

describe('jsonNestsDeeperThan: depth read from the text', () => {
  it('counts arrays and objects, at the limit and one past it', () => {
    expect(jsonNestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonNestsDeeperThan('[1,[2],[3],[[4]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('"plain"', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('["\\"[[[", 1]', 1)).toBe(false);
    expect(jsonNestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  it('answers for 10,000 levels at once', () => {
    expect(jsonNestsDeeperThan('['.repeat(10_000) + ']'.repeat(10_000), 64)).toBe(true);
  });
});

describe('a custom query nested far too deep is refused before it is read', () => {
  const group = (depth: number, leaf: string): string =>
    depth === 0 ? leaf : `{"logicalOp":"and","filters":[${group(depth - 1, leaf)}]}`;
  const listLeaf = '{"key":"division","op":"in","value":["NM01","NM02"]}';

  it('the deepest valid query (with a list value) still reads', () => {
    expect(parseFilterJson(group(FILTER_MAX_DEPTH, listLeaf))).toMatchObject({ ok: true });
  });

  it('10,000 groups deep answers the nesting message', () => {
    const deep = '{"logicalOp":"and","filters":['.repeat(10_000) + ']}'.repeat(10_000);
    expect(parseFilterJson(deep)).toEqual({ ok: false, message: `Groups can be nested at most ${FILTER_MAX_DEPTH} deep` });
  });
});

/** Every source file of core, tests left out. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('no string schema bypasses text()', () => {
  it('z.string() appears only in text.ts', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders = sourceFiles(root)
      .filter((f) => path.basename(f) !== 'text.ts')
      .flatMap((f) => {
        const src = fs.readFileSync(f, 'utf8');
        // also catches `z\n  .string()` and z.coerce.string()
        return /\bz\s*(\.\s*coerce\s*)?\.\s*string\s*\(/.test(src) ? [path.relative(root, f)] : [];
      });
    expect(offenders, 'use text() (or IsoDate) from api/text.ts instead of z.string()').toEqual([]);
  });
});
