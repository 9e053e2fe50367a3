import { describe, expect, it } from 'vitest';
import { mergedTripFix, REPAIR_MSG, repairFixes } from './repair.ts';
import { testLeg, testTrip } from './test-fixtures.ts';

const ok = { driverEmployeeNumber: null, partnerContactNumber: null };

describe('repairFixes', () => {
  it('finds nothing in a consistent trip', () => {
    expect(repairFixes(testTrip(), ok)).toEqual([]);
    expect(
      repairFixes(testTrip({ farmoutContactId: 'p', farmoutContactNumber: 100001, driverId: 'd', driverEmpNumberAssigned: 'SAN001' }), {
        driverEmployeeNumber: 'SAN001',
        partnerContactNumber: 100001,
      }),
    ).toEqual([]);
  });

  it('matches the Will Call flag to 23:59 pickups, both ways', () => {
    const wc = testTrip({ tripLegs: [testLeg(), testLeg({ id: 'b', locFirstTimeOrd: '23:59:00' })] });
    expect(repairFixes(wc, ok)).toEqual([{ description: REPAIR_MSG.WILL_CALL_ON, trip: { willCall: true } }]);
    expect(repairFixes({ ...wc, willCall: true }, ok)).toEqual([]);
    expect(repairFixes(testTrip({ willCall: true }), ok)).toEqual([{ description: REPAIR_MSG.WILL_CALL_OFF, trip: { willCall: false } }]);
  });

  it("sets the assigned employee number to the driver's", () => {
    const fixes = repairFixes(testTrip({ driverId: 'd', driverEmpNumberAssigned: 'OLD1' }), { ...ok, driverEmployeeNumber: 'SAN002' });
    expect(fixes).toEqual([{ description: REPAIR_MSG.DRIVER_NUMBER('OLD1', 'SAN002'), trip: { driverEmpNumberAssigned: 'SAN002' } }]);
    // without a driver record the number stays as entered
    expect(repairFixes(testTrip({ driverEmpNumberAssigned: 'OLD1' }), ok)).toEqual([]);
  });

  it("sets the partner number to the partner's contact number, and clears it without a partner", () => {
    expect(mergedTripFix(repairFixes(testTrip({ farmoutContactId: 'p', farmoutContactNumber: 5 }), { ...ok, partnerContactNumber: 100002 }))).toEqual({
      farmoutContactNumber: 100002,
    });
    expect(mergedTripFix(repairFixes(testTrip({ farmoutContactNumber: 5 }), { ...ok, partnerContactNumber: 100002 }))).toEqual({
      farmoutContactNumber: null,
    });
  });

  it('reopens pay that is Final while adjustments await review', () => {
    expect(repairFixes(testTrip({ partnerPayStatus: 'Final', outstandingAdjustments: 2 }), ok)).toEqual([
      { description: REPAIR_MSG.FINAL_WITH_ADJUSTMENTS(2), trip: { partnerPayStatus: 'Open' } },
    ]);
    expect(repairFixes(testTrip({ partnerPayStatus: 'Open', outstandingAdjustments: 2 }), ok)).toEqual([]);
  });

  it("cancels the legs of a cancelled trip, with or without charge as the trip's", () => {
    const legs = [testLeg({ id: 'a' }), testLeg({ id: 'b', status: 'CanceledNoCharge' })];
    expect(repairFixes(testTrip({ canceled: true, cancelledWithoutCharge: true, tripLegs: legs }), ok)).toEqual([
      { description: REPAIR_MSG.CANCELLED_LEGS(1), legs: [{ id: 'a', status: 'CanceledNoCharge' }] },
    ]);
    expect(repairFixes(testTrip({ canceled: true, cancelledWithCharge: true, tripLegs: legs }), ok)[0].legs).toEqual([{ id: 'a', status: 'Canceled' }]);
  });

  it('lists several fixes in a fixed order and merges their fields', () => {
    const trip = testTrip({ willCall: true, partnerPayStatus: 'Final', outstandingAdjustments: 1, farmoutContactNumber: 7 });
    const fixes = repairFixes(trip, ok);
    expect(fixes.map((f) => f.description)).toEqual([REPAIR_MSG.WILL_CALL_OFF, REPAIR_MSG.PARTNER_NUMBER(7, null), REPAIR_MSG.FINAL_WITH_ADJUSTMENTS(1)]);
    expect(mergedTripFix(fixes)).toEqual({ willCall: false, farmoutContactNumber: null, partnerPayStatus: 'Open' });
  });
});
