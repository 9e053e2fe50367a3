import { describe, expect, it } from 'vitest';
import { COVERAGE_MSG } from './messages.ts';
import {
  advanceNoticeError,
  coverageStatusOn,
  judgeCoverage,
  missingCoverageInputs,
  tripLimitState,
  type CoverageFacts,
  type CoverageTerms,
  type PlanTerms,
} from './rules.ts';

const plan: PlanTerms = {
  name: 'Mesa Verde Medicaid',
  dateBegin: '2026-01-01',
  dateEnd: '2026-12-31',
  gracePeriodDays: 0,
  tripLimitCount: 20,
  advanceNoticeDaysMin: null,
  advanceNoticeDaysMax: null,
  advanceNoticeHoursMin: null,
  preventOverrides: false,
  includedServiceTypes: ['01', '03', '05'],
  deleted: false,
};
const coverage: CoverageTerms = { memberId: 'NM1234567', status: 'Active', dateBegin: '1970-01-01', dateEnd: '9999-12-31', tripLimitCount: null };
// 2026-11-22 08:00 in Albuquerque (UTC-7)
const NOW = new Date('2026-11-22T15:00:00Z');

const facts = (over: Partial<CoverageFacts> = {}): CoverageFacts => ({
  coverage,
  plan,
  billTo: { id: 'bill-to-1', name: 'Mesa Verde Health Plan – NEMT Benefit' },
  requestedMemberId: null,
  serviceDate: '2026-11-24',
  serviceType: '01',
  appointmentType: 'Dialysis',
  apptType: { known: true, billToIds: [] },
  tripsYTD: 3,
  created: NOW,
  serviceTime: '09:00',
  distanceMetersEstimated: null,
  authorizedBy: null,
  ...over,
});

describe('coverageStatusOn (spec 3 §4: Expired, Termed, Pending, Active)', () => {
  it('is Pending the day before the plan begins and Active on its first day', () => {
    expect(coverageStatusOn(coverage, plan, '2025-12-31')).toBe('Pending');
    expect(coverageStatusOn(coverage, plan, '2026-01-01')).toBe('Active');
  });
  it('is Active on the last day and Expired the day after without grace', () => {
    expect(coverageStatusOn(coverage, plan, '2026-12-31')).toBe('Active');
    expect(coverageStatusOn(coverage, plan, '2027-01-01')).toBe('Expired');
  });
  it('stays Active through the grace days and expires the day after them', () => {
    const graced = { ...plan, gracePeriodDays: 5 };
    expect(coverageStatusOn(coverage, graced, '2027-01-05')).toBe('Active');
    expect(coverageStatusOn(coverage, graced, '2027-01-06')).toBe('Expired');
  });
  it("uses the coverage's own dates where they are narrower than the plan's", () => {
    const own = { ...coverage, dateBegin: '2026-03-01', dateEnd: '2026-06-30' };
    expect(coverageStatusOn(own, plan, '2026-02-28')).toBe('Pending');
    expect(coverageStatusOn(own, plan, '2026-06-30')).toBe('Active');
    expect(coverageStatusOn(own, plan, '2026-07-01')).toBe('Expired');
  });
  it('is Termed after the end of a coverage the plan ended, grace or not', () => {
    const termed = { ...coverage, status: 'Termed' as const, dateEnd: '2026-10-31' };
    expect(coverageStatusOn(termed, { ...plan, gracePeriodDays: 30 }, '2026-10-31')).toBe('Active');
    expect(coverageStatusOn(termed, { ...plan, gracePeriodDays: 30 }, '2026-11-01')).toBe('Termed');
  });
  it('without a plan reads the coverage dates alone', () => {
    expect(coverageStatusOn(coverage, null, '2100-01-01')).toBe('Active');
  });
});

describe('tripLimitState (a warning from 85 %)', () => {
  it('is ok below 85 %, near from 85 % and reached at the limit', () => {
    expect(tripLimitState(16, 20)).toBe('ok');
    expect(tripLimitState(17, 20)).toBe('near');
    expect(tripLimitState(19, 20)).toBe('near');
    expect(tripLimitState(20, 20)).toBe('reached');
    expect(tripLimitState(500, null)).toBe('none');
  });
});

describe('advanceNoticeError', () => {
  const none = { advanceNoticeDaysMin: null, advanceNoticeDaysMax: null, advanceNoticeHoursMin: null };
  it('accepts exactly the minimum hours and refuses a minute less', () => {
    const rule = { ...none, advanceNoticeHoursMin: 48 };
    // booked 2026-11-22 08:00 local; 48 hours later is 2026-11-24 08:00
    expect(advanceNoticeError(rule, NOW, '2026-11-24', '08:00:00')).toBeNull();
    expect(advanceNoticeError(rule, NOW, '2026-11-24', '07:59')).toBe(COVERAGE_MSG.NOTICE_HOURS_MIN(48));
  });
  it('counts calendar days for the minimum and maximum days', () => {
    expect(advanceNoticeError({ ...none, advanceNoticeDaysMin: 2 }, NOW, '2026-11-24', null)).toBeNull();
    expect(advanceNoticeError({ ...none, advanceNoticeDaysMin: 2 }, NOW, '2026-11-23', null)).toBe(COVERAGE_MSG.NOTICE_DAYS_MIN(2));
    expect(advanceNoticeError({ ...none, advanceNoticeDaysMax: 30 }, NOW, '2026-12-22', null)).toBeNull();
    expect(advanceNoticeError({ ...none, advanceNoticeDaysMax: 30 }, NOW, '2026-12-23', null)).toBe(COVERAGE_MSG.NOTICE_DAYS_MAX(30));
  });
  it("reads the booking on the operator's clock: 23:30 local is still that day", () => {
    const lateEvening = new Date('2026-11-23T06:30:00Z'); // 2026-11-22 23:30 in Albuquerque
    expect(advanceNoticeError({ ...none, advanceNoticeDaysMin: 2 }, lateEvening, '2026-11-24', null)).toBeNull();
  });
});

describe('judgeCoverage', () => {
  it('passes an active coverage with nothing to say', () => {
    expect(judgeCoverage(facts())).toMatchObject({ status: 'Active', error: null, overridable: false, blocked: false, warnings: [] });
  });
  it('refuses without coverage, naming the member id asked for', () => {
    expect(judgeCoverage(facts({ coverage: null })).error).toBe(COVERAGE_MSG.NO_COVERAGE);
    expect(judgeCoverage(facts({ coverage: null, requestedMemberId: 'X1' })).error).toBe(COVERAGE_MSG.NO_COVERAGE_FOR_MEMBER('X1'));
  });
  it('refuses a date outside the plan with its dates', () => {
    expect(judgeCoverage(facts({ serviceDate: '2027-01-01' })).error).toBe(COVERAGE_MSG.EXPIRED('2026-12-31'));
    expect(judgeCoverage(facts({ serviceDate: '2025-12-31' })).error).toBe(COVERAGE_MSG.PENDING('2026-01-01'));
  });
  it('refuses a service type the plan does not include', () => {
    expect(judgeCoverage(facts({ serviceType: '92' })).error).toBe(COVERAGE_MSG.SERVICE_NOT_INCLUDED('92 Basic Life Support', plan.name));
  });
  it('refuses an unknown appointment type and one limited to other bill-tos', () => {
    expect(judgeCoverage(facts({ apptType: { known: false } })).error).toBe(COVERAGE_MSG.APPT_TYPE_UNKNOWN('Dialysis'));
    expect(judgeCoverage(facts({ apptType: { known: true, billToIds: ['other'] } })).error).toBe(
      COVERAGE_MSG.APPT_TYPE_NOT_ALLOWED('Dialysis', 'Mesa Verde Health Plan – NEMT Benefit'),
    );
    expect(judgeCoverage(facts({ apptType: { known: true, billToIds: ['other', 'bill-to-1'] } })).error).toBeNull();
  });
  it('warns from 85 % of the trip limit and refuses at it; the member limit replaces the plan one', () => {
    expect(judgeCoverage(facts({ tripsYTD: 16 })).warnings).toEqual([]);
    expect(judgeCoverage(facts({ tripsYTD: 17 })).warnings).toEqual([COVERAGE_MSG.TRIP_LIMIT_NEAR(17, 20)]);
    expect(judgeCoverage(facts({ tripsYTD: 20 })).error).toBe(COVERAGE_MSG.TRIP_LIMIT_REACHED(20, 20));
    expect(judgeCoverage(facts({ tripsYTD: 20, coverage: { ...coverage, tripLimitCount: 40 } })).error).toBeNull();
  });
  it('blocks a failure unless authorised, and only where the plan allows overrides', () => {
    const failed = facts({ serviceType: '92' });
    expect(judgeCoverage(failed)).toMatchObject({ overridable: true, blocked: true });
    expect(judgeCoverage({ ...failed, authorizedBy: '  ' })).toMatchObject({ blocked: true });
    const authorized = judgeCoverage({ ...failed, authorizedBy: 'Dr. Lujan' });
    expect(authorized).toMatchObject({ overridable: true, blocked: false });
    expect(authorized.warnings).toContain(COVERAGE_MSG.AUTHORIZED('Dr. Lujan'));
    const strict = { ...failed, plan: { ...plan, preventOverrides: true }, authorizedBy: 'Dr. Lujan' };
    expect(judgeCoverage(strict)).toMatchObject({ overridable: false, blocked: true });
  });
  it('checks advance notice from created', () => {
    const rule = { ...plan, advanceNoticeHoursMin: 48 };
    expect(judgeCoverage(facts({ plan: rule, serviceTime: '08:00' })).error).toBeNull();
    expect(judgeCoverage(facts({ plan: rule, serviceTime: '07:59' })).error).toBe(COVERAGE_MSG.NOTICE_HOURS_MIN(48));
  });
  it('warns about a trip over 150 km', () => {
    expect(judgeCoverage(facts({ distanceMetersEstimated: 150_000 })).warnings).toEqual([]);
    expect(judgeCoverage(facts({ distanceMetersEstimated: 160_934 })).warnings).toEqual([COVERAGE_MSG.LONG_TRIP('100.0')]);
  });
});

describe('missingCoverageInputs (spec 2 §5)', () => {
  it('names each missing input; blanks count as missing', () => {
    expect(missingCoverageInputs(null)).toEqual(['passenger', 'service date', 'service number', 'appointment type']);
    expect(missingCoverageInputs({ passengerId: 'p', serviceDate: '2026-11-24', serviceType: ' ', appointmentType: 'Dialysis' })).toEqual([
      'service number',
    ]);
  });
});
