import { describe, expect, it } from 'vitest';
import { DEFAULT_ON_TIME_RULE } from '../coverage/guesses.ts';
import { apptDuration, legWindow } from './windows.ts';

describe('a leg’s on-time window (on-time rule)', () => {
  it('spans the early and late minutes around the pickup and ends the drop-off before the appointment', () => {
    expect(legWindow('09:30:00', '10:00:00', DEFAULT_ON_TIME_RULE)).toEqual({ pickupTimeMin: '09:20:00', pickupTimeMax: '09:40:00', dropoffTimeMax: '09:45:00' });
    expect(legWindow('09:30:00', null, { pickupEarlyMinutes: 0, pickupLateMinutes: 30, arriveBeforeApptMinutes: 0 })).toEqual({
      pickupTimeMin: '09:30:00',
      pickupTimeMax: '10:00:00',
      dropoffTimeMax: null,
    });
  });
  it('is empty for will call and past the day’s edges', () => {
    expect(legWindow('23:59:00', null, DEFAULT_ON_TIME_RULE)).toEqual({ pickupTimeMin: null, pickupTimeMax: null, dropoffTimeMax: null });
    expect(legWindow('00:05:00', null, DEFAULT_ON_TIME_RULE).pickupTimeMin).toBeNull();
  });
  it('turns the will-call guess into minutes', () => {
    expect(apptDuration({ seconds: 5430, confidence: 0.8 })).toEqual({ apptDurationEstimate: 91, apptDurationConfidence: 0.8 });
    expect(apptDuration({ seconds: null, confidence: null })).toEqual({ apptDurationEstimate: null, apptDurationConfidence: null });
  });
});
