import { describe, expect, it } from 'vitest';
import { describeRequest } from './describe.ts';

const r = (over: Partial<Parameters<typeof describeRequest>[1]>) => ({ number: null, amount: null, reason: null, previousValue: null, deadhead: null, ...over });

describe('describeRequest (the monitor’s request column)', () => {
  it('says each kind of request, old → new where a figure changes', () => {
    expect(describeRequest('WaitTime', r({ number: 45 }))).toBe('45 min of wait time');
    expect(describeRequest('Expense', r({ amount: 14, reason: 'Parking Fees' }))).toBe('Parking Fees $14.00');
    expect(describeRequest('RateAdjust', r({ amount: 57.5, previousValue: 42.5 }))).toBe('Rate $42.50 → $57.50');
    expect(describeRequest('RateAdjust', r({ amount: null, previousValue: 42.5 }))).toBe('Rate $42.50 → the rate in force');
    expect(describeRequest('RateAdjust', r({ amount: 30, previousValue: null }))).toBe('Rate NoRate → $30.00');
    expect(describeRequest('PharmacyStop', r({}))).toBe('A pharmacy stop on the way back');
    expect(describeRequest('Cancellation review', r({ reason: 'Advance Notice' }))).toBe('Cancelled without charge (Advance Notice)');
  });
  it('adds a loaded difference to the original and shows a deadhead final as it is (rule 252)', () => {
    expect(describeRequest('MileageAdjust', r({ number: 4.5, previousValue: 10, deadhead: false }))).toBe('Loaded miles 10 → 14.5');
    expect(describeRequest('MileageAdjust', r({ number: -2, previousValue: 10, deadhead: false }))).toBe('Loaded miles 10 → 8');
    expect(describeRequest('MileageAdjust', r({ number: 21.4, previousValue: 12.4, deadhead: true }))).toBe('Deadhead miles 12.4 → 21.4');
  });
});
