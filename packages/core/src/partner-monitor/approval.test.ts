import { describe, expect, it } from 'vitest';
import { approvalEffect, CANCELLATION_REVIEW } from './approval.ts';

const request = (over: Partial<Parameters<typeof approvalEffect>[0]>) => ({
  action: 'WaitTime',
  number: null,
  amount: null,
  previousValue: null,
  deadhead: null,
  ...over,
});
const none = { addWaitMinutes: 0, pharmacyStop: false, chargeCancellation: false };

describe('approvalEffect', () => {
  it('adds approved wait minutes', () => {
    expect(approvalEffect(request({ number: 45 }), 'Approved')).toEqual({ ...none, addWaitMinutes: 45 });
    expect(approvalEffect(request({ number: 45 }), 'Denied')).toEqual(none);
  });
  it('pays an approved expense through its own amount, changing no trip field', () => {
    expect(approvalEffect(request({ action: 'Expense', amount: 12.5 }), 'Approved')).toEqual(none);
  });
  it('sets or clears the rate override', () => {
    expect(approvalEffect(request({ action: 'RateAdjust', amount: 55, previousValue: 40 }), 'Approved')).toEqual({ ...none, rateOverride: 55 });
    expect(approvalEffect(request({ action: 'RateAdjust', amount: null, previousValue: 40 }), 'Approved')).toEqual({ ...none, rateOverride: null });
    expect(approvalEffect(request({ action: 'RateAdjust', amount: 55 }), 'Denied')).toEqual(none);
  });
  it('pays original + difference loaded miles, never below zero', () => {
    expect(approvalEffect(request({ action: 'MileageAdjust', number: 4.5, previousValue: 10, deadhead: false }), 'Approved')).toEqual({ ...none, paidMilesOverride: 14.5 });
    expect(approvalEffect(request({ action: 'MileageAdjust', number: -2, previousValue: 10, deadhead: false }), 'Approved')).toEqual({ ...none, paidMilesOverride: 8 });
    expect(approvalEffect(request({ action: 'MileageAdjust', number: -12, previousValue: 10, deadhead: false }), 'Approved').paidMilesOverride).toBe(0);
  });
  it('pays deadhead miles beyond the original', () => {
    expect(approvalEffect(request({ action: 'MileageAdjust', number: 18.2, previousValue: 12.4, deadhead: true }), 'Approved')).toEqual({ ...none, extraDeadheadMiles: 5.8 });
    expect(approvalEffect(request({ action: 'MileageAdjust', number: 12.4, previousValue: 12.4, deadhead: true }), 'Approved')).toEqual({ ...none, extraDeadheadMiles: 0 });
    expect(approvalEffect(request({ action: 'MileageAdjust', number: 18.2, previousValue: 12.4, deadhead: true }), 'Denied')).toEqual(none);
  });
  it('turns an approved pharmacy stop into legs', () => {
    expect(approvalEffect(request({ action: 'PharmacyStop' }), 'Approved')).toEqual({ ...none, pharmacyStop: true });
    expect(approvalEffect(request({ action: 'PharmacyStop' }), 'Denied')).toEqual(none);
  });
  it('lets a cancellation stand without charge when approved, and charges it when denied', () => {
    expect(approvalEffect(request({ action: CANCELLATION_REVIEW }), 'Approved')).toEqual(none);
    expect(approvalEffect(request({ action: CANCELLATION_REVIEW }), 'Denied')).toEqual({ ...none, chargeCancellation: true });
  });
});
