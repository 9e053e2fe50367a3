import { describe, expect, it } from 'vitest';
import { neighbourWeeks, nonFinalParamsFrom, nonFinalProblem, payParamsFrom, payQueryOf, searchOf } from './report-params.ts';

// 2026-11-25 is a Wednesday; its week began on Sunday the 22nd.
const TODAY = '2026-11-25';

describe('the partner-pay address', () => {
  it("opens on this week's Sunday and keeps what the address names", () => {
    expect(payParamsFrom(new URLSearchParams(), TODAY)).toEqual({ date: '2026-11-22', affiliateId: null });
    expect(payParamsFrom(new URLSearchParams('date=2026-11-15&affiliateId=p1'), TODAY)).toEqual({ date: '2026-11-15', affiliateId: 'p1' });
    // a date that is not one is left for the user to choose
    expect(payParamsFrom(new URLSearchParams('date=2026-02-30'), TODAY).date).toBeNull();
    expect(payQueryOf({ date: null, affiliateId: null }, TODAY)).toEqual({ ok: false, message: 'Please enter all required fields' });
  });

  it('refuses a week that is not a past or present Sunday', () => {
    expect(payQueryOf({ date: '2026-11-22', affiliateId: null }, TODAY)).toEqual({ ok: true, date: '2026-11-22' });
    expect(payQueryOf({ date: '2026-11-29', affiliateId: null }, TODAY)).toEqual({ ok: false, message: 'Choose a Sunday that is not in the future' });
    expect(payQueryOf({ date: '2026-11-21', affiliateId: null }, TODAY)).toEqual({ ok: false, message: 'Choose a Sunday that is not in the future' });
  });

  it('steps a week back, and forward only to a week that has begun', () => {
    expect(neighbourWeeks('2026-11-15', TODAY)).toEqual({ previous: '2026-11-08', next: '2026-11-22' });
    expect(neighbourWeeks('2026-11-22', TODAY)).toEqual({ previous: '2026-11-15', next: null });
    expect(neighbourWeeks('2026-11-22', '2026-11-29').next).toBe('2026-11-29');
  });
});

describe('the non-final address', () => {
  it('opens on the last 30 days and checks the range', () => {
    const p = nonFinalParamsFrom(new URLSearchParams(), TODAY);
    expect(p).toEqual({ dateFrom: '2026-10-26', dateTo: TODAY, affiliateId: null });
    expect(nonFinalProblem(p)).toBeNull();
    expect(nonFinalProblem({ ...p, dateFrom: '2026-11-26' })).toBe('A date range needs min less than or equal to max');
    expect(nonFinalProblem({ ...p, dateFrom: '2025-11-23' })).toBe('A date range covers at most 366 days');
    expect(nonFinalParamsFrom(new URLSearchParams('dateFrom=soon'), TODAY).dateFrom).toBeNull();
    expect(nonFinalProblem({ ...p, dateFrom: null })).toBe('Please enter all required fields');
  });

  it('writes only the values that are set', () => {
    expect(searchOf({ date: '2026-11-22', affiliateId: null }).toString()).toBe('date=2026-11-22');
  });
});
