/**
 * The coverage check (spec 2 §5, §7; 3 §3, §4; DECISIONS 10; GLOSSARY "Coverage check"): is this
 * member covered on this date, for this service type and appointment type, within the plan's trip
 * limit and advance-notice rules? Pure: the server loads the rows, these decide.
 */
import { addDays } from '../time/date-input.ts';
import { dateInZone, OPERATOR_TIME_ZONE, timeInZone } from '../time/zone.ts';
import { SERVICE_TYPE_NAMES } from '../trips/constants.ts';
import { metersToMiles } from '../trips/rules.ts';
import { COVERAGE_INPUT_LABELS, COVERAGE_MSG } from './messages.ts';

/** spec 3 §4: the statuses a coverage is shown with. */
export const COVERAGE_STATUSES = ['Active', 'Pending', 'Expired', 'Termed'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

/** Share of the yearly trip limit from which the check warns (85 %). */
export const TRIP_LIMIT_WARN_SHARE = 0.85;
/** spec 2 §9: distances over 150 km are shown as danger; the check says so too. */
export const LONG_TRIP_METERS = 150_000;
/** spec 3 §9: a plan without dates runs from 1970-01-01 to 9999-12-31. */
export const PLAN_DATE_BEGIN_DEFAULT = '1970-01-01';
export const PLAN_DATE_END_DEFAULT = '9999-12-31';
/** spec 3 §9: a new plan includes service types 01, 03 and 05. */
export const PLAN_SERVICE_TYPES_DEFAULT = ['01', '03', '05'] as const;

/** What the check reads of a plan (spec 3 §3 "Member plan"). */
export interface PlanTerms {
  name: string;
  dateBegin: string;
  dateEnd: string;
  gracePeriodDays: number;
  tripLimitCount: number | null;
  advanceNoticeDaysMin: number | null;
  advanceNoticeDaysMax: number | null;
  advanceNoticeHoursMin: number | null;
  preventOverrides: boolean;
  includedServiceTypes: readonly string[];
  deleted: boolean;
}

/** What the check reads of a member's coverage. */
export interface CoverageTerms {
  memberId: string;
  /** As stored: Active, or Termed when the plan ended it. */
  status: 'Active' | 'Termed';
  dateBegin: string;
  dateEnd: string;
  /** The member's own yearly limit, replacing the plan's. */
  tripLimitCount: number | null;
}

/**
 * spec 3 §4 coverage status on a day: Termed when the plan ended it and the day is past its end;
 * Pending before the later of the coverage's and plan's begin; Expired after the earlier end plus
 * the plan's grace days; otherwise Active.
 */
export function coverageStatusOn(coverage: CoverageTerms, plan: Pick<PlanTerms, 'dateBegin' | 'dateEnd' | 'gracePeriodDays'> | null, day: string): CoverageStatus {
  const { begin, end } = coverageWindow(coverage, plan);
  if (day < begin) return 'Pending';
  if (coverage.status === 'Termed' && day > end) return 'Termed';
  const grace = plan?.gracePeriodDays ?? 0;
  const lastDay = end >= PLAN_DATE_END_DEFAULT ? end : addDays(end, grace);
  if (day > lastDay) return coverage.status === 'Termed' ? 'Termed' : 'Expired';
  return 'Active';
}

/** The days a coverage runs: the overlap of its own dates and its plan's. */
export function coverageWindow(coverage: Pick<CoverageTerms, 'dateBegin' | 'dateEnd'>, plan: Pick<PlanTerms, 'dateBegin' | 'dateEnd'> | null): { begin: string; end: string } {
  const begin = plan && plan.dateBegin > coverage.dateBegin ? plan.dateBegin : coverage.dateBegin;
  const end = plan && plan.dateEnd < coverage.dateEnd ? plan.dateEnd : coverage.dateEnd;
  return { begin, end };
}

/** The refusal of a coverage status other than Active, or null. */
export function coverageStatusError(status: CoverageStatus, coverage: CoverageTerms, plan: Pick<PlanTerms, 'dateBegin' | 'dateEnd'> | null): string | null {
  const { begin, end } = coverageWindow(coverage, plan);
  if (status === 'Pending') return COVERAGE_MSG.PENDING(begin);
  if (status === 'Expired') return COVERAGE_MSG.EXPIRED(end);
  if (status === 'Termed') return COVERAGE_MSG.TERMED(end);
  return null;
}

/** The yearly limit that applies: the member's own, else the plan's; null is no limit. */
export const tripLimitOf = (coverage: Pick<CoverageTerms, 'tripLimitCount'>, plan: Pick<PlanTerms, 'tripLimitCount'> | null): number | null =>
  coverage.tripLimitCount ?? plan?.tripLimitCount ?? null;

export type TripLimitState = 'none' | 'ok' | 'near' | 'reached';

/** Trips used this year against the limit: reached at the limit, near from 85 % of it. */
export function tripLimitState(used: number, limit: number | null): TripLimitState {
  if (limit === null) return 'none';
  if (used >= limit) return 'reached';
  return used >= limit * TRIP_LIMIT_WARN_SHARE ? 'near' : 'ok';
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Advance notice (spec 3 §3 advanceTravelNotice*): from the booking (the trip's created time or its
 * override) to the service day and time, read on the operator's wall clock. Exactly the minimum is
 * enough; the maximum counts calendar days.
 */
export function advanceNoticeError(
  plan: Pick<PlanTerms, 'advanceNoticeDaysMin' | 'advanceNoticeDaysMax' | 'advanceNoticeHoursMin'>,
  created: Date,
  serviceDate: string,
  serviceTime: string | null,
): string | null {
  const bookedDay = dateInZone(created, OPERATOR_TIME_ZONE);
  const days = daysBetween(bookedDay, serviceDate);
  if (plan.advanceNoticeHoursMin !== null) {
    const booked = Date.parse(`${bookedDay}T${timeInZone(created, OPERATOR_TIME_ZONE)}Z`);
    const service = Date.parse(`${serviceDate}T${(serviceTime ?? '00:00:00').padEnd(8, ':00')}Z`);
    if ((service - booked) / 3_600_000 < plan.advanceNoticeHoursMin) return COVERAGE_MSG.NOTICE_HOURS_MIN(plan.advanceNoticeHoursMin);
  }
  if (plan.advanceNoticeDaysMin !== null && days < plan.advanceNoticeDaysMin) return COVERAGE_MSG.NOTICE_DAYS_MIN(plan.advanceNoticeDaysMin);
  if (plan.advanceNoticeDaysMax !== null && days > plan.advanceNoticeDaysMax) return COVERAGE_MSG.NOTICE_DAYS_MAX(plan.advanceNoticeDaysMax);
  return null;
}

/** The appointment type as the check sees it: unknown, or the bill-tos it is limited to (empty: all). */
export type ApptTypeTerms = { known: false } | { known: true; billToIds: readonly string[] };

export interface CoverageFacts {
  coverage: CoverageTerms | null;
  plan: PlanTerms | null;
  billTo: { id: string; name: string } | null;
  /** The member id the request named, to say which one was not found. */
  requestedMemberId: string | null;
  serviceDate: string;
  serviceType: string;
  appointmentType: string;
  apptType: ApptTypeTerms;
  /** Trips of the member this calendar year on this coverage, not counting the trip being checked. */
  tripsYTD: number;
  created: Date;
  serviceTime: string | null;
  distanceMetersEstimated: number | null;
  authorizedBy: string | null;
}

export interface CoverageVerdict {
  status: CoverageStatus | null;
  error: string | null;
  /** The failure may be authorised (authorizedBy) because the plan does not prevent overrides. */
  overridable: boolean;
  /** Saving must stop: a failure not authorised, or one the plan allows no override for. */
  blocked: boolean;
  warnings: string[];
  tripLimit: number | null;
  tripLimitState: TripLimitState;
}

/** The first failed check, in the order a booking agent reads them; then the warnings. */
export function judgeCoverage(f: CoverageFacts): CoverageVerdict {
  const warnings: string[] = [];
  const limit = f.coverage ? tripLimitOf(f.coverage, f.plan) : null;
  const limitState = tripLimitState(f.tripsYTD, limit);
  const status = f.coverage ? coverageStatusOn(f.coverage, f.plan, f.serviceDate) : null;
  const error = firstFailure(f, status, limit, limitState);
  if (!error && limitState === 'near' && limit !== null) warnings.push(COVERAGE_MSG.TRIP_LIMIT_NEAR(f.tripsYTD, limit));
  if (f.distanceMetersEstimated !== null && f.distanceMetersEstimated > LONG_TRIP_METERS) {
    warnings.push(COVERAGE_MSG.LONG_TRIP((metersToMiles(f.distanceMetersEstimated) ?? 0).toFixed(1)));
  }
  const overridable = error !== null && !(f.plan?.preventOverrides ?? false);
  const authorized = overridable && !!f.authorizedBy?.trim();
  if (error && authorized) warnings.push(COVERAGE_MSG.AUTHORIZED(f.authorizedBy!.trim()));
  return { status, error, overridable, blocked: error !== null && !authorized, warnings, tripLimit: limit, tripLimitState: limitState };
}

function firstFailure(f: CoverageFacts, status: CoverageStatus | null, limit: number | null, limitState: TripLimitState): string | null {
  if (!f.coverage) return f.requestedMemberId ? COVERAGE_MSG.NO_COVERAGE_FOR_MEMBER(f.requestedMemberId) : COVERAGE_MSG.NO_COVERAGE;
  if (f.plan?.deleted) return COVERAGE_MSG.PLAN_DELETED(f.plan.name);
  const statusError = status ? coverageStatusError(status, f.coverage, f.plan) : null;
  if (statusError) return statusError;
  if (f.plan && !f.plan.includedServiceTypes.includes(f.serviceType)) {
    return COVERAGE_MSG.SERVICE_NOT_INCLUDED(serviceTypeLabel(f.serviceType), f.plan.name);
  }
  if (!f.apptType.known) return COVERAGE_MSG.APPT_TYPE_UNKNOWN(f.appointmentType);
  if (f.billTo && f.apptType.billToIds.length > 0 && !f.apptType.billToIds.includes(f.billTo.id)) {
    return COVERAGE_MSG.APPT_TYPE_NOT_ALLOWED(f.appointmentType, f.billTo.name);
  }
  if (limitState === 'reached' && limit !== null) return COVERAGE_MSG.TRIP_LIMIT_REACHED(f.tripsYTD, limit);
  return f.plan ? advanceNoticeError(f.plan, f.created, f.serviceDate, f.serviceTime) : null;
}

/** '03 Wheelchair', or the bare code for one the catalogue does not name. */
export function serviceTypeLabel(code: string): string {
  const name = SERVICE_TYPE_NAMES[code];
  return name ? `${code} ${name}` : code;
}

/** The inputs a coverage check still needs (spec 2 §5), named as the panel says them; empty when ready. */
export function missingCoverageInputs(request: Partial<Record<keyof typeof COVERAGE_INPUT_LABELS, string | null | undefined>> | null): string[] {
  const keys = Object.keys(COVERAGE_INPUT_LABELS) as (keyof typeof COVERAGE_INPUT_LABELS)[];
  return keys.filter((k) => !request?.[k]?.trim()).map((k) => COVERAGE_INPUT_LABELS[k]);
}
