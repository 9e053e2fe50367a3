import fc from 'fast-check';
import type { Kind } from './schema.ts';

/**
 * The bad values each kind of field gets. Fixed lists cover the known failure classes (NUL, lone
 * surrogates, control characters, impossible dates, huge and non-finite numbers, deep nesting,
 * huge strings, wrong types); a few fast-check strings with a fixed seed add unplanned ones.
 */

/** JSON text put into a body as is (what JSON.stringify cannot write: 1e400, 10,000-deep nesting). */
export class Raw {
  constructor(readonly json: string) {}
}

export const MB = 1024 * 1024;
export const DEPTH = 10_000;
export const deepArray = new Raw('['.repeat(DEPTH) + ']'.repeat(DEPTH));
export const deepObject = new Raw('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH));
/** A custom-query tree (the one recursive shape of the contract) nested 10,000 groups deep. */
const deepGroupJson = '{"logicalOp":"and","filters":['.repeat(DEPTH) + ']}'.repeat(DEPTH);
export const deepGroup = new Raw(deepGroupJson);

const IMPOSSIBLE_DATES = ['2026-02-30', '2026-02-29', '0000-01-01', '1899-12-31', '2026-13-01', '2026-04-31', '10000-01-01', '2026-00-00'];

/** Strings fast-check makes from any UTF-16 code unit (so lone surrogates and controls too), the same every run. */
const generated = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), { seed: 20261122, numRuns: 6 });

const BAD_STRINGS: unknown[] = [
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'bell\u0007',
  '\u001B[2J',
  '\u0085',
  '\u009F',
  '\uFFFF',
  'a'.repeat(MB),
  'a'.repeat(600_000),
  "' or '1'='1",
  '-1',
  'NaN',
  '__proto__',
  '../../../etc/passwd',
  ...IMPOSSIBLE_DATES,
  ...generated,
];
const WRONG_SHAPES: unknown[] = [null, [], {}, deepArray, deepObject, deepGroup];
const BAD_NUMBERS: unknown[] = [
  -1,
  0,
  0.5,
  -1e308,
  1e308,
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('9007199254740993'),
  new Raw('-0'),
  'NaN',
  'Infinity',
  '12',
  '',
  true,
];

/** The bad JSON values for a field of this kind. */
export function badBodyValues(kind: Kind): unknown[] {
  switch (kind) {
    case 'string':
      return [...BAD_STRINGS, 12345, -1, true, ...WRONG_SHAPES];
    case 'date':
      return [...IMPOSSIBLE_DATES, '2026-1-1', '22/11/2026', '\u0000', '\uD800', 'a'.repeat(MB), 20261122, true, ...WRONG_SHAPES];
    case 'number':
      return [...BAD_NUMBERS, ...WRONG_SHAPES];
    case 'boolean':
      return ['true', 'yes', 0, 1, '\u0000', ...WRONG_SHAPES];
    case 'enum':
      return ['not-a-choice', '', '\u0000', '\uD800', 'a'.repeat(600_000), 1, true, ...WRONG_SHAPES];
    case 'array':
      return ['x', 1, true, { length: 1 }, new Raw(`[${'1,'.repeat(200_000)}1]`), ...WRONG_SHAPES];
    case 'record':
      return ['x', 1, [], { '\u0000': 'v' }, { '\uD800': 'v' }, { ['k'.repeat(10_000)]: 1 }, new Raw('{"__proto__":{"a":1}}'), null, deepArray, deepObject];
    case 'object':
      return ['x', 1, true, ...WRONG_SHAPES];
    default:
      return [...BAD_STRINGS.slice(0, 12), 1, true, ...WRONG_SHAPES];
  }
}

const utf8 = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return null; // a lone surrogate cannot be written as UTF-8; the raw forms below stand in for it
  }
};

/** The bad values of a query parameter, already written as they appear after `name=`. */
export const BAD_QUERY_VALUES: string[] = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80', // a surrogate written as UTF-8 bytes (CESU-8)
  '%F0%9F', // a cut four-byte character
  '%C0%80', // an overlong NUL
  '%FF%FE',
  '%',
  '%zz',
  '%1B%5B2J',
  '%C2%85',
  'a'.repeat(MB),
  ...IMPOSSIBLE_DATES,
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '9'.repeat(400),
  '1.5',
  '%5B%5D',
  '%7B%22a%22%3A1%7D',
  '__proto__',
  encodeURIComponent('[['.repeat(DEPTH)),
  encodeURIComponent(deepGroupJson),
  ...generated.map(utf8).filter((v): v is string => v !== null),
];
