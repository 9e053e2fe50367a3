import { describe, expect, it } from 'vitest';
import { TripSearchQuery } from '../api/search.ts';
import { driveAssignmentRows, tripEndpoints } from '../api/trips.ts';
import { LIST_ROW_BUDGET_BYTES, TripListRow, TripRowList, toTripListRow } from './list-row.ts';
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
    expect(Object.keys(row).sort()).toEqual(Object.keys(TripListRow.shape).sort());
    expect(Object.keys(row.tripLegs[0]).sort()).toEqual(Object.keys(TripListRow.shape.tripLegs.element.shape).sort());
    for (const key of Object.keys(row) as (keyof TripListRow)[]) {
      if (key !== 'tripLegs') expect(row[key], key).toEqual(trip[key]);
    }
    expect(TripListRow.strict().parse(row)).toEqual(row);
  });

  it('leaves out what no list shows: notes, web fields, coordinates, bill-to and member details', () => {
    const trip = testTrip({ notesSummary: 'Call ahead', billToContact: 'Medicaid', requestedBy: 'Clinic', authorizedBy: 'Nurse' });
    const json = JSON.stringify(toTripListRow(trip));
    for (const left of ['notesSummary', 'billToContact', 'requestedBy', 'authorizedBy', 'webFields', 'Lat', 'Lng', 'memberId', 'passNotes', 'locFirstTimeOrdMillis']) {
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
    const trip = testTrip({ tripLegs: [testLeg({ id: 'a', whichLeg: 'A' }), testLeg({ id: 'b', whichLeg: 'B' }), testLeg({ id: 'c', whichLeg: 'C' })] });
    expect(toTripListRow(trip).tripLegs.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(toTripListRow(testTrip({ tripLegs: [] })).tripLegs).toEqual([]);
  });

  it('is well under the size of the full trip, and under twice the budget', () => {
    const trip = testTrip({ tripLegs: [testLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones: [landline, cell, texting] } })] });
    const size = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
    expect(size(toTripListRow(trip))).toBeLessThan(size(trip) * 0.7);
    expect(size(toTripListRow(trip))).toBeLessThanOrEqual(2 * LIST_ROW_BUDGET_BYTES);
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
      const row = toTripListRow(trip);
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
