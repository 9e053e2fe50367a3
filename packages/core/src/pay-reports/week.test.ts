import { describe, expect, it } from 'vitest';
import { NonFinalTripsQuery, PartnerPayQuery } from '../api/pay-reports.ts';
import { isPayWeekStart, isSunday, nonFinalRangeProblem, payWeek, payWeekProblem, weekStartOf } from './week.ts';

// 2026-11-22 is a Sunday; the 21st a Saturday, the 29th the next Sunday.
const TODAY = '2026-11-25';

describe('payWeekProblem (spec 2 §5 rule 170)', () => {
  it('needs a date', () => {
    expect(payWeekProblem(undefined, TODAY)).toBe('Please enter all required fields');
    expect(payWeekProblem('', TODAY)).toBe('Please enter all required fields');
  });

  it('takes a past or present Sunday and refuses a Saturday or the next Sunday', () => {
    expect(payWeekProblem('2026-11-22', TODAY)).toBeNull();
    expect(payWeekProblem('2026-11-15', TODAY)).toBeNull();
    expect(payWeekProblem('2026-11-21', TODAY)).toBe('Choose a Sunday that is not in the future');
    expect(payWeekProblem('2026-11-23', TODAY)).toBe('Choose a Sunday that is not in the future');
    expect(payWeekProblem('2026-11-29', TODAY)).toBe('Choose a Sunday that is not in the future');
  });

  it('takes today when today is a Sunday, and not the Sunday after', () => {
    expect(payWeekProblem('2026-11-22', '2026-11-22')).toBeNull();
    expect(payWeekProblem('2026-11-29', '2026-11-28')).toBe('Choose a Sunday that is not in the future');
    expect(payWeekProblem('2026-11-29', '2026-11-29')).toBeNull();
  });

  it('offers the picker only past and present Sundays', () => {
    expect(isPayWeekStart('2026-11-22', TODAY)).toBe(true);
    expect(isPayWeekStart('2026-11-24', TODAY)).toBe(false);
    expect(isPayWeekStart('2026-11-29', TODAY)).toBe(false);
    expect(isSunday('2026-02-30')).toBe(false);
  });
});

describe('payWeek', () => {
  it('runs Sunday through Saturday', () => {
    expect(payWeek('2026-11-22')).toEqual({
      dateFrom: '2026-11-22',
      dateTo: '2026-11-28',
      days: ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'],
    });
    expect(payWeek('2026-12-27').dateTo).toBe('2027-01-02');
  });

  it('finds the Sunday a day belongs to', () => {
    expect(weekStartOf('2026-11-22')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-28')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-29');
  });
});

describe('nonFinalRangeProblem', () => {
  it('needs both dates in order', () => {
    expect(nonFinalRangeProblem('2026-11-01', undefined)).toBe('Please enter all required fields');
    expect(nonFinalRangeProblem('2026-11-02', '2026-11-01')).toBe('A date range needs min less than or equal to max');
    expect(nonFinalRangeProblem('2026-11-01', '2026-11-01')).toBeNull();
  });

  it('covers at most 366 days, both ends included', () => {
    // 2026-01-01 to 2027-01-01 is 366 days; one more is 367
    expect(nonFinalRangeProblem('2026-01-01', '2027-01-01')).toBeNull();
    expect(nonFinalRangeProblem('2026-01-01', '2027-01-02')).toBe('A date range covers at most 366 days');
  });
});

describe('the report queries', () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

  it('refuses a missing date, a Saturday and a bad format', () => {
    expect(message(PartnerPayQuery.safeParse({}))).toBe('Please enter all required fields');
    expect(message(PartnerPayQuery.safeParse({ date: '' }))).toBe('Please enter all required fields');
    expect(message(PartnerPayQuery.safeParse({ date: '2026-11-21' }))).toBe('Choose a Sunday that is not in the future');
    expect(message(PartnerPayQuery.safeParse({ date: '11/22/2026' }))).toBe('Dates are YYYY-MM-DD');
    expect(message(PartnerPayQuery.safeParse({ date: '2026-11-22', format: 'XLS' }))).toBe('The format is JSON or CSV');
    expect(PartnerPayQuery.parse({ date: '2026-11-22' })).toEqual({ date: '2026-11-22', format: 'JSON' });
  });

  it('refuses a reversed or too long range on dateTo', () => {
    const reversed = NonFinalTripsQuery.safeParse({ dateFrom: '2026-11-02', dateTo: '2026-11-01' });
    expect(message(reversed)).toBe('A date range needs min less than or equal to max');
    expect(message(NonFinalTripsQuery.safeParse({ dateFrom: '2026-01-01', dateTo: '2027-01-02' }))).toBe('A date range covers at most 366 days');
    expect(message(NonFinalTripsQuery.safeParse({ dateTo: '2026-11-01' }))).toBe('Please enter all required fields');
    expect(NonFinalTripsQuery.safeParse({ dateFrom: '2026-01-01', dateTo: '2027-01-01' }).success).toBe(true);
  });
});
