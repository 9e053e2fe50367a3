import { describe, expect, it } from 'vitest';
import { computePickup, dropoffTooLate, estimatedDropoff, fromMinutes, serviceMinutes, timePriority, waitLegStart } from './times.ts';

const leg = (appt: string | null, pickup: string | null, dropoff: string | null) => ({ apptTime: appt, locFirstTimeOrd: pickup, locSecondTimeOrd: dropoff });

describe('time priority (spec 2 §4, rule 88)', () => {
  it('defaults to ApptTime, else PickupTime, else DropoffTime', () => {
    expect(timePriority(leg('10:00:00', '09:00:00', null))).toBe('ApptTime');
    expect(timePriority(leg(null, '09:00:00', '09:40:00'))).toBe('PickupTime');
    expect(timePriority(leg(null, null, '09:40:00'))).toBe('DropoffTime');
    expect(timePriority(leg(null, null, null))).toBe('DropoffTime');
  });
  it('keeps a chosen priority whose time is set, and falls back when it is empty', () => {
    expect(timePriority(leg('10:00:00', '09:00:00', null), 'PickupTime')).toBe('PickupTime');
    expect(timePriority(leg(null, '09:00:00', null), 'ApptTime')).toBe('PickupTime');
    expect(timePriority(leg('10:00:00', null, null), 'DropoffTime')).toBe('ApptTime');
    expect(timePriority(leg(null, null, null), 'Flexible')).toBe('Flexible');
  });
});

describe('computed pickup (spec 2 §9)', () => {
  it('service time is 5, 7 and 10 minutes for 01, 03 and 05, and 5 for the others', () => {
    expect(serviceMinutes('01')).toBe(5);
    expect(serviceMinutes('03')).toBe(7);
    expect(serviceMinutes('05')).toBe(10);
    expect(serviceMinutes('92')).toBe(5);
    expect(serviceMinutes(null)).toBe(5);
  });
  it('is appointment − driving − service time, rounded down to 5 minutes', () => {
    // 10:00 − 20 min − 5 = 09:35 (on the boundary)
    expect(computePickup('10:00:00', 1200, '01')).toBe('09:35:00');
    // 10:00 − 20 min − 7 = 09:33 → 09:30
    expect(computePickup('10:00:00', 1200, '03')).toBe('09:30:00');
    // 10:00 − 20 min 1 s (21 min) − 10 = 09:29 → 09:25
    expect(computePickup('10:00:00', 1201, '05')).toBe('09:25:00');
  });
  it('is null without an appointment or driving time, for will call, or before midnight', () => {
    expect(computePickup(null, 1200, '01')).toBeNull();
    expect(computePickup('10:00:00', null, '01')).toBeNull();
    expect(computePickup('23:59:00', 1200, '01')).toBeNull();
    expect(computePickup('00:10:00', 1200, '01')).toBeNull();
  });
  it('the estimated drop-off is pickup + service + driving time', () => {
    expect(estimatedDropoff('09:35:00', 1200, '01')).toBe('10:00:00');
    expect(estimatedDropoff(null, 1200, '01')).toBeNull();
    expect(estimatedDropoff('23:50:00', 1200, '01')).toBeNull();
  });
});

describe("'Estimated dropoff time ... is too late for appt time' (spec 2 §8)", () => {
  it('is null when the drop-off is at or before the appointment', () => {
    expect(dropoffTooLate('09:35:00', '10:00:00', 1200, '01')).toBeNull();
  });
  it('names both times when the drop-off is a minute late', () => {
    expect(dropoffTooLate('09:36:00', '10:00:00', 1200, '01')).toBe('Estimated dropoff time 10:01 is too late for appt time 10:00');
  });
  it('is null without the times it needs or for will call', () => {
    expect(dropoffTooLate(null, '10:00:00', 1200, '01')).toBeNull();
    expect(dropoffTooLate('09:36:00', null, 1200, '01')).toBeNull();
    expect(dropoffTooLate('09:36:00', '10:00:00', null, '01')).toBeNull();
    expect(dropoffTooLate('23:59:00', '10:00:00', 1200, '01')).toBeNull();
  });
});

describe('wait leg start (spec 2 §9)', () => {
  it('is 15 minutes after the appointment', () => {
    expect(waitLegStart('10:00:00')).toBe('10:15:00');
    expect(waitLegStart(null)).toBeNull();
    expect(waitLegStart('23:50:00')).toBeNull();
  });
  it('fromMinutes refuses times outside the day', () => {
    expect(fromMinutes(-1)).toBeNull();
    expect(fromMinutes(1440)).toBeNull();
    expect(fromMinutes(1439)).toBe('23:59:00');
  });
});
