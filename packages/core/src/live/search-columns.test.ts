import { describe, expect, it } from 'vitest';
import type { DriveAssignment } from '../trips/model.ts';
import { testLeg, testTrip, TEST_NOW } from '../trips/test-fixtures.ts';
import { collationKey, isOutsidePartnerTrip, numberKey, passengerNames, SEARCH_COLUMN_VALUE, SEARCH_SORT_KEYS, tripMiles } from './search-columns.ts';
import { compareMembers, isShown, MEMBER_FLAG, memberFlags, orderTrips, sortKey, toMember, windowQuery, WINDOW_SORT_KEYS, type WindowMember, type WindowSortKey } from './window.ts';

const ids = (trips: readonly DriveAssignment[]) => trips.map((t) => t.id);

/** Trips a, b, c in day order (08:00, 09:00, 10:00), with `over` applied to each. */
function day(...over: Partial<DriveAssignment>[]): DriveAssignment[] {
  return over.map((o, i) => testTrip({ id: 'abc'[i], referenceNumber: `200000${i}`, tripLegs: [testLeg({ locFirstTimeOrd: `${String(8 + i).padStart(2, '0')}:00:00` })], ...o }));
}

describe('sort keys of the search columns', () => {
  it('are all window sort keys', () => {
    for (const k of SEARCH_SORT_KEYS) expect(WINDOW_SORT_KEYS).toContain(k);
  });

  it('order every column by its value both ways, empty values last both ways, equal values in day order', () => {
    // for each column: a trip with the lower value, one with the higher, one empty (none for
    // columns that are never empty), and a tie of the lower value later in the day
    const cases: Record<(typeof SEARCH_SORT_KEYS)[number], [Partial<DriveAssignment>, Partial<DriveAssignment>, Partial<DriveAssignment> | null]> = {
      referenceNumber: [{ referenceNumber: '9' }, { referenceNumber: '10' }, null],
      serviceDate: [{ serviceDate: '2026-11-19', tripLegs: [testLeg({ locFirstTimeOrd: '08:00:00' })] }, { serviceDate: '2026-11-21' }, null],
      status: [{ accepted: true }, { declined: true }, null],
      priority: [{ schedulePriority: 2 }, { schedulePriority: 10 }, null],
      passenger: [{ tripLegs: [testLeg({ passenger: null, passName: 'ada' })] }, { tripLegs: [testLeg({ passenger: { id: 'p', name: 'Bo', phones: [] } })] }, { tripLegs: [testLeg({ passenger: null, passName: null })] }],
      pickup: [{ tripLegs: [testLeg({ locFirstTimeOrd: '07:00:00' })] }, { tripLegs: [testLeg({ locFirstTimeOrd: '11:00:00' })] }, { tripLegs: [testLeg({ locFirstTimeOrd: null })] }],
      dropoff: [{ tripLegs: [testLeg({ locSecondTimeOrd: '07:30:00' })] }, { tripLegs: [testLeg({ locSecondTimeOrd: '12:00:00' })] }, { tripLegs: [testLeg({ locSecondTimeOrd: null })] }],
      service: [{ serviceTypeRequested: '01' }, { serviceTypeRequested: '05' }, { serviceTypeRequested: '' }],
      miles: [{ tripLegs: [testLeg({ googleDrivingDistanceMeters: 3219 })] }, { tripLegs: [testLeg({ googleDrivingDistanceMeters: 32187 })] }, { tripLegs: [testLeg({ googleDrivingDistanceMeters: null })] }],
      partner: [{ farmoutName: 'acme 2' }, { farmoutName: 'Acme 10' }, { farmoutName: null }],
      driver: [{ driverName: 'Ann' }, { driverName: null, driverEmpNumberAssigned: 'E7' }, { driverName: null }],
      pay: [{ partnerPayStatus: 'Final' }, { partnerPayStatus: 'Open' }, null],
      flag: [{ flag: 'Early' }, { flag: 'Late' }, { flag: '' }],
    };
    for (const key of SEARCH_SORT_KEYS) {
      const [low, high, empty] = cases[key];
      // in day order: empty, high, low, low again (the tie)
      const trips = empty ? day(empty, high, low, low) : day(high, low, low);
      const [e, h, l1, l2] = empty ? trips : [null, ...trips];
      const asc = orderTrips(trips, { key, dir: 'asc' });
      const desc = orderTrips(trips, { key, dir: 'desc' });
      const want = (...t: (DriveAssignment | null)[]) => t.filter((x): x is DriveAssignment => x !== null).map((x) => x.id);
      expect({ key, ids: ids(asc) }).toEqual({ key, ids: want(l1, l2, h, e) });
      expect({ key, ids: ids(desc) }).toEqual({ key, ids: want(h, l1, l2, e) });
    }
  });

  it("keeps Home's keys: day order reversed for desc, names and times with empty ones last both ways", () => {
    // a 08:00 Ada, b no pickup and no name, c will call (no real pickup) zed, d 11:00 Bo
    const trips = day(
      {},
      { tripLegs: [testLeg({ locFirstTimeOrd: null, passenger: null })] },
      { tripLegs: [testLeg({ locFirstTimeOrd: '23:59:00', passenger: { id: 'p', name: 'zed', phones: [] } })] },
    ).concat(testTrip({ id: 'd', referenceNumber: '2000009', tripLegs: [testLeg({ locFirstTimeOrd: '11:00:00', passenger: { id: 'q', name: 'Bo', phones: [] } })] }));
    expect(ids(orderTrips(trips, { key: 'dayOrder', dir: 'asc' }))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(orderTrips(trips, { key: 'dayOrder', dir: 'desc' }))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(orderTrips(trips, { key: 'time', dir: 'asc' }))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(orderTrips(trips, { key: 'time', dir: 'desc' }))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(orderTrips(trips, { key: 'passName', dir: 'asc' }))).toEqual(['a', 'd', 'c', 'b']);
    expect(ids(orderTrips(trips, { key: 'passName', dir: 'desc' }))).toEqual(['c', 'd', 'a', 'b']);
  });

  it('answers the same order from the keys as members, in the browser as on the server', () => {
    const trips = day({ schedulePriority: 3 }, { schedulePriority: 1 }, { schedulePriority: 3 });
    for (const dir of ['asc', 'desc'] as const) {
      const members = trips.map((t) => toMember(t, windowQuery({ sort: { key: 'priority', dir } }), TEST_NOW)!);
      expect(members.sort(compareMembers(dir)).map((m) => m[0])).toEqual(ids(orderTrips(trips, { key: 'priority', dir })));
    }
  });
});

describe('column values', () => {
  it('read what the results table shows', () => {
    const t = testTrip({
      serviceTypeRequested: '03',
      tripLegs: [testLeg({ googleDrivingDistanceMeters: 1609 }), testLeg({ passenger: null, passName: 'Bo', googleDrivingDistanceMeters: 1609, locSecondTimeOrd: '11:00:00' })],
    });
    expect(passengerNames(t)).toBe('Ada Lovato, Bo');
    expect(tripMiles(t)).toBe(2);
    expect(tripMiles(testTrip({ tripLegs: [testLeg({ googleDrivingDistanceMeters: null })] }))).toBeNull();
    expect(SEARCH_COLUMN_VALUE.service(t)).toBe('Wheelchair');
    expect(SEARCH_COLUMN_VALUE.service(testTrip({ serviceTypeRequested: '77' }))).toBe('77');
    expect(SEARCH_COLUMN_VALUE.dropoff(t)).toBe('2026-11-20 11:00:00');
    expect(SEARCH_COLUMN_VALUE.serviceDate(t)).toBe('2026-11-20 09:00:00');
    expect(SEARCH_COLUMN_VALUE.driver(testTrip({ driverEmpNumberAssigned: 'E7' }))).toBe('E7');
  });

  it('compare text without case or accents and numbers by value', () => {
    expect(collationKey('Émile') === collationKey('emile')).toBe(true);
    expect(collationKey('Unit 2') < collationKey('unit 10')).toBe(true);
    expect(collationKey('007') === collationKey('7')).toBe(true);
    expect(collationKey('ab') < collationKey('abc')).toBe(true);
    const numbers = [10, -2.5, 0, 0.5, 2, -10, 1e6];
    expect([...numbers].sort((a, b) => (numberKey(a) < numberKey(b) ? -1 : 1))).toEqual([-10, -2.5, 0, 0.5, 2, 10, 1e6]);
  });
});

describe('outside partners', () => {
  it("flags a trip farmed out to a company not named Secure…, not an in-house or unassigned one", () => {
    const future = new Date('2026-11-19T17:00:00Z');
    expect(isOutsidePartnerTrip({ farmoutName: 'Acme Rides', farmoutContactId: 'p' })).toBe(true);
    expect(isOutsidePartnerTrip({ farmoutName: null, farmoutContactId: 'p' })).toBe(true);
    expect(isOutsidePartnerTrip({ farmoutName: 'Secure Transport', farmoutContactId: 'p' })).toBe(false);
    expect(isOutsidePartnerTrip({ farmoutName: null, farmoutContactId: null })).toBe(false);
    expect(memberFlags(testTrip({ farmoutName: 'Acme Rides' }), future)).toBe(MEMBER_FLAG.outside);
    expect(memberFlags(testTrip({ farmoutName: 'Secure Transport' }), future)).toBe(0);
    // a cancelled leg of a trip that is not cancelled: un-cancel may restore it
    const oneLeg = testTrip({ farmoutName: 'Secure Transport', tripLegs: [testLeg({ status: 'Canceled' })] });
    expect(memberFlags(oneLeg, future)).toBe(MEMBER_FLAG.legCancelled);
    expect(memberFlags({ ...oneLeg, canceled: true }, future) & MEMBER_FLAG.legCancelled).toBe(0);
  });

  it('is left out of a view that hides outside partners, and kept otherwise', () => {
    const m = (flags: number): WindowMember => ['x', '0k\u0000', 0, flags];
    expect(isShown({ hideOutside: true }, m(MEMBER_FLAG.outside | MEMBER_FLAG.accepted))).toBe(false);
    expect(isShown({ hideOutside: true }, m(MEMBER_FLAG.accepted))).toBe(true);
    expect(isShown({ hideOutside: false }, m(MEMBER_FLAG.outside))).toBe(true);
  });
});

describe('every window sort key', () => {
  it('gives every trip a key that starts with its rank and holds the day order', () => {
    for (const key of WINDOW_SORT_KEYS as readonly WindowSortKey[]) {
      const k = sortKey(testTrip(), key);
      expect(k[0] === '0' || k[0] === '1').toBe(true);
      expect(k).toContain('2026-11-2009:00:002000001');
    }
  });
});
