import { parseDateInput } from '../time/date-input.ts';
import { PARTNER_PAY_STATUSES } from './model.ts';
import { SEARCH_MSG } from './search.ts';

/**
 * Custom trip queries (spec 3 §3 "Filter", §5 filter editor): a tree of AND/OR groups whose
 * leaves compare one key with one op. The server compiles a validated tree to parameterised SQL
 * over known columns; no text of a filter ever becomes SQL.
 */
export const FILTER_OPS = ['eq', 'in', 'notIn', 'startsWith', 'contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/**
 * How a key's value is typed: text (any text), id (a record id), date (YYYY-MM-DD, "+3" days from
 * today or a range "from..to"), time (HH:MM or a range "HH:MM-HH:MM"), number (n, "a-b" or "a+"),
 * boolean, or one of a fixed list.
 */
export type FilterKind = 'text' | 'id' | 'date' | 'time' | 'number' | 'boolean' | 'enum';

export interface FilterKeyDef {
  kind: FilterKind;
  label: string;
  /** The values of an enum key. */
  values?: readonly string[];
}

export const FILTER_KEYS = {
  referenceNumber: { kind: 'text', label: 'Reference number' },
  serviceDate: { kind: 'date', label: 'Service date' },
  billingContactId: { kind: 'id', label: 'Bill-to account' },
  planId: { kind: 'text', label: 'Plan' },
  division: { kind: 'text', label: 'Division' },
  affiliateId: { kind: 'id', label: 'Partner' },
  driverId: { kind: 'id', label: 'Driver' },
  accepted: { kind: 'boolean', label: 'Accepted' },
  acceptedNonNull: { kind: 'boolean', label: 'Partner has answered' },
  priority: { kind: 'number', label: 'Priority' },
  serviceType: { kind: 'text', label: 'Service type' },
  passengerId: { kind: 'id', label: 'Passenger' },
  passengerName: { kind: 'text', label: 'Passenger name' },
  partnerPayStatus: { kind: 'enum', label: 'Partner pay status', values: PARTNER_PAY_STATUSES },
  whichLeg: { kind: 'enum', label: 'Leg', values: ['A', 'B'] },
  apptType: { kind: 'text', label: 'Appointment type' },
  apptTime: { kind: 'time', label: 'Appointment time' },
  pickupName: { kind: 'text', label: 'Pickup name' },
  pickupAddress: { kind: 'text', label: 'Pickup address' },
  pickupTimeOrdered: { kind: 'time', label: 'Pickup time ordered' },
  dropoffName: { kind: 'text', label: 'Dropoff name' },
  dropoffAddress: { kind: 'text', label: 'Dropoff address' },
  dropoffTimeOrdered: { kind: 'time', label: 'Dropoff time ordered' },
  memberId: { kind: 'text', label: 'Member id' },
  cancelledReason: { kind: 'text', label: 'Cancel reason' },
  cancelledWithoutCharge: { kind: 'boolean', label: 'Cancelled without charge' },
  cancelledWithCharge: { kind: 'boolean', label: 'Cancelled with charge' },
  willCall: { kind: 'boolean', label: 'Will call' },
  pca: { kind: 'boolean', label: 'PCA' },
  daClass: { kind: 'text', label: 'Trip class' },
  lob: { kind: 'text', label: 'Line of business' },
  rideService: { kind: 'text', label: 'Ride service' },
  inHouse: { kind: 'boolean', label: 'In-house partner' },
  oon: { kind: 'boolean', label: 'Out-of-network partner' },
  distanceMeters: { kind: 'number', label: 'Distance (meters)' },
  declinedByAffiliateId: { kind: 'id', label: 'Declined by partner' },
  id: { kind: 'id', label: 'Trip id' },
  flag: { kind: 'text', label: 'Flag' },
  flagNonNull: { kind: 'boolean', label: 'Flagged' },
  tripConfirmStatusNonNull: { kind: 'boolean', label: 'Trip confirmation recorded' },
} as const satisfies Record<string, FilterKeyDef>;
export type FilterKey = keyof typeof FILTER_KEYS;
export const FILTER_KEY_NAMES = Object.keys(FILTER_KEYS) as FilterKey[];

export type FilterValue = string | number | boolean | null | string[];
export interface FilterLeaf {
  key: FilterKey;
  op: FilterOp;
  value: FilterValue;
}
export interface FilterGroup {
  logicalOp: 'and' | 'or';
  filters: FilterNode[];
}
export type FilterNode = FilterLeaf | FilterGroup;

export const FILTER_MAX_DEPTH = 5;
export const FILTER_MAX_LEAVES = 100;
export const FILTER_MAX_LIST = 1000;

export const isGroup = (n: FilterNode): n is FilterGroup => 'logicalOp' in n;

const kindOf = (key: FilterKey): FilterKind => FILTER_KEYS[key].kind;

/** spec 3 §5: nullable applies unless the key is serviceDate or partnerPayStatus (booleans are never null). */
export function isNullableKey(key: FilterKey): boolean {
  return key !== 'serviceDate' && key !== 'partnerPayStatus' && kindOf(key) !== 'boolean';
}

/** The ops a key offers: boolean keys force eq; dates take no multiple values; text alone matches parts. */
export function opsForKey(key: FilterKey): readonly FilterOp[] {
  switch (kindOf(key)) {
    case 'boolean':
    case 'date':
      return ['eq'];
    case 'text':
      return FILTER_OPS;
    default:
      return ['eq', 'in', 'notIn'];
  }
}

/** Whether an op takes a list of values. */
export const isListOp = (op: FilterOp) => op === 'in' || op === 'notIn';

/** The value a new leaf of a key starts with. */
export function defaultValue(key: FilterKey): FilterValue {
  return kindOf(key) === 'boolean' ? true : '';
}

/**
 * spec 3 §5: changing the key of a leaf keeps the value only between text keys, otherwise clears
 * it; the op is kept when the new key offers it (boolean keys force eq).
 */
export function changeLeafKey(leaf: FilterLeaf, key: FilterKey): FilterLeaf {
  const ops = opsForKey(key);
  const op = ops.includes(leaf.op) ? leaf.op : ops[0];
  const keepValue = kindOf(leaf.key) === 'text' && kindOf(key) === 'text';
  let value: FilterValue = keepValue ? leaf.value : defaultValue(key);
  if (keepValue && isListOp(op) !== Array.isArray(value)) value = isListOp(op) ? [] : '';
  return { key, op, value };
}

/** Changing the op of a leaf: a list op takes a list, the others one value. */
export function changeLeafOp(leaf: FilterLeaf, op: FilterOp): FilterLeaf {
  if (!opsForKey(leaf.key).includes(op)) return leaf;
  if (isListOp(op) && !Array.isArray(leaf.value)) return { ...leaf, op, value: leaf.value === '' || leaf.value === null ? [] : [String(leaf.value)] };
  if (!isListOp(op) && Array.isArray(leaf.value)) return { ...leaf, op, value: leaf.value[0] ?? '' };
  return { ...leaf, op };
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const TIME_RANGE = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)$/;
const NUMBER_VALUE = /^(\d{1,9})(?:\s*-\s*(\d{1,9})|\s*(\+))?$/;
const DATE_VALUE = /^(\d{4}-\d{2}-\d{2}|[+-]\d{1,3})$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why one scalar value does not suit a key, or null when it does. */
function scalarProblem(key: FilterKey, value: string | number | boolean): string | null {
  const def: FilterKeyDef = FILTER_KEYS[key];
  const label = def.label;
  const text = String(value).trim();
  switch (def.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${label}: choose yes or no`;
    case 'id':
      return ID.test(text) ? null : `${label}: not a record id`;
    case 'date': {
      const [from, to, extra] = text.split('..');
      // a day that does not exist (2026-02-30) is refused here, never reaching the database
      const real = (v: string) => DATE_VALUE.test(v) && (/^[+-]/.test(v) || parseDateInput(v, v) === v);
      if (extra !== undefined || !real(from) || (to !== undefined && !real(to)))
        return `${label}: use a date like 2026-11-22, +3 (days from today) or a range like +0..+3`;
      return null;
    }
    case 'time':
      return TIME.test(text) || TIME_RANGE.test(text) ? null : `${label}: use a time like 08:30 or a range like 08:00-10:00`;
    case 'number': {
      const m = NUMBER_VALUE.exec(text);
      if (!m || (m[2] !== undefined && Number(m[1]) > Number(m[2]))) return `${label}: use a number like 3, a range like 1-3 or a minimum like 2+`;
      return null;
    }
    case 'enum':
      return def.values!.includes(text) ? null : `${label}: choose one of ${def.values!.join(', ')}`;
    default:
      if (text === '') return `${label}: enter a value`;
      return text.length > 200 ? `${label}: at most 200 characters` : null;
  }
}

/** Why a leaf is not usable, or null. */
export function leafProblem(leaf: FilterLeaf): string | null {
  // own keys only: 'constructor' or '__proto__' are not filter keys
  if (!Object.hasOwn(FILTER_KEYS, leaf.key)) return `Unknown filter key ${String(leaf.key).slice(0, 40)}`;
  const label = FILTER_KEYS[leaf.key].label;
  if (!opsForKey(leaf.key).includes(leaf.op)) return `${label} cannot use ${String(leaf.op).slice(0, 20)}`;
  if (leaf.value === null) return isNullableKey(leaf.key) && leaf.op === 'eq' ? null : `${label}: enter a value`;
  if (isListOp(leaf.op)) {
    if (!Array.isArray(leaf.value) || leaf.value.length === 0) return `${label}: enter at least one value`;
    if (leaf.value.length > FILTER_MAX_LIST) return `${label}: at most ${FILTER_MAX_LIST} values`;
    for (const v of leaf.value) {
      const p = scalarProblem(leaf.key, v);
      if (p) return p;
    }
    return null;
  }
  if (Array.isArray(leaf.value)) return `${label}: enter one value`;
  return scalarProblem(leaf.key, leaf.value);
}

/** Counts, depth and every problem of a tree; a custom query needs a top-level AND (spec 2 §5). */
export function validateFilter(root: FilterNode): { ok: true } | { ok: false; message: string } {
  if (!isGroup(root) || root.logicalOp !== 'and') return { ok: false, message: SEARCH_MSG.TOP_LEVEL_AND };
  let leaves = 0;
  const walk = (node: FilterNode, depth: number): string | null => {
    if (isGroup(node)) {
      if (depth > FILTER_MAX_DEPTH) return `Groups can be nested at most ${FILTER_MAX_DEPTH} deep`;
      if (node.logicalOp !== 'and' && node.logicalOp !== 'or') return 'A group is AND or OR';
      if (depth > 1 && node.filters.length === 0) return 'A group needs at least one condition';
      for (const child of node.filters) {
        const p = walk(child, depth + 1);
        if (p) return p;
      }
      return null;
    }
    leaves++;
    if (leaves > FILTER_MAX_LEAVES) return `A custom query has at most ${FILTER_MAX_LEAVES} conditions`;
    return leafProblem(node);
  };
  const problem = walk(root, 1);
  return problem ? { ok: false, message: problem } : { ok: true };
}

/** Resolves a date value of a filter to an inclusive range of YYYY-MM-DD days. */
export function filterDateRange(value: string, today: string, addDays: (iso: string, n: number) => string): { from: string; to: string } {
  const resolve = (v: string) => (/^[+-]\d+$/.test(v) ? addDays(today, Number(v)) : v);
  const [from, to] = value.trim().split('..');
  const a = resolve(from);
  const b = to === undefined ? a : resolve(to);
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** Resolves a number value ("3", "1-3", "2+") to a range. */
export function filterNumberRange(value: string | number): { min: number; max: number | null } {
  const m = NUMBER_VALUE.exec(String(value).trim());
  if (!m) return { min: Number(value), max: Number(value) };
  return { min: Number(m[1]), max: m[3] ? null : m[2] !== undefined ? Number(m[2]) : Number(m[1]) };
}

/** Resolves a time value ("08:30" or "08:00-10:00") to an inclusive HH:MM:SS range. */
export function filterTimeRange(value: string): { from: string; to: string } {
  const pad = (h: string, m: string) => `${h.padStart(2, '0')}:${m}:00`;
  const r = TIME_RANGE.exec(value.trim());
  if (r) return { from: pad(r[1], r[2]), to: pad(r[3], r[4]) };
  const t = TIME.exec(value.trim())!;
  return { from: pad(t[1], t[2]), to: pad(t[1], t[2]) };
}

/** The built-in canned query UrgentUnaccepted (spec 2 §9): priority 3+, types 01, 03, 05, within 3 days. */
export const URGENT_UNACCEPTED_ID = 'UrgentUnaccepted';
export function urgentUnacceptedFilter(): FilterGroup {
  return {
    logicalOp: 'and',
    filters: [
      { key: 'priority', op: 'eq', value: '3+' },
      { key: 'serviceType', op: 'in', value: ['01', '03', '05'] },
      { key: 'serviceDate', op: 'eq', value: '+0..+3' },
      { key: 'accepted', op: 'eq', value: false },
    ],
  };
}
