import { describe, expect, it } from 'vitest';
import { TripSearchQuery } from '../api/search.ts';
import { driveAssignmentRows, tripEndpoints } from '../api/trips.ts';
import { LIST_ROW_BUDGET_BYTES, TripListRow, TripListRowFields, TripRowList, compactTripListRow, toTripListRow, tripListRowJson } from './list-row.ts';
import { rowActionStates } from './menu-state.ts';
import type { DriveAssignment, Phone, TripLeg } from './model.ts';
import { filterTrips, finaliseBlockedReason } from './rules.ts';
import { TEST_NOW, TEST_STATS, testLeg, testTrip } from './test-fixtures.ts';

const landline: Phone = { phoneNumberWithAreaCode: '505-555-0101', smsEnabled: false, main: false, type: 'Home' };
const cell: Phone = { phoneNumberWithAreaCode: '505-555-0100', smsEnabled: false, main: true, type: 'Cell' };
const texting: Phone = { phoneNumberWithAreaCode: '505-555-0102', smsEnabled: true, main: false, type: 'Work' };

describe('toTripListRow', () => {
  it('keeps exactly the fields of the shape, with the values of the trip', () => {
    const trip = testTrip({ flag: 'Late', driverName: 'Rosa Diaz', farmoutName: 'Sandia Mobility', farmoutRate: 42.5, schedulePriority: 4 });
    const row = toTripListRow(trip);
    expect(Object.keys(row).sort()).toEqual(Object.keys(TripListRowFields.shape).sort());
    expect(Object.keys(row.tripLegs[0]).sort()).toEqual(Object.keys(TripListRowFields.shape.tripLegs.element.shape).sort());
    for (const key of Object.keys(row) as (keyof TripListRow)[]) {
      if (key !== 'tripLegs') expect(row[key], key).toEqual(trip[key]);
    }
    expect(TripListRowFields.strict().parse(row)).toEqual(row);
  });

  it('leaves out what no list shows: notes, web fields, coordinates, bill-to and member details', () => {
    const trip = testTrip({ notesSummary: 'Call ahead', billToContact: 'Medicaid', requestedBy: 'Clinic', authorizedBy: 'Nurse' });
    const json = JSON.stringify(toTripListRow(trip));
    for (const left of ['notesSummary', 'billToContact', 'requestedBy', 'authorizedBy', 'webFields', 'Lat', 'Lng', 'memberId', 'passNotes', 'locFirstTimeOrdMillis', 'farmoutContactId']) {
      expect(json).not.toContain(`"${left}"`);
    }
  });

  it('keeps each stop as its address only', () => {
    const leg = toTripListRow(testTrip()).tripLegs[0];
    expect(leg.locationFirst).toEqual({ Address: '100 Central Ave SW, Albuquerque' });
    expect(leg.locationSecond).toEqual({ Address: 'Dialysis Center, Santa Fe' });
  });

  it("keeps only the first phone a passenger can be texted on, or none, and a leg's missing passenger stays null", () => {
    const legOf = (phones: Phone[]) =>
      toTripListRow(testTrip({ tripLegs: [testLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones } })] })).tripLegs[0];
    expect(legOf([landline, cell, texting]).passenger).toEqual({ id: 'p1', name: 'Ada Lovato', phones: [cell] });
    expect(legOf([landline, texting]).passenger?.phones).toEqual([texting]);
    expect(legOf([landline]).passenger?.phones).toEqual([]);
    const none = toTripListRow(testTrip({ tripLegs: [testLeg({ passenger: null, passengerId: null, passName: 'Walk In' })] })).tripLegs[0];
    expect(none).toMatchObject({ passenger: null, passengerId: null, passName: 'Walk In' });
  });

  it('keeps every leg, in order', () => {
    const trip = testTrip({ tripLegs: [testLeg({ whichLeg: 'A' }), testLeg({ whichLeg: 'C' }), testLeg({ whichLeg: 'B' })] });
    expect(toTripListRow(trip).tripLegs.map((l) => l.whichLeg)).toEqual(['A', 'C', 'B']);
    expect(toTripListRow(testTrip({ tripLegs: [] })).tripLegs).toEqual([]);
  });

  it('is well under the size of the full trip on the wire, and within the budget', () => {
    const trip = testTrip({ tripLegs: [testLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones: [landline, cell, texting] } })] });
    const size = (json: string) => new TextEncoder().encode(json).length;
    expect(size(tripListRowJson(trip))).toBeLessThan(size(JSON.stringify(trip)) * 0.4);
    expect(size(tripListRowJson(trip))).toBeLessThanOrEqual(LIST_ROW_BUDGET_BYTES);
  });
});

/** A row as a reader gets it: the server's JSON, parsed with the contract's schema. */
const overTheWire = (trip: DriveAssignment) => TripListRow.parse(JSON.parse(tripListRowJson(trip)));

describe('a list row on the wire', () => {
  it('leaves out every trip field at a new trip\'s value and gets each back when parsed', () => {
    const trip = testTrip({ tripLegs: [], division: null, driverName: null, farmoutName: null, farmoutRate: null, cancelReasonRequiresStats: null });
    expect(JSON.parse(tripListRowJson(trip))).toEqual({ id: 'da-1', referenceNumber: '2000001', serviceDate: '2026-11-20', serviceTypeRequested: '01', tripLegs: [] });
    expect(overTheWire(trip)).toEqual(toTripListRow(trip));
    // one step off each default is sent
    const changed = testTrip({ tripLegs: [], modCount: 1, schedulePriority: 2, partnerPayStatus: 'Pending', timeZone: 'America/Los_Angeles', locked: true, outstandingAdjustments: 1, flag: '' });
    expect(JSON.parse(tripListRowJson(changed))).toMatchObject({ modCount: 1, schedulePriority: 2, partnerPayStatus: 'Pending', timeZone: 'America/Los_Angeles', locked: true, outstandingAdjustments: 1, flag: '' });
    expect(overTheWire(changed)).toEqual(toTripListRow(changed));
  });

  it("sends a later leg's passenger, stops, status and letter only when they are not the ones it would be taken for", () => {
    const home = { Id: null, Address: '12 Home St', Lat: null, Lng: null };
    const clinic = { Id: null, Address: 'Clinic', Lat: null, Lng: null };
    const out = testLeg({ whichLeg: 'A', status: 'Rode', serviceCode: '01', passName: 'Ada Lovato', locationFirst: home, locationSecond: clinic, passenger: { id: 'p1', name: 'Ada Lovato', phones: [cell] } });
    const back = testLeg({ whichLeg: 'B', status: 'Rode', serviceCode: '01', passName: 'Ada Lovato', locationFirst: clinic, locationSecond: home, passenger: { id: 'p1', name: 'Ada Lovato', phones: [cell] } });
    const wire = JSON.parse(tripListRowJson(testTrip({ tripLegs: [out, back] })));
    expect(wire.tripLegs[0]).toMatchObject({ status: 'Rode', passenger: { id: 'p1', name: 'Ada Lovato', phones: [{ phoneNumberWithAreaCode: cell.phoneNumberWithAreaCode, main: true, type: 'Cell' }] } });
    for (const key of ['whichLeg', 'serviceCode', 'passengerId', 'passName', 'cancelNc']) expect(wire.tripLegs[0], key).not.toHaveProperty(key);
    for (const key of ['whichLeg', 'status', 'passenger', 'passengerId', 'passName', 'locationFirst', 'locationSecond']) expect(wire.tripLegs[1], key).not.toHaveProperty(key);
    // a leg that differs from what it would be taken for says so, null included
    const other = testLeg({ whichLeg: 'C', status: 'Pending', passenger: null, passengerId: 'p9', passName: 'Luis Ortega', serviceCode: '03', locationFirst: home, locationSecond: clinic });
    const trip = testTrip({ tripLegs: [out, other] });
    expect(JSON.parse(tripListRowJson(trip)).tripLegs[1]).toMatchObject({ whichLeg: 'C', status: 'Pending', passenger: null, passengerId: 'p9', passName: 'Luis Ortega', serviceCode: '03', locationFirst: { Address: '12 Home St' }, locationSecond: { Address: 'Clinic' } });
    expect(overTheWire(trip)).toEqual(toTripListRow(trip));
  });

  it('gives back the whole row of every trip, and a row sent whole parses the same', () => {
    for (const trip of menuCases()) {
      const row = toTripListRow(trip);
      expect(overTheWire(trip), trip.id).toEqual(row);
      expect(TripListRow.parse(row), trip.id).toEqual(row);
    }
  });

  it('refuses a row without the fields it cannot tell, with the path of each', () => {
    const { id: _id, ...noId } = compactTripListRow(toTripListRow(testTrip()));
    const bad = TripRowList.safeParse({ rows: [noId], total: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['rows', 0, 'id']);
  });
});

/** Trips like the demo's: every status, pay status, day, driver and leg state the menu rules read. */
function menuCases(): DriveAssignment[] {
  const phones = [[], [landline], [cell], [landline, texting]];
  const legVariants: Partial<TripLeg>[] = [
    {},
    { ...TEST_STATS },
    { status: 'Canceled' },
    { status: 'CanceledNoCharge', cancelNc: true },
    { cancelWc: true },
    { serviceCode: '06' },
    { locFirstTimeOrd: '23:59:00', callInTime: null },
    { locFirstTimeOrd: '23:59:00', callInTime: '10:30:00' },
    { locFirstTimeOrd: '10:00:01' },
    { passenger: null, passengerId: null, passName: 'Walk In' },
    { passenger: null, passengerId: 'p9', passName: null },
  ];
  const tripVariants: Partial<DriveAssignment>[] = [
    {},
    { accepted: true },
    { declined: true },
    { accepted: true, partnerPayStatus: 'Pending' },
    { accepted: true, partnerPayStatus: 'Final' },
    { accepted: true, locked: true },
    { canceled: true, cancelledWithCharge: true, cancelledReason: 'No Show', cancelReasonRequiresStats: true },
    { cancelledWithoutCharge: true, cancelledReason: 'Advance Notice', cancelReasonRequiresStats: false },
    { dryRun: true },
    { driverId: 'd1', driverName: 'Rosa Diaz' },
    { driverEmpNumberAssigned: 'E77' },
    { accepted: true, outstandingAdjustments: 2 },
    { accepted: true, willCall: true },
    { serviceDate: '2017-06-30', accepted: true },
  ];
  const days = ['2026-11-19', '2026-11-20', '2026-11-21'];
  const cases: DriveAssignment[] = [];
  let n = 0;
  for (const over of tripVariants) {
    for (const day of days) {
      for (const legOver of legVariants) {
        const phoneList = phones[n++ % phones.length];
        const first = testLeg({ id: `a${n}`, passenger: { id: 'p1', name: 'Ada Lovato', phones: phoneList }, ...legOver });
        const second = testLeg({ id: `b${n}`, whichLeg: 'B', locFirstTimeOrd: '13:00:00', locSecondTimeOrd: '13:40:00' });
        const legs = n % 3 === 0 ? [first] : [first, second];
        cases.push(testTrip({ id: `da-${n}`, serviceDate: day, ...over, tripLegs: legs }));
      }
    }
  }
  return cases;
}

describe('the row menu decided from the list row', () => {
  const cases = menuCases();

  it('gives the same answer for every action as the full trip, in and out of developer mode', () => {
    expect(cases.length).toBeGreaterThan(400);
    for (const trip of cases) {
      const row = overTheWire(trip);
      for (const developerMode of [false, true]) {
        expect(rowActionStates(row, TEST_NOW, { developerMode }), trip.id).toEqual(rowActionStates(trip, TEST_NOW, { developerMode }));
      }
    }
  });

  it('covers enabled and disabled states of every action (the comparison above can fail)', () => {
    const states = cases.map((t) => rowActionStates(toTripListRow(t), TEST_NOW, { developerMode: false }));
    for (const action of ['accept', 'decline', 'finalise', 'stats', 'waitTime', 'expense', 'driver', 'sms', 'cancelLeg'] as const) {
      expect(states.some((s) => s[action].enabled), action).toBe(true);
      expect(states.some((s) => !s[action].enabled), action).toBe(true);
    }
    const reasons = new Set(cases.map((t) => finaliseBlockedReason(toTripListRow(t), TEST_NOW)));
    expect(reasons.size).toBeGreaterThanOrEqual(7);
  });
});

describe('the Home search box on list rows', () => {
  it("finds the same trips in the rows as in the full trips, '!' included", () => {
    const trips = [
      testTrip({ id: 'x1', referenceNumber: '3000001', schedulePriority: 4, driverName: 'Rosa Diaz' }),
      testTrip({ id: 'x2', referenceNumber: '3000002', tripLegs: [testLeg({ passenger: null, passName: 'Luis Ortega' })] }),
      testTrip({ id: 'x3', referenceNumber: '3000003', schedulePriority: 3 }),
    ];
    const rows = trips.map(toTripListRow) as unknown as DriveAssignment[];
    for (const search of ['', '!', 'rosa', 'ortega', 'santa fe', '!3000003', '300000', 'nobody']) {
      expect(filterTrips(rows, search).map((t) => t.id), search).toEqual(filterTrips(trips, search).map((t) => t.id));
    }
  });
});

describe('GET drive-assignments view', () => {
  const base = { serviceDate: '2026-11-20' };
  it('is absent, full or list; anything else is refused with a readable message', () => {
    expect(TripSearchQuery.parse(base).view).toBeUndefined();
    expect(TripSearchQuery.parse({ ...base, view: 'list' }).view).toBe('list');
    expect(TripSearchQuery.parse({ ...base, view: 'full' }).view).toBe('full');
    const bad = TripSearchQuery.safeParse({ ...base, view: 'bogus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['view'], message: 'View is full or list' });
  });

  it('declares the list view on the endpoint, and a typed entry that must ask for it and keeps the search rules', () => {
    expect(tripEndpoints.driveAssignments.views.list).toBe(TripRowList);
    expect(driveAssignmentRows).toMatchObject({ method: 'GET', path: 'drive-assignments', response: TripRowList });
    expect('views' in driveAssignmentRows).toBe(false);
    expect(driveAssignmentRows.query.safeParse(base).success).toBe(false);
    expect(driveAssignmentRows.query.safeParse({ ...base, view: 'list' }).success).toBe(true);
    expect(driveAssignmentRows.query.safeParse({ view: 'list' }).success).toBe(false);
  });
});
