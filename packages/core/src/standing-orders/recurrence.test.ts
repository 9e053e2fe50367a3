import { describe, expect, it } from 'vitest';
import { dayCount, isCalendarDate, sundayOf, weekdayOf } from './dates.ts';
import { DUP_MSG } from './messages.ts';
import { notesRefusal, isStretcher } from './notes.ts';
import {
  datesToFill,
  describeStandingOrder,
  duplicateDateProblems,
  duplicateDates,
  lastDuplicateDate,
  standingOrderDates,
  weeklyOn,
  type StandingRule,
} from './recurrence.ts';

const TODAY = '2026-11-22'; // a Sunday
const MWF = [1, 3, 5];

describe('dates', () => {
  it('knows real dates, weekdays and week starts', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('26-2-1')).toBe(false);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(sundayOf('2026-11-28')).toBe('2026-11-22');
    expect(dayCount('2026-11-22', '2027-11-22')).toBe(365);
  });
});

describe('duplicateDates (spec 2 §5, rule 107)', () => {
  const weekly = (over = {}) => ({ repeat: { kind: 'weekly' as const, every: 1, weekdays: MWF }, from: '2026-11-23', to: '2026-12-20', excluded: [], ...over });

  it('Mon/Wed/Fri for 4 weeks makes 12 dates', () => {
    const r = duplicateDates(weekly(), TODAY);
    expect('dates' in r && r.dates).toEqual([
      '2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02', '2026-12-04',
      '2026-12-07', '2026-12-09', '2026-12-11', '2026-12-14', '2026-12-16', '2026-12-18',
    ]);
  });
  it('frequency 0 is refused, 1 is the least', () => {
    expect(duplicateDates(weekly({ repeat: { kind: 'weekly', every: 0, weekdays: MWF } }), TODAY)).toEqual({ problems: [{ path: 'every', message: DUP_MSG.FREQUENCY }] });
    expect('dates' in duplicateDates({ ...weekly(), repeat: { kind: 'daily', every: 1 } }, TODAY)).toBe(true);
    expect(duplicateDates({ ...weekly(), repeat: { kind: 'daily', every: 0 } }, TODAY)).toEqual({ problems: [{ path: 'every', message: DUP_MSG.FREQUENCY }] });
  });
  it('every N weeks counts weeks from the first date', () => {
    const r = duplicateDates(weekly({ repeat: { kind: 'weekly', every: 2, weekdays: [1] }, to: '2026-12-31' }), TODAY);
    expect('dates' in r && r.dates).toEqual(['2026-11-23', '2026-12-07', '2026-12-21']);
    expect(weeklyOn('2026-11-30', '2026-11-23', 2, [1])).toBe(false);
    expect(weeklyOn('2026-11-16', '2026-11-23', 1, [1])).toBe(false);
  });
  it('daily every 3 days', () => {
    const r = duplicateDates({ repeat: { kind: 'daily', every: 3 }, from: '2026-11-23', to: '2026-12-01', excluded: [] }, TODAY);
    expect('dates' in r && r.dates).toEqual(['2026-11-23', '2026-11-26', '2026-11-29']);
  });
  it('drops excluded dates', () => {
    const r = duplicateDates(weekly({ to: '2026-11-29', excluded: ['2026-11-25', '2026-11-26'] }), TODAY);
    expect('dates' in r && r.dates).toEqual(['2026-11-23', '2026-11-27']);
  });
  it('needs from and to; to not before from', () => {
    expect(duplicateDates(weekly({ from: null, to: null }), TODAY)).toEqual({
      problems: [
        { path: 'from', message: DUP_MSG.FROM_REQUIRED },
        { path: 'to', message: DUP_MSG.TO_REQUIRED },
      ],
    });
    expect(duplicateDates(weekly({ from: '2026-12-01', to: '2026-11-30' }), TODAY)).toEqual({ problems: [{ path: 'to', message: DUP_MSG.TO_BEFORE_FROM }] });
  });
  it('reaches exactly 365 days ahead, not 366', () => {
    expect(lastDuplicateDate(TODAY)).toBe('2027-11-22');
    expect('dates' in duplicateDates({ ...weekly(), repeat: { kind: 'daily', every: 1 }, from: '2027-11-22', to: '2027-11-22' }, TODAY)).toBe(true);
    expect(duplicateDates({ ...weekly(), repeat: { kind: 'daily', every: 1 }, from: '2027-11-22', to: '2027-11-23' }, TODAY)).toEqual({ problems: [{ path: 'to', message: DUP_MSG.TOO_FAR }] });
  });
  it('refuses the past and settings that give no date', () => {
    expect(duplicateDates(weekly({ from: '2026-11-21' }), TODAY)).toEqual({ problems: [{ path: 'from', message: DUP_MSG.PAST }] });
    expect(duplicateDates(weekly({ from: '2026-11-24', to: '2026-11-24' }), TODAY)).toEqual({ problems: [{ path: 'to', message: DUP_MSG.NO_DATES }] });
    expect(duplicateDates(weekly({ repeat: { kind: 'weekly', every: 1, weekdays: [] } }), TODAY)).toEqual({ problems: [{ path: 'weekdays', message: DUP_MSG.WEEKDAYS }] });
  });
});

describe('duplicateDateProblems: what the server checks of the dates sent', () => {
  it('accepts today through 365 days ahead', () => expect(duplicateDateProblems([TODAY, '2027-11-22'], TODAY)).toEqual([]));
  it('names each impossible date by its place', () => {
    expect(duplicateDateProblems(['2026-11-23', '2027-11-23', '2026-02-30', '2026-11-21', '2026-11-23'], TODAY)).toEqual([
      { path: 'dates.1', message: DUP_MSG.TOO_FAR },
      { path: 'dates.2', message: '2026-02-30 is not a date (YYYY-MM-DD)' },
      { path: 'dates.3', message: DUP_MSG.PAST },
      { path: 'dates.4', message: DUP_MSG.DATE_TWICE },
    ]);
    expect(duplicateDateProblems([], TODAY)).toEqual([{ path: 'dates', message: DUP_MSG.DATES_REQUIRED }]);
  });
});

describe('standing orders', () => {
  const rule: StandingRule = { weekdays: [2, 4], everyWeeks: 1, startDate: '2026-11-24', endDate: null, suspensions: [] };

  it('falls on its weekdays from its start', () => {
    expect(standingOrderDates(rule, '2026-11-22', '2026-12-03')).toEqual(['2026-11-24', '2026-11-26', '2026-12-01', '2026-12-03']);
  });
  it('stops at its end date, both ends included', () => {
    expect(standingOrderDates({ ...rule, endDate: '2026-12-01' }, '2026-11-22', '2026-12-31')).toEqual(['2026-11-24', '2026-11-26', '2026-12-01']);
    expect(standingOrderDates({ ...rule, endDate: '2026-11-23' }, '2026-11-22', '2026-12-31')).toEqual([]);
  });
  it('leaves out suspended ranges (a hospital stay), both ends included', () => {
    const held = { ...rule, suspensions: [{ startDate: '2026-11-26', endDate: '2026-12-01' }] };
    expect(standingOrderDates(held, '2026-11-22', '2026-12-03')).toEqual(['2026-11-24', '2026-12-03']);
  });
  it('every 2 weeks from the start week', () => {
    expect(standingOrderDates({ ...rule, everyWeeks: 2 }, '2026-11-22', '2026-12-13')).toEqual(['2026-11-24', '2026-11-26', '2026-12-08', '2026-12-10']);
  });
  it('fills a 60-day horizon: today and day 60 in, day 61 out; what is made is not made again', () => {
    const daily = { ...rule, weekdays: [0, 1, 2, 3, 4, 5, 6], startDate: TODAY };
    const first = datesToFill(daily, TODAY, new Set());
    expect(first[0]).toBe(TODAY);
    expect(first.at(-1)).toBe('2027-01-21');
    expect(first).toHaveLength(61);
    expect(datesToFill(daily, TODAY, new Set(first))).toEqual([]);
    expect(datesToFill(daily, '2026-11-23', new Set(first))).toEqual(['2027-01-22']);
  });
  it('says how it repeats', () => {
    expect(describeStandingOrder({ weekdays: [5, 1, 3], everyWeeks: 1, startDate: '2026-12-01', endDate: '2026-12-31' })).toBe(
      'This trip repeats every Monday, Wednesday and Friday from Dec 1, 2026 until Dec 31, 2026.',
    );
    expect(describeStandingOrder({ weekdays: [2], everyWeeks: 2, startDate: '2026-12-01', endDate: null })).toBe(
      'This trip repeats every 2 weeks on Tuesday from Dec 1, 2026, with no end date.',
    );
  });
});

describe('notes (spec 2 §5, rule 106)', () => {
  it('needs a reference number', () => {
    expect(notesRefusal({ referenceNumber: null })).toEqual({
      title: 'Missing Reference Number',
      message: 'This DA must be saved before adding notes, because a reference number is required.',
    });
    expect(notesRefusal({ referenceNumber: '2000001' })).toBeNull();
  });
  it('offers the gurney checklist to Stretcher trips (05)', () => {
    expect(isStretcher({ serviceTypeRequested: '05' })).toBe(true);
    expect(isStretcher({ serviceTypeRequested: 'Stretcher' })).toBe(true);
    expect(isStretcher({ serviceTypeRequested: '01', serviceNumber: '03' })).toBe(false);
  });
});
