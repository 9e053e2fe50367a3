import { describe, expect, it } from 'vitest';
import { dayInWords, etaInWords, isWillCallTime, labelColor, legStatusInWords, legTitle, milesInWords, pickupInWords, serviceTypeInWords, timeInWords } from './words.ts';

describe('dayInWords', () => {
  it('says the weekday, month and day', () => {
    expect(dayInWords('2025-03-04')).toBe('Tuesday, March 4');
    expect(dayInWords('2026-11-25', '2026-11-25')).toBe('Wednesday, November 25');
  });
  it('adds the year only outside the current one', () => {
    expect(dayInWords('2025-12-31', '2026-01-02')).toBe('Wednesday, December 31, 2025');
    expect(dayInWords('2026-01-01', '2026-01-02')).toBe('Thursday, January 1');
  });
  it('leaves something unreadable as it came', () => {
    expect(dayInWords('soon')).toBe('soon');
  });
});

describe('timeInWords', () => {
  it('uses a 12-hour clock at its boundaries', () => {
    expect(timeInWords('00:00:00')).toBe('12:00 AM');
    expect(timeInWords('00:05')).toBe('12:05 AM');
    expect(timeInWords('11:59:00')).toBe('11:59 AM');
    expect(timeInWords('12:00:00')).toBe('12:00 PM');
    expect(timeInWords('13:30:00')).toBe('1:30 PM');
    expect(timeInWords('23:58:00')).toBe('11:58 PM');
  });
  it('has no time for will call or nothing', () => {
    expect(timeInWords('23:59:00')).toBeNull();
    expect(isWillCallTime('23:59:00')).toBe(true);
    expect(isWillCallTime('23:58:00')).toBe(false);
    expect(timeInWords(null)).toBeNull();
    expect(timeInWords('')).toBeNull();
  });
});

describe('statuses in words', () => {
  it('names every leg status', () => {
    expect(legStatusInWords('Pending')).toBe('Scheduled');
    expect(legStatusInWords('Arrived')).toBe('Driver arrived');
    expect(legStatusInWords('In Vehicle')).toBe('Picked up');
    expect(legStatusInWords('Rode')).toBe('Dropped off');
    expect(legStatusInWords('CanceledNoCharge')).toBe('Canceled');
    expect(legStatusInWords('WillCall')).toBe('Will call');
  });
  it('colours the rule 185 labels', () => {
    expect(labelColor('Pending')).toBe('blue');
    expect(labelColor('Completed')).toBe('green');
    expect(labelColor('Canceled')).toBe('red');
    expect(labelColor('CanceledNoCharge')).toBe('red');
  });
  it('names the portal service types', () => {
    expect(serviceTypeInWords('01')).toBe('Ambulatory');
    expect(serviceTypeInWords('03')).toBe('Wheelchair');
    expect(serviceTypeInWords(null)).toBeNull();
  });
  it('titles one ride, the legs of a round trip as going and return, and others by letter', () => {
    expect(legTitle('A', 2)).toBe('Going');
    expect(legTitle('B', 2)).toBe('Return');
    expect(legTitle('A', 1)).toBe('The ride');
    expect(legTitle('C', 3)).toBe('Leg C');
  });
});

describe('the trip in words', () => {
  const leg = (locFirstTimeOrd: string | null) => ({ locFirstTimeOrd }) as Parameters<typeof pickupInWords>[0]['tripLegs'][number];
  it('says the pickup time, or will call', () => {
    expect(pickupInWords({ willCall: false, tripLegs: [leg('09:05:00')] })).toBe('Pickup at 9:05 AM');
    expect(pickupInWords({ willCall: true, tripLegs: [leg('23:59:00')] })).toBe('Will call: the ride comes when you call');
    expect(pickupInWords({ willCall: false, tripLegs: [] })).toBe('Will call: the ride comes when you call');
  });
  it('says what the passenger waits for', () => {
    expect(etaInWords(null)).toBeNull();
    expect(etaInWords({ legId: 'a', kind: 'pickup', time: '14:35:00', estimated: true })).toBe('Driver expected at 2:35 PM');
    expect(etaInWords({ legId: 'a', kind: 'pickup', time: '14:30:00', estimated: false })).toBe('Pickup scheduled for 2:30 PM');
    expect(etaInWords({ legId: 'a', kind: 'dropoff', time: '15:10:00', estimated: true })).toBe('Expected drop-off at 3:10 PM');
    expect(etaInWords({ legId: 'a', kind: 'dropoff', time: '15:00:00', estimated: false })).toBe('Drop-off scheduled for 3:00 PM');
    expect(etaInWords({ legId: 'a', kind: 'pickup', time: '23:59:00', estimated: false })).toBeNull();
  });
  it('gives distances in miles', () => {
    expect(milesInWords(null)).toBeNull();
    expect(milesInWords(0)).toBeNull();
    expect(milesInWords(1609.344)).toBe('1.0 miles');
    expect(milesInWords(16_000)).toBe('9.9 miles');
    expect(milesInWords(16_093.44)).toBe('10 miles');
  });
});
