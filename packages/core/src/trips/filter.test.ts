import { describe, expect, it } from 'vitest';
import { addDays } from '../time/date-input.ts';
import {
  FILTER_KEYS,
  FILTER_KEY_NAMES,
  FILTER_MAX_DEPTH,
  FILTER_MAX_LEAVES,
  FILTER_MAX_LIST,
  URGENT_UNACCEPTED_ID,
  changeLeafKey,
  changeLeafOp,
  defaultValue,
  filterDateRange,
  filterNumberRange,
  filterTimeRange,
  isNullableKey,
  leafProblem,
  opsForKey,
  urgentUnacceptedFilter,
  validateFilter,
  type FilterKey,
  type FilterLeaf,
  type FilterNode,
} from './filter.ts';
import { parseFilterJson } from './filter-json.ts';
import { SEARCH_MSG } from './search.ts';

const and = (...filters: FilterNode[]): FilterNode => ({ logicalOp: 'and', filters });
const or = (...filters: FilterNode[]): FilterNode => ({ logicalOp: 'or', filters });
const leaf = (key: string, op: string, value: FilterLeaf['value']) => ({ key, op, value }) as FilterLeaf;
const ID = '6f1c3c9e-2b7a-4c1e-9a51-0d1f5e8b7a10';

describe('spec 3 §3 filter keys and ops', () => {
  it('has every key the spec lists, and no other', () => {
    expect(FILTER_KEY_NAMES).toEqual(
      'referenceNumber serviceDate billingContactId planId division affiliateId driverId accepted acceptedNonNull priority serviceType passengerId passengerName partnerPayStatus whichLeg apptType apptTime pickupName pickupAddress pickupTimeOrdered dropoffName dropoffAddress dropoffTimeOrdered memberId cancelledReason cancelledWithoutCharge cancelledWithCharge willCall pca daClass lob rideService inHouse oon distanceMeters declinedByAffiliateId id flag flagNonNull tripConfirmStatusNonNull'.split(' '),
    );
  });

  it('boolean keys force eq; date keys take no list ops; text keys alone match parts', () => {
    for (const key of FILTER_KEY_NAMES) {
      const kind = FILTER_KEYS[key].kind;
      if (kind === 'boolean' || kind === 'date') expect(opsForKey(key), key).toEqual(['eq']);
      else if (kind === 'text') expect(opsForKey(key), key).toEqual(['eq', 'in', 'notIn', 'startsWith', 'contains']);
      else expect(opsForKey(key), key).toEqual(['eq', 'in', 'notIn']);
    }
    expect(leafProblem(leaf('accepted', 'in', [true as unknown as string]))).toBe('Accepted cannot use in');
    expect(leafProblem(leaf('serviceDate', 'in', ['2026-11-22']))).toBe('Service date cannot use in');
    expect(leafProblem(leaf('serviceDate', 'notIn', ['2026-11-22']))).toBe('Service date cannot use notIn');
    expect(leafProblem(leaf('driverId', 'contains', ID))).toBe('Driver cannot use contains');
  });

  it('is nullable unless the key is serviceDate or partnerPayStatus (booleans never)', () => {
    expect(isNullableKey('serviceDate')).toBe(false);
    expect(isNullableKey('partnerPayStatus')).toBe(false);
    expect(isNullableKey('accepted')).toBe(false);
    expect(isNullableKey('flag')).toBe(true);
    expect(isNullableKey('driverId')).toBe(true);
    expect(isNullableKey('apptTime')).toBe(true);
    expect(leafProblem(leaf('flag', 'eq', null))).toBeNull();
    expect(leafProblem(leaf('driverId', 'eq', null))).toBeNull();
    expect(leafProblem(leaf('serviceDate', 'eq', null))).toBe('Service date: enter a value');
    expect(leafProblem(leaf('partnerPayStatus', 'eq', null))).toBe('Partner pay status: enter a value');
    expect(leafProblem(leaf('flag', 'in', null))).toBe('Flag: enter a value');
  });
});

describe('changing a leaf (spec 3 §5 filter editor)', () => {
  it('keeps the value only from text to text, clearing it otherwise', () => {
    expect(changeLeafKey(leaf('pickupName', 'contains', 'Clinic'), 'dropoffName')).toEqual({ key: 'dropoffName', op: 'contains', value: 'Clinic' });
    expect(changeLeafKey(leaf('pickupName', 'contains', 'Clinic'), 'driverId')).toEqual({ key: 'driverId', op: 'eq', value: '' });
    expect(changeLeafKey(leaf('driverId', 'eq', ID), 'affiliateId')).toEqual({ key: 'affiliateId', op: 'eq', value: '' });
    expect(changeLeafKey(leaf('serviceDate', 'eq', '+3'), 'flag')).toEqual({ key: 'flag', op: 'eq', value: '' });
  });

  it('forces eq and true for a boolean key, and keeps a list op between text keys with a list', () => {
    expect(changeLeafKey(leaf('flag', 'in', ['A']), 'willCall')).toEqual({ key: 'willCall', op: 'eq', value: true });
    expect(changeLeafKey(leaf('flag', 'in', ['A']), 'lob')).toEqual({ key: 'lob', op: 'in', value: ['A'] });
    expect(changeLeafKey(leaf('flag', 'in', ['A']), 'serviceDate')).toEqual({ key: 'serviceDate', op: 'eq', value: '' });
    expect(defaultValue('pca')).toBe(true);
    expect(defaultValue('flag')).toBe('');
  });

  it('turns one value into a list and back when the op changes; refuses an op the key lacks', () => {
    expect(changeLeafOp(leaf('flag', 'eq', 'A'), 'in')).toEqual({ key: 'flag', op: 'in', value: ['A'] });
    expect(changeLeafOp(leaf('flag', 'eq', ''), 'notIn')).toEqual({ key: 'flag', op: 'notIn', value: [] });
    expect(changeLeafOp(leaf('flag', 'in', ['A', 'B']), 'eq')).toEqual({ key: 'flag', op: 'eq', value: 'A' });
    expect(changeLeafOp(leaf('flag', 'in', []), 'contains')).toEqual({ key: 'flag', op: 'contains', value: '' });
    const b = leaf('willCall', 'eq', true);
    expect(changeLeafOp(b, 'in')).toBe(b);
  });
});

describe('values', () => {
  it('checks each kind', () => {
    expect(leafProblem(leaf('driverId', 'eq', 'x'))).toBe('Driver: not a record id');
    expect(leafProblem(leaf('driverId', 'in', [ID, 'nope']))).toBe('Driver: not a record id');
    expect(leafProblem(leaf('accepted', 'eq', 'true'))).toBe('Accepted: choose yes or no');
    expect(leafProblem(leaf('accepted', 'eq', false))).toBeNull();
    expect(leafProblem(leaf('partnerPayStatus', 'eq', 'Final'))).toBeNull();
    expect(leafProblem(leaf('partnerPayStatus', 'eq', 'Done'))).toBe('Partner pay status: choose one of Open, Pending, Final');
    expect(leafProblem(leaf('whichLeg', 'in', ['A', 'C']))).toBe('Leg: choose one of A, B');
    expect(leafProblem(leaf('flag', 'eq', ''))).toBe('Flag: enter a value');
    expect(leafProblem(leaf('flag', 'eq', 'x'.repeat(201)))).toBe('Flag: at most 200 characters');
    expect(leafProblem(leaf('flag', 'in', []))).toBe('Flag: enter at least one value');
    expect(leafProblem(leaf('flag', 'in', Array.from({ length: FILTER_MAX_LIST + 1 }, (_, i) => String(i))))).toBe(`Flag: at most ${FILTER_MAX_LIST} values`);
    expect(leafProblem(leaf('flag', 'eq', ['A']))).toBe('Flag: enter one value');
  });

  it('reads dates as a day, days from today or a range, refusing days that do not exist', () => {
    for (const ok of ['2026-11-22', '+3', '-7', '+0..+3', '2026-11-01..2026-11-30']) expect(leafProblem(leaf('serviceDate', 'eq', ok)), ok).toBeNull();
    for (const bad of ['2026-02-30', '2026-13-01', '11/22/2026', 'today', '+1000', '+1..+2..+3', '2026-11-22..x']) {
      expect(leafProblem(leaf('serviceDate', 'eq', bad)), bad).toMatch(/^Service date: use a date like/);
    }
    expect(filterDateRange('+0..+3', '2026-11-22', addDays)).toEqual({ from: '2026-11-22', to: '2026-11-25' });
    expect(filterDateRange('+3..-1', '2026-11-22', addDays)).toEqual({ from: '2026-11-21', to: '2026-11-25' });
    expect(filterDateRange('2026-11-20', '2026-11-22', addDays)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it('reads times and numbers', () => {
    expect(leafProblem(leaf('apptTime', 'eq', '08:30'))).toBeNull();
    expect(leafProblem(leaf('apptTime', 'eq', '8:00-10:00'))).toBeNull();
    expect(leafProblem(leaf('apptTime', 'eq', '24:00'))).toMatch(/^Appointment time: use a time/);
    expect(filterTimeRange('8:00-10:30')).toEqual({ from: '08:00:00', to: '10:30:00' });
    expect(filterTimeRange('23:59')).toEqual({ from: '23:59:00', to: '23:59:00' });
    expect(leafProblem(leaf('priority', 'eq', '3+'))).toBeNull();
    expect(leafProblem(leaf('priority', 'eq', '3-1'))).toMatch(/^Priority: use a number/);
    expect(leafProblem(leaf('priority', 'eq', 'x'))).toMatch(/^Priority: use a number/);
    expect(leafProblem(leaf('distanceMeters', 'eq', '1234567890'))).toMatch(/^Distance \(meters\): use a number/);
    expect(filterNumberRange('3+')).toEqual({ min: 3, max: null });
    expect(filterNumberRange('1-3')).toEqual({ min: 1, max: 3 });
    expect(filterNumberRange(4)).toEqual({ min: 4, max: 4 });
  });
});

describe('validateFilter', () => {
  it('needs a top-level AND', () => {
    expect(validateFilter(or(leaf('flag', 'eq', 'A')))).toEqual({ ok: false, message: 'A custom query needs a top-level AND' });
    expect(validateFilter(leaf('flag', 'eq', 'A'))).toEqual({ ok: false, message: SEARCH_MSG.TOP_LEVEL_AND });
    expect(validateFilter(and())).toEqual({ ok: true });
    expect(validateFilter(and(or(leaf('flag', 'eq', 'A'), leaf('pca', 'eq', true))))).toEqual({ ok: true });
  });

  it('refuses an empty inner group, unknown keys (including inherited names) and ops', () => {
    expect(validateFilter(and(or()))).toEqual({ ok: false, message: 'A group needs at least one condition' });
    for (const key of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(validateFilter(and(leaf(key, 'eq', 'x'))), key).toEqual({ ok: false, message: `Unknown filter key ${key}` });
    }
    expect(validateFilter(and(leaf('flag', 'like', 'x')))).toEqual({ ok: false, message: 'Flag cannot use like' });
  });

  it(`nests at most ${FILTER_MAX_DEPTH} groups deep and holds at most ${FILTER_MAX_LEAVES} conditions`, () => {
    let deep: FilterNode = leaf('flag', 'eq', 'A');
    for (let i = 1; i < FILTER_MAX_DEPTH; i++) deep = or(deep);
    expect(validateFilter(and(deep))).toEqual({ ok: true });
    expect(validateFilter(and(or(deep)))).toEqual({ ok: false, message: `Groups can be nested at most ${FILTER_MAX_DEPTH} deep` });
    const many = (n: number) => and(...Array.from({ length: n }, () => leaf('pca', 'eq', true)));
    expect(validateFilter(many(FILTER_MAX_LEAVES))).toEqual({ ok: true });
    expect(validateFilter(and(many(FILTER_MAX_LEAVES), leaf('pca', 'eq', true)))).toEqual({
      ok: false,
      message: `A custom query has at most ${FILTER_MAX_LEAVES} conditions`,
    });
  });
});

describe('parseFilterJson', () => {
  it("answers 'Invalid JSON: …' for text that is not JSON or not a filter", () => {
    const bad = parseFilterJson('{"logicalOp":');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Invalid JSON: /);
    const shape = parseFilterJson('[1,2]');
    expect(!shape.ok && shape.message).toBe('Invalid JSON: not a filter of groups (logicalOp, filters) and conditions (key, op, value)');
    expect(parseFilterJson('{"logicalOp":"xor","filters":[]}').ok).toBe(false);
  });

  it('answers the meaning problem, or the tree', () => {
    expect(parseFilterJson('{"logicalOp":"or","filters":[]}')).toEqual({ ok: false, message: SEARCH_MSG.TOP_LEVEL_AND });
    const tree = { logicalOp: 'and', filters: [{ key: 'flag', op: 'contains', value: "'; drop table trips; --" }] };
    expect(parseFilterJson(JSON.stringify(tree))).toEqual({ ok: true, filter: tree });
  });
});

describe('UrgentUnaccepted (spec 2 §9)', () => {
  it('is priority 3+, types 01, 03, 05, within 3 days, not accepted, and valid', () => {
    expect(URGENT_UNACCEPTED_ID).toBe('UrgentUnaccepted');
    const f = urgentUnacceptedFilter();
    expect(f.filters).toEqual([
      { key: 'priority', op: 'eq', value: '3+' },
      { key: 'serviceType', op: 'in', value: ['01', '03', '05'] },
      { key: 'serviceDate', op: 'eq', value: '+0..+3' },
      { key: 'accepted', op: 'eq', value: false },
    ]);
    expect(validateFilter(f)).toEqual({ ok: true });
  });

  it('every key has a label and a kind', () => {
    for (const key of FILTER_KEY_NAMES as FilterKey[]) expect(FILTER_KEYS[key].label.length, key).toBeGreaterThan(0);
  });
});
