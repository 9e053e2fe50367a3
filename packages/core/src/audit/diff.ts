/**
 * The readable before/after of an audit entry (spec 3 §2 "audit log entry display"): which fields
 * were changed, added or removed, with their values as text.
 */

/** spec 3 §9: strings of at least this many characters are compared word by word. */
export const SEMANTIC_COMPARE_MIN_LENGTH = 32;

/** Above this many word pairs a long text is shown as replaced whole rather than compared. */
const MAX_WORD_PAIRS = 1_000_000;

export interface WordPart {
  kind: 'same' | 'removed' | 'added';
  /** The words of the part, separated by single spaces. */
  text: string;
}

export type FieldChange =
  | { kind: 'added'; path: string; after: string }
  | { kind: 'removed'; path: string; before: string }
  | {
      kind: 'changed';
      path: string;
      before: string;
      after: string;
      /** Long texts: which words were removed and added; null when the values are compared whole. */
      words: WordPart[] | null;
    };

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isContainer = (v: unknown): v is Json | unknown[] => v !== null && typeof v === 'object';

/** A value as the log shows it: text as it is, null as null, numbers and booleans as written, lists and records as JSON. */
export function valueText(v: unknown): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The path of a field inside its parent: `a.b`, `list[0]`, or `a["odd key"]` for keys that are not names. */
function childPath(parent: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a as Json);
  const kb = Object.keys(b as Json);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b as Json, k) && sameValue((a as Json)[k], (b as Json)[k]));
}

/** Lists every field of a value that exists on one side only; an empty list or record is one entry. */
function oneSided(kind: 'added' | 'removed', v: unknown, path: string, out: FieldChange[]): void {
  if (Array.isArray(v) && v.length > 0) {
    v.forEach((item, i) => oneSided(kind, item, `${path}[${i}]`, out));
    return;
  }
  if (isRecord(v) && Object.keys(v).length > 0) {
    for (const [k, item] of Object.entries(v)) if (item !== undefined) oneSided(kind, item, childPath(path, k), out);
    return;
  }
  if (kind === 'added') out.push({ kind, path, after: valueText(v) });
  else out.push({ kind, path, before: valueText(v) });
}

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return oneSided('added', after, path, out);
  if (after === undefined) return oneSided('removed', before, path, out);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !Object.hasOwn(before, k))];
    for (const k of keys) walk(before[k], after[k], childPath(path, k), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) walk(before[i], after[i], `${path}[${i}]`, out);
    return;
  }
  if (typeof before === 'string' && typeof after === 'string') {
    if (before === after) return;
    if (Math.max(before.length, after.length) < SEMANTIC_COMPARE_MIN_LENGTH) {
      out.push({ kind: 'changed', path, before: valueText(before), after: valueText(after), words: null });
      return;
    }
    const words = diffWords(before, after);
    // A long text whose words are all the same only changed its spacing: not a change worth showing.
    if (words.every((p) => p.kind === 'same')) return;
    out.push({ kind: 'changed', path, before, after, words });
    return;
  }
  if (sameValue(before, after)) return;
  out.push({ kind: 'changed', path, before: valueText(before), after: valueText(after), words: null });
}

/**
 * The changes between an audit entry's before and after. A missing or null side at the top means
 * the record was created (every field added) or removed (every field removed). Fields keep the
 * order of `before`, then the fields only `after` has.
 */
export function diffValues(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before ?? undefined, after ?? undefined, '', out);
  return out;
}

function pushWord(parts: WordPart[], kind: WordPart['kind'], word: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += ` ${word}`;
  else parts.push({ kind, text: word });
}

/**
 * Word-level comparison of two texts (spec 3 §9 "semantic compare"): the words kept, removed and
 * added, in reading order, with removed words before the added ones that replace them. Spacing
 * is not compared: words are split on any whitespace.
 */
export function diffWords(before: string, after: string): WordPart[] {
  const x = before.split(/\s+/).filter(Boolean);
  const y = after.split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const parts: WordPart[] = [];
  for (let i = 0; i < start; i++) pushWord(parts, 'same', x[i]);
  const mx = x.slice(start, endX);
  const my = y.slice(start, endY);
  if (mx.length * my.length > MAX_WORD_PAIRS) {
    for (const w of mx) pushWord(parts, 'removed', w);
    for (const w of my) pushWord(parts, 'added', w);
  } else {
    for (const p of middleParts(mx, my)) pushWord(parts, p.kind, p.text);
  }
  for (let i = endX; i < x.length; i++) pushWord(parts, 'same', x[i]);
  return parts;
}

/** Longest common subsequence of words; what is outside it was removed or added. */
function middleParts(x: string[], y: string[]): WordPart[] {
  const n = x.length;
  const m = y.length;
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const parts: WordPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      parts.push({ kind: 'same', text: x[i++] });
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      parts.push({ kind: 'removed', text: x[i++] });
    } else {
      parts.push({ kind: 'added', text: y[j++] });
    }
  }
  while (i < n) parts.push({ kind: 'removed', text: x[i++] });
  while (j < m) parts.push({ kind: 'added', text: y[j++] });
  return parts;
}

/**
 * Shortens long runs of unchanged words to their first and last `keep` words around an ellipsis,
 * so a one-word edit in a long note reads at a glance.
 */
export function shortenSameWords(parts: readonly WordPart[], keep = 6): WordPart[] {
  return parts.map((p, index) => {
    if (p.kind !== 'same') return p;
    const words = p.text.split(' ');
    if (words.length <= keep * 2 + 1) return p;
    const first = index === 0;
    const last = index === parts.length - 1;
    if (first) return { kind: 'same', text: `… ${words.slice(-keep).join(' ')}` };
    if (last) return { kind: 'same', text: `${words.slice(0, keep).join(' ')} …` };
    return { kind: 'same', text: `${words.slice(0, keep).join(' ')} … ${words.slice(-keep).join(' ')}` };
  });
}
