import { describe, expect, it } from 'vitest';
import { COVERAGE_MSG } from '@tripline/core';
import { coverageRequestState, listInWords, tripLimitMeter } from './coverage-request.ts';

const full = { passengerId: '6f1c2b1e-8a2d-4c55-9a0e-3f2b1c4d5e6f', serviceDate: '2026-11-24', serviceType: '01', appointmentType: 'Dialysis' };

describe('coverageRequestState', () => {
  it('is ready with passenger, service date, service number and appointment type', () => {
    expect(coverageRequestState(full)).toEqual({ ready: true });
  });
  it('gives the spec text when nothing is there yet', () => {
    expect(coverageRequestState(null)).toEqual({ ready: false, missing: ['passenger', 'service date', 'service number', 'appointment type'], message: COVERAGE_MSG.NEEDS_INPUTS });
  });
  it('names the one input still missing', () => {
    expect(coverageRequestState({ ...full, appointmentType: '' })).toMatchObject({ missing: ['appointment type'], message: 'Coverage check needs appointment type' });
  });
  it('names several missing inputs in words; blank text counts as missing', () => {
    expect(coverageRequestState({ ...full, passengerId: null, serviceType: '  ' })).toMatchObject({
      message: 'Coverage check needs passenger and service number',
    });
    expect(coverageRequestState({ serviceType: '03' }).ready).toBe(false);
    expect(coverageRequestState({ serviceType: '03' })).toMatchObject({ message: 'Coverage check needs passenger, service date and appointment type' });
  });
});

describe('listInWords', () => {
  it('joins with commas and a final and', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('tripLimitMeter', () => {
  it('warns from 85 % of the limit and is red at the limit', () => {
    expect(tripLimitMeter(16, 20)).toEqual({ percent: 80, color: 'green' });
    expect(tripLimitMeter(17, 20)).toEqual({ percent: 85, color: 'yellow' });
    expect(tripLimitMeter(20, 20)).toEqual({ percent: 100, color: 'red' });
    expect(tripLimitMeter(25, 20)).toEqual({ percent: 100, color: 'red' });
    expect(tripLimitMeter(3, null)).toBeNull();
  });
});
