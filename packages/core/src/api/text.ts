import { z } from 'zod';

/**
 * The strings and dates every endpoint accepts. PostgreSQL cannot store a NUL byte and refuses a
 * lone UTF-16 surrogate in jsonb, so both are refused at the door with a message instead of failing
 * deep inside a write; the other C0/C1 control characters have no business in a form field either.
 * Tab, line feed and carriage return stay allowed: notes, broadcasts, SMS text and reference lists
 * are multi-line.
 */
export const TEXT_MSG = {
  CONTROL_CHARACTER: 'Text may not contain control characters (only tabs and line breaks are allowed)',
  BROKEN_CHARACTER: 'Text contains a broken character (an unpaired UTF-16 surrogate)',
  DATE_FORMAT: 'Dates are YYYY-MM-DD',
  NO_SUCH_DATE: 'There is no such date',
  DATE_RANGE: 'Dates must fall in the years 1900 to 9999',
  JSON_TOO_DEEP: 'JSON may nest at most 20 levels deep',
} as const;

// C0 controls except tab (09), LF (0A) and CR (0D); DEL and the C1 controls (7F–9F).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, or null when it can. */
export function textProblem(s: string): string | null {
  if (CONTROL.test(s)) return TEXT_MSG.CONTROL_CHARACTER;
  if (LONE_SURROGATE.test(s)) return TEXT_MSG.BROKEN_CHARACTER;
  return null;
}

/**
 * A string field of the API: z.string() that refuses control characters and lone surrogates. Takes
 * z.string()'s parameters (e.g. `{ error: 'Missing required contact id' }` for a missing field).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

/**
 * Text the server makes and only sends, never reads from a client: a windowed found set's sort keys,
 * whose NUL separators order them (live/sort-keys.ts). For answers' schemas only.
 */
export function serverKey() {
  return z.string();
}

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 9999;

/** Why a YYYY-MM-DD text is not a date the API accepts, or null when it is. */
export function isoDateProblem(s: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return TEXT_MSG.DATE_FORMAT;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_DATE_YEAR || y > MAX_DATE_YEAR) return TEXT_MSG.DATE_RANGE;
  if (mo < 1 || mo > 12 || d < 1) return TEXT_MSG.NO_SUCH_DATE;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d > daysInMonth ? TEXT_MSG.NO_SUCH_DATE : null;
}

/** A calendar date as the API carries it: 'YYYY-MM-DD', a real day in the years 1900–9999. */
export const IsoDate = z.string().check((ctx) => {
  const problem = isoDateProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

export const JSON_MAX_DEPTH = 20;

/**
 * Why a JSON value (options passed through to the database) cannot be accepted, or null: any text
 * in it, names included, follows text()'s rule, and it nests at most JSON_MAX_DEPTH levels. Walked
 * without recursion, so a 10,000-deep value is refused instead of overflowing the stack.
 */
export function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= JSON_MAX_DEPTH) return TEXT_MSG.JSON_TOO_DEEP;
      for (const [k, child] of Object.entries(v)) {
        const problem = textProblem(k);
        if (problem) return problem;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/** Any JSON value that jsonProblem accepts. */
export function jsonValue() {
  return z.unknown().check((ctx) => {
    const problem = jsonProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

/** How deep a request body's JSON may nest: far deeper than any request of the API needs. */
export const JSON_BODY_MAX_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects more than `limit` levels deep, read from the text
 * alone (brackets inside strings do not count), so a 10,000-deep body is refused before anything
 * walks it recursively.
 */
export function jsonNestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
