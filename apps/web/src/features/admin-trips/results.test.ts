import { describe, expect, it } from 'vitest';
import { makeLeg, makeTrip } from '../trips/trip-factory.ts';
import { isOutsidePartnerTrip, nextSort, showOutsideByDefault, sortFromParam, sortToParam, sortTrips, visibleTrips } from './results.ts';

const trip = (id: string, over: Parameters<typeof makeTrip>[0] = {}) => makeTrip({ id, referenceNumber: id.toUpperCase(), ...over });

describe('sorting the results', () => {
  const a = trip('a', { schedulePriority: 2, driverName: 'Zoe' });
  const b = trip('b', { schedulePriority: 5, driverName: null, driverEmpNumberAssigned: null });
  const c = trip('c', { schedulePriority: 2, driverName: 'Abe' });

  it('keeps the server order without a sort', () => {
    expect(sortTrips([b, a, c], null).map((t) => t.id)).toEqual(['b', 'a', 'c']);
  });

  it('sorts numbers and keeps equal rows in the server order (stable)', () => {
    expect(sortTrips([b, a, c], { key: 'priority', dir: 'asc' }).map((t) => t.id)).toEqual(['a', 'c', 'b']);
    expect(sortTrips([b, a, c], { key: 'priority', dir: 'desc' }).map((t) => t.id)).toEqual(['b', 'a', 'c']);
  });

  it('puts empty values last in both directions', () => {
    expect(sortTrips([b, a, c], { key: 'driver', dir: 'asc' }).map((t) => t.id)).toEqual(['c', 'a', 'b']);
    expect(sortTrips([b, a, c], { key: 'driver', dir: 'desc' }).map((t) => t.id)).toEqual(['a', 'c', 'b']);
  });

  it('sorts pickups by day then ordered time, reference numbers naturally', () => {
    const early = trip('e', { serviceDate: '2026-11-23', tripLegs: [makeLeg({ locFirstTimeOrd: '07:30:00' })] });
    const late = trip('l', { serviceDate: '2026-11-22', tripLegs: [makeLeg({ locFirstTimeOrd: '15:00:00' })] });
    expect(sortTrips([early, late], { key: 'pickup', dir: 'asc' }).map((t) => t.id)).toEqual(['l', 'e']);
    const r9 = trip('x', { referenceNumber: 'R9' });
    const r10 = trip('y', { referenceNumber: 'R10' });
    expect(sortTrips([r10, r9], { key: 'referenceNumber', dir: 'asc' }).map((t) => t.referenceNumber)).toEqual(['R9', 'R10']);
  });

  it('cycles a header: ascending, descending, then the server order', () => {
    expect(nextSort(null, 'miles')).toEqual({ key: 'miles', dir: 'asc' });
    expect(nextSort({ key: 'miles', dir: 'asc' }, 'miles')).toEqual({ key: 'miles', dir: 'desc' });
    expect(nextSort({ key: 'miles', dir: 'desc' }, 'miles')).toBeNull();
    expect(nextSort({ key: 'miles', dir: 'desc' }, 'driver')).toEqual({ key: 'driver', dir: 'asc' });
  });
});

describe('outside partners (spec 2 §6)', () => {
  const inHouse = trip('i', { farmoutName: 'Secure Transportation', farmoutContactId: 'p-secure' });
  const outside = trip('o', { farmoutName: 'Sandia Mobility', farmoutContactId: 'p-sandia' });
  const unassigned = trip('u', { farmoutName: null, farmoutContactId: null });

  it("counts a trip as an outside partner's when its company's name does not start with 'Secure'", () => {
    expect(isOutsidePartnerTrip(inHouse)).toBe(false);
    expect(isOutsidePartnerTrip(outside)).toBe(true);
    expect(isOutsidePartnerTrip(unassigned)).toBe(false);
  });

  it('hides them by default and says how many', () => {
    const { rows, hidden } = visibleTrips([inHouse, outside, unassigned], false);
    expect(rows.map((t) => t.id)).toEqual(['i', 'u']);
    expect(hidden).toBe(1);
    expect(visibleTrips([inHouse, outside], true)).toEqual({ rows: [inHouse, outside], hidden: 0 });
  });

  it('shows them from the start when the search names a partner or asks for outside partners', () => {
    expect(showOutsideByDefault({ affiliateId: '', inHouse: '' })).toBe(false);
    expect(showOutsideByDefault({ affiliateId: 'p-sandia', inHouse: '' })).toBe(true);
    expect(showOutsideByDefault({ affiliateId: '', inHouse: 'false' })).toBe(true);
  });
});

describe('sort in the address', () => {
  it('writes ascending as the key and descending with a minus', () => {
    expect(sortToParam({ key: 'priority', dir: 'asc' })).toBe('priority');
    expect(sortToParam({ key: 'miles', dir: 'desc' })).toBe('-miles');
    expect(sortToParam(null)).toBeNull();
  });
  it('reads back what it wrote and ignores unknown columns', () => {
    expect(sortFromParam('-miles')).toEqual({ key: 'miles', dir: 'desc' });
    expect(sortFromParam('priority')).toEqual({ key: 'priority', dir: 'asc' });
    expect(sortFromParam('-constructor')).toBeNull();
    expect(sortFromParam('')).toBeNull();
    expect(sortFromParam(null)).toBeNull();
  });
});
