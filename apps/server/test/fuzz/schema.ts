import { IsoDate } from '@tripline/core';
import type { z } from 'zod';

/**
 * Reads a contract schema (Zod 4 definitions) into what the fuzz needs: a plausible value to start
 * from, and every field (by path) with its kind, so each field can get the bad values of its kind
 * while the rest of the request stays plausible.
 */
export type Kind = 'string' | 'date' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'record' | 'other';
export type Path = (string | number)[];
export interface Field {
  path: Path;
  kind: Kind;
  /** Missing is a valid choice (optional or with a default). */
  optional: boolean;
}

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Up to this depth a recursive schema (the custom-query tree) is followed. */
const MAX_DEPTH = 4;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);
export const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** The schema under optional/default/pipe/lazy wrappers, and whether it may be left out. */
export function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean } {
  let s = schema;
  let optional = false;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) {
      if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
      s = def.innerType as z.ZodType;
    } else if (def.type === 'pipe') {
      // a transform's (or z.stringbool's) input is what the request carries
      s = def.in as z.ZodType;
    } else if (def.type === 'lazy') {
      s = (def.getter as () => z.ZodType)();
    } else break;
  }
  return { core: s, optional };
}

function checkValue(s: z.ZodType, check: string, key: 'minimum' | 'maximum' | 'value'): number | undefined {
  const checks = (defOf(s).checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? [];
  const found = checks.map((c) => c._zod.def).find((d) => d.check === check);
  return found ? (found[key] as number) : undefined;
}

export function kindOf(schema: z.ZodType): Kind {
  const { core } = unwrap(schema);
  if (core === IsoDate) return 'date';
  const t = defOf(core).type;
  if (t === 'literal') return typeof (defOf(core).values as unknown[])[0] === 'boolean' ? 'boolean' : 'enum';
  if (t === 'union') return kindOf((defOf(core).options as z.ZodType[])[0]);
  return (['string', 'number', 'boolean', 'enum', 'object', 'array', 'record'] as const).find((k) => k === t) ?? 'other';
}

/** Values of real records by field name (a trip id for driveAssignmentId…), so requests reach past "not found". */
let known: Record<string, unknown> = {};
export function useKnownValues(values: Record<string, unknown>): void {
  known = values;
}

/** A value the schema would likely accept: the starting point each bad value replaces one field of. */
export function sample(schema: z.ZodType, key = '', depth = 0): unknown {
  if (Object.hasOwn(known, key)) return known[key];
  const { core } = unwrap(schema);
  if (core === IsoDate) return '2026-11-22';
  const def = defOf(core);
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid' || /id$/i.test(key)) return SAMPLE_ID.slice(0, checkValue(core, 'max_length', 'maximum') ?? 36);
      const min = checkValue(core, 'min_length', 'minimum') ?? 1;
      return 'sample text '.repeat(Math.ceil(min / 12)).slice(0, Math.max(min, 4)).trim().padEnd(min, 'x');
    }
    case 'number': {
      const min = checkValue(core, 'greater_than', 'value');
      return Math.max(1, Math.ceil(min ?? 1));
    }
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'null':
      return null;
    case 'array':
      return depth >= MAX_DEPTH ? [] : [sample(def.element as z.ZodType, key, depth + 1)];
    case 'record':
      return { key: sample(def.valueType as z.ZodType, 'key', depth + 1) };
    case 'union':
      return sample((def.options as z.ZodType[])[0], key, depth + 1);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sample(v, k, depth + 1)]));
    }
    default:
      return 'sample';
  }
}

/** Every field of a schema as it appears in its sample, the schema itself first (path []). */
export function fields(schema: z.ZodType, path: Path = [], optional = false, depth = 0): Field[] {
  const { core, optional: opt } = unwrap(schema);
  const here: Field = { path, kind: kindOf(core), optional: optional || opt };
  if (depth >= MAX_DEPTH) return [here];
  const def = defOf(core);
  switch (def.type) {
    case 'object':
      return [here, ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => fields(v, [...path, k], false, depth + 1))];
    case 'array':
      return [here, ...fields(def.element as z.ZodType, [...path, 0], false, depth + 1)];
    case 'record':
      return [here, ...fields(def.valueType as z.ZodType, [...path, 'key'], false, depth + 1)];
    case 'union':
      return [here, ...fields((def.options as z.ZodType[])[0], path, false, depth + 1).slice(1)];
    default:
      return [here];
  }
}

/** The options of a union at the top of a body, each a starting point of its own (SMS to a passenger or a driver). */
export function variants(schema: z.ZodType): z.ZodType[] {
  const { core } = unwrap(schema);
  const def = defOf(core);
  return def.type === 'union' ? (def.options as z.ZodType[]) : [schema];
}

/** A copy of value with the field at path replaced (or removed when replacement is REMOVE). */
export const REMOVE = Symbol('remove');
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = setAt(copy[head], rest, replacement);
  if (next === REMOVE) delete copy[head];
  else copy[head] = next;
  return copy;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), value);
}

/** Values tried, in order, for a field the first sample got wrong (a date, a record id, a time, a custom query, a description…). */
const STRING_CANDIDATES = [
  '2026-11-22',
  SAMPLE_ID,
  '10:00:00',
  '100',
  '1',
  '60',
  'A',
  'and',
  'trips',
  JSON.stringify({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }] }),
  'The trip list stopped loading after I changed the date twice; the spinner kept turning for minutes.',
  '123456',
];
const OTHER_CANDIDATES = [1, 60, 100, 0, false, true];

/**
 * A starting request the schema accepts where it can: the sample, with each field the schema
 * refuses replaced by the first candidate it accepts there, or left out when it is optional. Query
 * values are text, as a query string carries them.
 */
export function plausible(schema: z.ZodType, asQuery = false): unknown {
  let base = sample(schema);
  if (asQuery) base = Object.fromEntries(Object.entries(base as object).map(([k, v]) => [k, String(v)]));
  const optionalAt = new Map(fields(schema).map((f) => [f.path.join('.'), f.optional]));
  const candidates = asQuery ? STRING_CANDIDATES : [...STRING_CANDIDATES, ...OTHER_CANDIDATES];
  const failingUnder = (value: unknown, key: string) => {
    const r = schema.safeParse(value);
    return !r.success && r.error.issues.some((i) => {
      const p = i.path.join('.');
      return p === key || p.startsWith(`${key}.`);
    });
  };
  for (let round = 0; round < 4; round++) {
    const r = schema.safeParse(base);
    if (r.success) break;
    const paths = [...new Map(r.error.issues.filter((i) => i.path.length > 0).map((i) => [i.path.join('.'), i.path as Path])).values()];
    let changed = false;
    for (const path of paths) {
      const key = path.join('.');
      if (!failingUnder(base, key)) continue;
      const current = getAt(base, path);
      const fix = candidates.find((c) => c !== current && !failingUnder(setAt(base, path, c), key));
      if (fix !== undefined) base = setAt(base, path, fix);
      else if (optionalAt.get(key)) base = setAt(base, path, REMOVE);
      else continue;
      changed = true;
    }
    if (!changed) break;
  }
  // optional fields with made-up values are left out while the schema still accepts the rest: the
  // server checks more than the schema (a partner number must exist), and each of them is fuzzed
  // on its own anyway
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(base)) {
      if (!optionalAt.get(key) || Object.hasOwn(known, key)) continue;
      const without = setAt(base, [key], REMOVE);
      if (schema.safeParse(without).success) base = without;
    }
  }
  return base;
}
