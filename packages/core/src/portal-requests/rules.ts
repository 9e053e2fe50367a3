import { hasRole, isStaff, type AccessSubject } from '../auth/roles.ts';
import { addDays } from '../time/date-input.ts';
import { SERVICE_TYPE_NAMES, WILL_CALL } from '../trips/constants.ts';
import { computePickup, estimatedDropoff, toMinutes } from '../reservations/times.ts';
import { reservationIssues, type Issue, type StopRef } from '../reservations/validate.ts';
import { applyWillCall } from '../reservations/will-call.ts';
import { PORTAL_REQUEST_MSG } from './messages.ts';

/** rule 190: the service types a portal user may request (Ambulatory, Wheelchair). */
export const PORTAL_SERVICE_CODES = ['01', '03'] as const;

/** rule 69: staff choose any passenger and any service type; ItinerisAdmin works the wizard as staff. */
export function requestsAsStaff(user: AccessSubject): boolean {
  return isStaff(user) || hasRole(user, 'ItinerisAdmin');
}

/** rule 69: who picks the passenger (case managers and staff); everyone else requests for themselves. */
export function choosesPassenger(user: AccessSubject): boolean {
  return requestsAsStaff(user) || hasRole(user, 'Case Manager');
}

/** rule 190: the service types offered, by code with their names; staff get the whole list. */
export function requestServiceTypes(user: AccessSubject): { code: string; name: string }[] {
  const codes = requestsAsStaff(user) ? Object.keys(SERVICE_TYPE_NAMES) : [...PORTAL_SERVICE_CODES];
  return codes.map((code) => ({ code, name: SERVICE_TYPE_NAMES[code] }));
}

/** A member plan's advance notice (spec 3 §3 advanceTravelNotice*); null fields set no limit. */
export interface NoticeLimits {
  advanceNoticeDaysMin: number | null;
  advanceNoticeDaysMax: number | null;
  advanceNoticeHoursMin: number | null;
}

export interface DateWindow {
  earliestDate: string;
  latestDate: string;
  noticeHoursMin: number | null;
}

/** The same day of the next month, or its last day when the next month is shorter (Jan 31 → Feb 28). */
export function oneMonthAfter(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const daysInNext = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const t = new Date(Date.UTC(y, m, Math.min(d, daysInNext)));
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

/**
 * rule 189: the dates a trip may be requested for: tomorrow to one month ahead, narrowed by the
 * plan's notice. Days min moves the first day on; hours min moves it to the day the notice runs out
 * (the pickup time itself is checked against it too); days max brings the last day in. `now` is
 * the operator's wall clock ('HH:MM[:SS]'). An empty window has its latest day before its earliest.
 */
export function requestDateWindow(today: string, now: string, plan: NoticeLimits | null): DateWindow {
  let earliest = addDays(today, 1);
  let latest = oneMonthAfter(today);
  const later = (a: string, b: string) => (a > b ? a : b);
  if (plan?.advanceNoticeDaysMin != null) earliest = later(earliest, addDays(today, plan.advanceNoticeDaysMin));
  if (plan?.advanceNoticeHoursMin != null) {
    earliest = later(earliest, addDays(today, Math.floor((toMinutes(now) + plan.advanceNoticeHoursMin * 60) / 1440)));
  }
  if (plan?.advanceNoticeDaysMax != null) {
    const max = addDays(today, plan.advanceNoticeDaysMax);
    if (max < latest) latest = max;
  }
  return { earliestDate: earliest, latestDate: latest, noticeHoursMin: plan?.advanceNoticeHoursMin ?? null };
}

/** 'Tuesday, March 4' for a YYYY-MM-DD date. */
export function requestDayInWords(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** What the request rules read of a trip request (spec 2 §3), as the form holds it or the server parsed it. */
export interface RequestFields {
  passenger: string | null;
  serviceTypeCode: string | null;
  serviceDate: string | null;
  pickupTime?: string | null;
  pickupTimeOverride?: boolean;
  dropoffTime?: string | null;
  apptTime?: string | null;
  willCall?: boolean;
  locationFirst: StopRef | null;
  locationSecond: StopRef | null;
  apptType: string | null;
}

/** The request as the single leg A of a reservation, will call applied (23:59:00 pickup and drop-off, no appointment). */
export function requestLeg(r: RequestFields, pickup: string | null = r.pickupTime ?? null) {
  const leg = {
    whichLeg: 'A',
    locFirstAction: 'PU',
    locSecondAction: 'DO',
    passengerId: r.passenger,
    locationFirst: r.locationFirst,
    locationSecond: r.locationSecond,
    locFirstTimeOrd: pickup,
    locSecondTimeOrd: r.dropoffTime ?? null,
    apptTime: r.apptTime ?? null,
    apptType: r.apptType,
    serviceCode: r.serviceTypeCode,
    pickupTimeOverride: !!r.pickupTimeOverride,
  };
  return applyWillCall([leg], !!r.willCall)[0];
}

/**
 * The pickup time the trip is booked with: 23:59:00 on will call; the typed time when the user
 * overrode it or gave no appointment; else worked out from the appointment and the drive (spec 2 §9).
 */
export function requestPickup(r: RequestFields, drivingSeconds: number | null): string | null {
  if (r.willCall) return WILL_CALL;
  if (r.pickupTime && (r.pickupTimeOverride || !r.apptTime)) return r.pickupTime;
  if (r.apptTime) return computePickup(r.apptTime, drivingSeconds, r.serviceTypeCode) ?? r.pickupTime ?? null;
  return r.pickupTime ?? null;
}

/** The estimated drop-off shown in the preview: from the pickup and the drive, else the typed one. */
export function requestDropoff(r: RequestFields, pickup: string | null, drivingSeconds: number | null): string | null {
  if (r.willCall) return null;
  return estimatedDropoff(pickup, drivingSeconds, r.serviceTypeCode) ?? r.dropoffTime ?? null;
}

/** The request's field a leg field of the reservation editor stands for. */
const LEG_FIELD: Record<string, string> = {
  passengerId: 'passenger',
  locFirstTimeOrd: 'pickupTime',
  locSecondTimeOrd: 'dropoffTime',
  apptTime: 'apptTime',
  locationFirst: 'locationFirst',
  locationSecond: 'locationSecond',
  locFirstAction: 'pickupTime',
};

/** An issue's path in the reservation editor ('tripLegs.0.locFirstTimeOrd.id') as the request names it ('pickupTime.id'). */
export function requestPathOf(path: string): string {
  const m = /^tripLegs\.\d+\.([A-Za-z]+)(\..*)?$/.exec(path);
  return m ? `${LEG_FIELD[m[1]] ?? m[1]}${m[2] ?? ''}` : path;
}

export interface RequestContext {
  window: DateWindow;
  /** The service type codes the user may request. */
  serviceCodes: readonly string[];
  /** The appointment type codes offered, when known. */
  apptTypes?: readonly string[];
  /** Today and the wall-clock time, for the hours of notice. */
  today: string;
  now: string;
  /** The drive between the stops when known (the server's), for 'too late for the appointment'. */
  drivingSeconds?: number | null;
}

/**
 * Why a trip request cannot be previewed (rule 188), each with the request field it belongs to:
 * the wizard shows them beside the fields, the server answers them as a 400. The reservation
 * editor's rules (stops, times, will call) apply to the request as one leg.
 */
export function tripRequestIssues(r: RequestFields, ctx: RequestContext): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (!r.passenger) add('passenger', PORTAL_REQUEST_MSG.PASSENGER_REQUIRED);
  if (!r.serviceTypeCode) add('serviceTypeCode', PORTAL_REQUEST_MSG.SERVICE_TYPE_REQUIRED);
  else if (!ctx.serviceCodes.includes(r.serviceTypeCode)) add('serviceTypeCode', PORTAL_REQUEST_MSG.SERVICE_TYPE_NOT_OFFERED);
  if (r.serviceDate) {
    if (r.serviceDate < ctx.window.earliestDate) add('serviceDate', PORTAL_REQUEST_MSG.DATE_TOO_EARLY(requestDayInWords(ctx.window.earliestDate)));
    else if (r.serviceDate > ctx.window.latestDate) add('serviceDate', PORTAL_REQUEST_MSG.DATE_TOO_LATE(requestDayInWords(ctx.window.latestDate)));
  } else add('serviceDate', PORTAL_REQUEST_MSG.DATE_REQUIRED);
  if (!r.apptType?.trim()) add('apptType', PORTAL_REQUEST_MSG.APPT_TYPE_REQUIRED);
  else if (ctx.apptTypes && !ctx.apptTypes.includes(r.apptType)) add('apptType', PORTAL_REQUEST_MSG.APPT_TYPE_UNKNOWN);
  const drivingSeconds = ctx.drivingSeconds ?? null;
  const pickup = requestPickup(r, drivingSeconds);
  const leg = requestLeg(r, pickup);
  for (const issue of reservationIssues({ willCall: !!r.willCall, tripLegs: [{ ...leg, drivingSeconds }] })) add(requestPathOf(issue.path), issue.message);
  if (!r.willCall && r.apptTime && !r.pickupTimeOverride && drivingSeconds !== null && !pickup) add('pickupTime', PORTAL_REQUEST_MSG.PICKUP_NOT_COMPUTED);
  const hours = ctx.window.noticeHoursMin;
  if (hours !== null && r.serviceDate && !r.willCall && pickup && pickup !== WILL_CALL) {
    const ahead = (Date.parse(`${r.serviceDate}T00:00:00Z`) - Date.parse(`${ctx.today}T00:00:00Z`)) / 60_000 + toMinutes(pickup) - toMinutes(ctx.now);
    if (ahead < hours * 60) add('pickupTime', PORTAL_REQUEST_MSG.NOTICE_HOURS(hours));
  }
  const a = r.locationFirst;
  const b = r.locationSecond;
  if (a?.id && b?.id && a.id === b.id) add('locationSecond', PORTAL_REQUEST_MSG.SAME_PLACES);
  return issues;
}
