import type { PayLegInput, RateBreakdown, RateForPay, RateType, TripPayInput } from './model.ts';

const NONE: RateBreakdown = {
  cancelRate: null, basePickupRate: null, baseBucketMileageRate: null, baseFlatRate: null, baseMileageCeilingRate: null,
  baseMileageRate: null, timeCharge: null, baseMileageReimbursementRate: null, addWaitTime: null, addsOffHours: null,
  addsPca: null, addsPharmacyStop: null,
};

/** A rate for pay tests: Sandia's ambulatory rate for one bill-to, in force from 2026-11-01 on. */
export function testRate(rateType: RateType, amounts: Partial<RateBreakdown> = {}, over: Partial<RateForPay> = {}): RateForPay {
  return { id: 'rate-1', billToContactId: 'bill-1', serviceId: '01', rateType, dateBegin: '2026-11-01', dateEnd: null, ...NONE, ...amounts, ...over };
}

/** A driven leg: 10 miles, 20 minutes, picked up at 09:00. */
export function payLeg(over: Partial<PayLegInput> = {}): PayLegInput {
  return { miles: 10, driveMinutes: 20, pickupTime: '09:00:00', pharmacyStop: false, cancel: 'none', ...over };
}

/** A one-leg trip with nothing approved on top. */
export function payInput(over: Partial<TripPayInput> = {}): TripPayInput {
  return {
    legs: [payLeg()], pca: false, waitMinutes: 0, expensesPennies: 0, chargedCancel: false, unchargedCancel: false,
    paidMilesOverride: null, extraDeadheadMiles: 0, ...over,
  };
}
