import type { PayItem, RateField, RateType } from './model.ts';

/** The texts of partner rates (spec 3 §5, §8). */
export const RATE_MSG = {
  INVALID_DATE: 'Invalid date!',
  ALREADY_TODAY: 'A rate for this group already begins today',
  OVERLAP: 'Another rate of this group is in force on those days; reload the rates and try again',
  NO_RATE_TO_ACCEPT: 'This trip has no rate yet; call dispatch.',
  CHOOSE_PARTNER: 'Choose a partner',
  CHOOSE_BILL_TO: 'Choose a bill-to',
  CHOOSE_SERVICE_TYPE: 'Choose a service type',
  CHOOSE_RATE_TYPE: 'Choose a rate type: Pick Up Per Mile, Flat Rate or Mile Reimburse',
  NOT_A_PARTNER: 'That contact is not a partner',
  NOT_A_BILL_TO: 'That contact is not a bill-to',
  AMOUNT: 'Enter an amount in dollars and cents',
  NEGATIVE: 'An amount cannot be negative',
  CORRECT_TODAY_ONLY: 'Only a rate that begins today can be corrected; add a new rate instead',
  ENDED: 'This rate has already ended',
} as const;

export const rateEndBeforeBegin = (dateBegin: string) => `The end date cannot be before the rate begins (${dateBegin})`;
export const rateOverlapsNext = (dateBegin: string) => `This group's next rate begins ${dateBegin}; end this rate before that day`;
export const rateFieldRequired = (field: RateField, type: RateType) => `${RATE_FIELD_LABELS[field]} is required for a ${type} rate`;
export const rateAmountTooHigh = (max: number) => `An amount is at most ${max.toLocaleString('en-US')}`;

/** The rate fields as the rate edit dialog and the breakdown name them. */
export const RATE_FIELD_LABELS: Record<RateField, string> = {
  cancelRate: 'Cancel rate',
  basePickupRate: 'Pickup rate',
  baseBucketMileageRate: 'Mileage rate beyond the ceiling',
  baseFlatRate: 'Flat rate',
  baseMileageCeilingRate: 'Mileage ceiling (miles)',
  baseMileageRate: 'Mileage rate',
  timeCharge: 'Per drive minute',
  baseMileageReimbursementRate: 'Mileage reimbursement rate',
  addWaitTime: 'Per wait minute',
  addsOffHours: 'Off hours pickup',
  addsPca: 'PCA',
  addsPharmacyStop: 'Pharmacy stop',
};

/** A trip's pay lines as people read them. */
export const PAY_ITEM_LABELS: Record<PayItem, string> = {
  baseFlatRate: 'Flat rate per leg',
  basePickupRate: 'Pickup per leg',
  baseMileageRate: 'Loaded miles',
  baseBucketMileageRate: 'Loaded miles beyond the ceiling',
  baseMileageReimbursementRate: 'Mileage reimbursement',
  timeCharge: 'Drive minutes',
  addWaitTime: 'Approved wait minutes',
  addsPca: 'PCA',
  addsOffHours: 'Off hours pickups',
  addsPharmacyStop: 'Pharmacy stops',
  cancelRate: 'Cancellation',
  expenses: 'Approved expenses',
  deadheadMiles: 'Deadhead miles',
};
