import { describe, expect, it } from 'vitest';
import { testLeg, testTrip, TEST_NOW } from '../trips/test-fixtures.ts';
import { LiveClientMessage } from './protocol.ts';
import {
  compareMembers,
  dayOrderKey,
  insertionIndex,
  moveMembers,
  windowRows,
  MEMBER_FLAG,
  memberFlags,
  sortKey,
  toMember,
  windowDelta,
  windowIds,
  windowQuery,
  WINDOW_MAX_COUNT,
  type WindowMember,
} from './window.ts';

const m = (id: string, key: string, modCount = 0, flags = 0): WindowMember => [id, key, modCount, flags];
const ids = (ms: WindowMember[]) => ms.map((x) => x[0]);

describe('LiveView in a fetch, and the window message', () => {
  const fetch = (view: unknown) => ({ type: 'fetch', subscriptionId: 'day', table: 'SyncDriveAssv', filter: { pickupDate: '2026-11-22' }, view });
  const issue = (v: unknown) => LiveClientMessage.safeParse(v).error?.issues[0];

  it('reads a view at its limits and a window message', () => {
    expect(LiveClientMessage.parse(fetch({ start: 0, count: WINDOW_MAX_COUNT, sort: { key: 'status', dir: 'desc' }, q: '!smith' }))).toMatchObject({
      view: { start: 0, count: 500, sort: { key: 'status', dir: 'desc' }, q: '!smith' },
    });
    expect(LiveClientMessage.parse({ type: 'window', subscriptionId: 'day', start: 40, count: 1 })).toEqual({ type: 'window', subscriptionId: 'day', start: 40, count: 1 });
  });

  it('refuses a view outside its limits, naming the field', () => {
    expect(issue(fetch({ start: -1, count: 10 }))?.path).toEqual(['view', 'start']);
    expect(issue(fetch({ start: 0, count: 0 }))?.path).toEqual(['view', 'count']);
    expect(issue(fetch({ start: 0, count: WINDOW_MAX_COUNT + 1 }))?.path).toEqual(['view', 'count']);
    expect(issue(fetch({ start: 0.5, count: 10 }))?.path).toEqual(['view', 'start']);
    expect(issue(fetch({ start: 0, count: 10, sort: { key: 'driverName', dir: 'asc' } }))?.path).toEqual(['view', 'sort', 'key']);
    expect(issue(fetch({ start: 0, count: 10, q: 'x'.repeat(201) }))?.path).toEqual(['view', 'q']);
    expect(issue({ type: 'window', subscriptionId: 'day', start: 0, count: 501 })?.path).toEqual(['count']);
  });

  it('shares one query for the same sort and text, whatever the window', () => {
    expect(windowQuery({})).toEqual({ sort: { key: 'dayOrder', dir: 'asc' }, q: '', hideOutside: false });
    expect(windowQuery({ q: '  !ada ', hideOutside: true })).toEqual({ sort: { key: 'dayOrder', dir: 'asc' }, q: '!ada', hideOutside: true });
  });
});

describe('sort keys', () => {
  it('puts the day in the day list order: date, first real pickup (will call and none last), reference', () => {
    const at = (ref: string, time: string | null, date = '2026-11-20') => dayOrderKey(testTrip({ referenceNumber: ref, serviceDate: date, tripLegs: [testLeg({ locFirstTimeOrd: time })] }));
    const keys = [at('9', '08:00:00'), at('10', '08:00:00'), at('1', '07:00:00'), at('2', '23:59:00'), at('3', null), at('0', '06:00:00', '2026-11-21')];
    expect([...keys].sort()).toEqual([keys[2], keys[1], keys[0], keys[3], keys[4], keys[5]]);
  });

  it('orders a column by its value and then by the day order', () => {
    const a = testTrip({ id: 'a', referenceNumber: '2', tripLegs: [testLeg({ passenger: { id: 'p', name: 'Zed', phones: [] } })] });
    const b = testTrip({ id: 'b', referenceNumber: '1', tripLegs: [testLeg({ passenger: null, passName: 'ada' })] });
    expect(sortKey(a, 'passName') > sortKey(b, 'passName')).toBe(true);
    expect(sortKey(a, 'referenceNumber') > sortKey(b, 'referenceNumber')).toBe(true);
    expect(sortKey(testTrip({ accepted: true }), 'status').startsWith('0accepted\u0000')).toBe(true);
    expect(sortKey(testTrip(), 'time').startsWith('009:00:00\u0000')).toBe(true);
    expect(sortKey(testTrip(), 'dayOrder')).toBe(`0${dayOrderKey(testTrip())}\u0000`);
  });

  it('compares by key, the value reversed for desc, and by id when keys are equal', () => {
    const list = [m('b', '0k1\u0000d'), m('a', '0k1\u0000d'), m('c', '0k0\u0000d')];
    expect(ids([...list].sort(compareMembers('asc')))).toEqual(['c', 'a', 'b']);
    expect(ids([...list].sort(compareMembers('desc')))).toEqual(['a', 'b', 'c']);
  });

  it('inserts by key at the first place that sorts after it', () => {
    const list = [m('a', '1'), m('b', '3'), m('c', '5')];
    const cmp = compareMembers('asc');
    expect(insertionIndex(list, m('x', '0'), cmp)).toBe(0);
    expect(insertionIndex(list, m('x', '3'), cmp)).toBe(2);
    expect(insertionIndex(list, m('0', '3'), cmp)).toBe(1);
    expect(insertionIndex(list, m('x', '9'), cmp)).toBe(3);
    expect(insertionIndex([], m('x', '9'), cmp)).toBe(0);
  });
});

describe('members', () => {
  const q = windowQuery({});
  it('carries id, key, modCount and the flags whole-set actions read', () => {
    const future = new Date('2026-11-19T17:00:00Z');
    expect(toMember(testTrip({ modCount: 4 }), q, future)).toEqual(['da-1', `0${dayOrderKey(testTrip())}\u0000`, 4, 0]);
    expect(memberFlags(testTrip({ accepted: true }), future)).toBe(MEMBER_FLAG.accepted);
    expect(memberFlags(testTrip(), TEST_NOW)).toBe(MEMBER_FLAG.past);
    expect(memberFlags(testTrip({ canceled: true }), future)).toBe(MEMBER_FLAG.cancelled | MEMBER_FLAG.readOnly);
    expect(memberFlags(testTrip({ partnerPayStatus: 'Final' }), future)).toBe(MEMBER_FLAG.final | MEMBER_FLAG.readOnly);
    expect(memberFlags(testTrip({ locked: true }), future)).toBe(MEMBER_FLAG.readOnly);
    expect(memberFlags(testTrip({ declined: true }), future)).toBe(MEMBER_FLAG.declined);
  });

  it("keeps only what the Home search keeps: text, and '!' for high priority", () => {
    const high = testTrip({ schedulePriority: 3 });
    expect(toMember(high, windowQuery({ q: '!' }), TEST_NOW)).not.toBeNull();
    expect(toMember(testTrip({ schedulePriority: 2 }), windowQuery({ q: '!' }), TEST_NOW)).toBeNull();
    expect(toMember(high, windowQuery({ q: '!lovato' }), TEST_NOW)).not.toBeNull();
    expect(toMember(high, windowQuery({ q: 'nobody' }), TEST_NOW)).toBeNull();
    expect(toMember(testTrip(), windowQuery({ q: 'SANTA FE' }), TEST_NOW)).not.toBeNull();
  });
});

describe('windows', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => m(id, String(i)));
  it('slices from start, short or empty past the end', () => {
    expect(windowIds(five, 0, 2)).toEqual(['a', 'b']);
    expect(windowIds(five, 4, 2)).toEqual(['e']);
    expect(windowIds(five, 5, 2)).toEqual([]);
  });

  it('sends rows for the window only; a member joining outside it goes as members alone', () => {
    const held = new Set(['a', 'b']);
    const after = [...five, m('z', '9')];
    const d = windowDelta(five, after, new Set(['z']), held, 0, 2);
    expect(d).toEqual({ added: [], updated: [], removed: [], members: [m('z', '9')], total: 6 });
    expect([...held]).toEqual(['a', 'b']);
  });

  it('a change inside the window is a row; an insert before it shifts a row in', () => {
    const held = new Set(['b', 'c']);
    const after = [m('y', '0'), ...five.slice(0, 2), m('c', '2', 1), ...five.slice(3)];
    const d = windowDelta(five, after, new Set(['y', 'c']), held, 1, 2);
    expect(d.added).toEqual(['a']);
    expect(d.updated).toEqual([]);
    expect(d.members).toEqual([m('y', '0'), m('c', '2', 1)]);
    expect([...held]).toEqual(['a', 'b']);
    const d2 = windowDelta(after, after.map((x) => (x[0] === 'b' ? m('b', '1', 2) : x)), new Set(['b']), held, 1, 2);
    expect(d2).toMatchObject({ added: [], updated: ['b'], members: [m('b', '1', 2)], total: 6 });
  });

  it('a removal keeps its meaning and the total follows; an unchanged row outside the window sends nothing', () => {
    const held = new Set(['a']);
    const d = windowDelta(five, five.filter((x) => x[0] !== 'e'), new Set(['e']), held, 0, 1);
    expect(d).toEqual({ added: [], updated: [], removed: ['e'], members: [], total: 4 });
    const quiet = windowDelta(five, five, new Set(['d']), new Set(['a']), 0, 1);
    expect(quiet).toEqual({ added: [], updated: [], removed: [], members: [], total: 5 });
  });
});

describe('moveMembers', () => {
  it('keeps the list in order through joins, moves and departures, and reports each once', () => {
    const cmp = compareMembers('asc');
    const list = [m('a', '1'), m('b', '3'), m('c', '5')];
    const byId = new Map(list.map((x) => [x[0], x]));
    const next = new Map<string, WindowMember | null>([
      ['a', m('a', '6')],
      ['b', null],
      ['c', m('c', '5')],
      ['d', m('d', '0')],
      ['zz', null],
    ]);
    expect(moveMembers(list, byId, next, cmp)).toEqual({ moved: [m('a', '6'), m('d', '0')], left: ['b'], firstMoved: 0 });
    expect(list).toEqual([m('d', '0'), m('c', '5'), m('a', '6')]);
    expect([...byId.keys()].sort()).toEqual(['a', 'c', 'd']);
  });

  it('answers the first position that changed, so windows before it hold the same rows', () => {
    const cmp = compareMembers('asc');
    const list = ['1', '2', '3', '4', '5', '6'].map((k) => m(`t${k}`, k));
    const byId = new Map(list.map((x) => [x[0], x]));
    expect(moveMembers(list, byId, new Map([['t5', m('t5', '55')]]), cmp).firstMoved).toBe(4);
    expect(moveMembers(list, byId, new Map([['t9', m('t9', '25')], ['t6', null]]), cmp).firstMoved).toBe(2);
    expect(moveMembers(list, byId, new Map([['t1', m('t1', '1')]]), cmp).firstMoved).toBe(Infinity);
    expect(ids(list)).toEqual(['t1', 't2', 't9', 't3', 't4', 't5']);

    // a window ending before the first change keeps its rows: nothing to send, nothing to redo
    const held = new Set(['t1', 't2']);
    expect(windowRows(list, new Set(['t5']), held, 0, 2, 2)).toEqual({ added: [], updated: [] });
    expect([...held]).toEqual(['t1', 't2']);
    // unless one of its own rows changed, or the change reaches it
    expect(windowRows(list, new Set(['t2']), held, 0, 2, 2)).toEqual({ added: [], updated: ['t2'] });
    expect(windowRows(list, new Set(['t9']), held, 0, 3, 2)).toEqual({ added: ['t9'], updated: [] });
  });

  it('finds a member among equal keys by its id', () => {
    const cmp = compareMembers('desc');
    const list = [m('a', '0k\u0000'), m('b', '0k\u0000'), m('c', '0k\u0000')];
    const byId = new Map(list.map((x) => [x[0], x]));
    moveMembers(list, byId, new Map([['b', m('b', '0k\u0000', 1)]]), cmp);
    expect(list).toEqual([m('a', '0k\u0000'), m('b', '0k\u0000', 1), m('c', '0k\u0000')]);
    moveMembers(list, byId, new Map([['b', null]]), cmp);
    expect(ids(list)).toEqual(['a', 'c']);
  });
});
