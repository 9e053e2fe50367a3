import { describe, expect, it } from 'vitest';
import { dayInWords, isWillCallTime, labelInWords, legStatusInWords, legTitle, serviceTypeInWords, timeInWords } from './words.ts';

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
  it('names the rule 185 labels', () => {
    expect(labelInWords('Pending').text).toBe('Scheduled');
    expect(labelInWords('Completed').text).toBe('Completed');
    expect(labelInWords('Canceled').text).toBe('Canceled');
    expect(labelInWords('CanceledNoCharge').text).toBe('Canceled, no charge');
  });
  it('names the portal service types', () => {
    expect(serviceTypeInWords('01')).toBe('Ambulatory');
    expect(serviceTypeInWords('03')).toBe('Wheelchair');
    expect(serviceTypeInWords(null)).toBeNull();
  });
  it('titles the legs of a round trip as going and return', () => {
    expect(legTitle('A', 2)).toBe('Going');
    expect(legTitle('B', 2)).toBe('Return');
    expect(legTitle('A', 1)).toBe('Leg A');
    expect(legTitle('C', 3)).toBe('Leg C');
  });
});
