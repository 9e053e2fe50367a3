import { describe, expect, it } from 'vitest';
import { defaultInfectiousEnd, infectiousFlagOn, infectiousWindow, isInfectiousOn } from './infectious.ts';
import { CARE_MSG } from './messages.ts';

describe('infectious diseases (spec 2 §5)', () => {
  it('ends 5 days after the start by default, across a month end', () => {
    expect(defaultInfectiousEnd('2026-11-22')).toBe('2026-11-27');
    expect(defaultInfectiousEnd('2026-12-29')).toBe('2027-01-03');
  });

  it('is active from its first to its last day, not the day before or after', () => {
    const d = { startDate: '2026-11-22', endDate: '2026-11-27', cancel: false };
    expect(isInfectiousOn(d, '2026-11-21')).toBe(false);
    expect(isInfectiousOn(d, '2026-11-22')).toBe(true);
    expect(isInfectiousOn(d, '2026-11-27')).toBe(true);
    expect(isInfectiousOn(d, '2026-11-28')).toBe(false);
  });

  it('is never active once cancelled', () => {
    expect(isInfectiousOn({ startDate: '2026-11-22', endDate: '2026-11-27', cancel: true }, '2026-11-23')).toBe(false);
  });

  it('flags a day when any active disease covers it', () => {
    const ds = [
      { startDate: '2026-11-01', endDate: '2026-11-05', cancel: true },
      { startDate: '2026-11-04', endDate: '2026-11-06', cancel: false },
    ];
    expect(infectiousFlagOn(ds, '2026-11-03')).toBe(false);
    expect(infectiousFlagOn(ds, '2026-11-04')).toBe(true);
    expect(infectiousFlagOn([], '2026-11-04')).toBe(false);
  });

  it('re-checks the days of the disease before and after a change', () => {
    const before = { startDate: '2026-11-10', endDate: '2026-11-15', cancel: false };
    expect(infectiousWindow(before, { startDate: '2026-11-12', endDate: '2026-11-20', cancel: false })).toEqual({ from: '2026-11-10', to: '2026-11-20' });
    expect(infectiousWindow(null, before)).toEqual({ from: '2026-11-10', to: '2026-11-15' });
  });

  it("words the spec's refusal for an unsaved contact", () => {
    expect(CARE_MSG.SAVE_CONTACT_FIRST).toBe('You must save the contact first');
  });
});
