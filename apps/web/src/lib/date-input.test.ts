import { describe, expect, it } from 'vitest';
import { dateFromParam, formatUsDate, localToday, parseDateInput, setDayTimeZone } from './date-input.ts';

const today = '2025-03-14';

describe('parseDateInput', () => {
  it.each([
    ['2025-03-05', '2025-03-05'],
    ['2025-3-5', '2025-03-05'],
    ['25-3-5', '2025-03-05'],
    ['03/05/2025', '2025-03-05'],
    ['03/05/25', '2025-03-05'],
    ['3/5/2025', '2025-03-05'],
    ['3/5/25', '2025-03-05'],
    ['3/5', '2025-03-05'],
    ['Mar 5, 2025', '2025-03-05'],
    ['  12/31/2078 ', '2078-12-31'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDateInput(text, today)).toBe(iso);
  });

  it('puts two-digit years at most 20 years ahead', () => {
    expect(parseDateInput('1/2/45', today)).toBe('2045-01-02');
    expect(parseDateInput('1/2/46', today)).toBe('1946-01-02');
  });

  it.each(['', 'tomorrow', '2025/03/05', '13/01/2025', '2/30/2025', '2025-02-29', 'March 5, 2025', 'mar 5, 2025', 'Mar 5 2025', '3-5'])(
    'refuses %s',
    (text) => {
      expect(parseDateInput(text, today)).toBeNull();
    },
  );

  it('knows leap days', () => {
    expect(parseDateInput('2/29/2024', today)).toBe('2024-02-29');
  });
});

describe('localToday and formatUsDate', () => {
  it("is the operator's calendar date, not the browser's", () => {
    // 17:00 and 23:59 in Albuquerque (UTC-7 in January) are already the next day in UTC
    expect(localToday(new Date('2025-01-10T00:00:00Z'))).toBe('2025-01-09');
    expect(localToday(new Date('2025-01-10T06:59:59Z'))).toBe('2025-01-09');
    expect(localToday(new Date('2025-01-10T07:00:00Z'))).toBe('2025-01-10');
    // summer time (UTC-6)
    expect(localToday(new Date('2025-07-10T05:59:59Z'))).toBe('2025-07-09');
    expect(localToday(new Date('2025-07-10T06:00:00Z'))).toBe('2025-07-10');
  });

  it("follows the signed-in user's division once it is known, and the operator's again without one", () => {
    try {
      setDayTimeZone('America/Los_Angeles');
      // 23:30 in Fresno (UTC-8 in January): still the 9th there, already the 10th in Albuquerque
      expect(localToday(new Date('2025-01-10T07:30:00Z'))).toBe('2025-01-09');
      expect(localToday(new Date('2025-01-10T08:00:00Z'))).toBe('2025-01-10');
      setDayTimeZone(null);
      expect(localToday(new Date('2025-01-10T07:30:00Z'))).toBe('2025-01-10');
    } finally {
      setDayTimeZone(null);
    }
  });

  it('shows ISO dates as MM/DD/YYYY', () => {
    expect(formatUsDate('2025-01-09')).toBe('01/09/2025');
  });
});

describe('dateFromParam', () => {
  it('is today without a parameter, none for an empty one, and reads the others', () => {
    expect(dateFromParam(null, today)).toBe(today);
    expect(dateFromParam('', today)).toBeNull();
    expect(dateFromParam('3/5', today)).toBe('2025-03-05');
    expect(dateFromParam('soon', today)).toBeNull();
  });
});
