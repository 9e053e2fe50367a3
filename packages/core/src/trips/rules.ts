import { HIGH_PRIORITY_MIN, METERS_TO_MILES, NO_SERVICE_DATE_FROM } from '../shell/constants.ts';
import { dateInZone, timeInZone } from '../time/zone.ts';
import { SMS_MIN_DIGITS, SMS_PHONE_TYPES, STATS_CUTOFF_DATE, WILL_CALL } from './constants.ts';
import { TRIP_MSG } from './messages.ts';
import type { DriveAssignment, Phone, TripLeg } from './model.ts';

type Trip = Pick<
  DriveAssignment,
  | 'serviceDate'
  | 'timeZone'
  | 'accepted'
  | 'declined'
  | 'canceled'
  | 'cancelledWithCharge'
  | 'cancelledWithoutCharge'
  | 'dryRun'
  | 'locked'
  | 'partnerPayStatus'
  | 'driverEmpNumberAssigned'
  | 'driverId'
  | 'willCall'
  | 'outstandingAdjustments'
  | 'cancelReasonRequiresStats'
  | 'cancelledReason'
> & { tripLegs: Pick<TripLeg, 'locFirstTimeOrd' | 'locFirstTimeAct' | 'locFirstTimeDep' | 'locSecondTimeAct' | 'callInTime' | 'status' | 'cancelNc' | 'cancelWc' | 'serviceCode'>[] };

/** The trip fields the partner workflow rules read. */
export type TripForRules = Trip;

/** spec 1 §4: locked, canceled, out of the found set, dry run, or pay status neither Open nor Pending. */
export function isReadOnly(da: Trip, inFoundSet = true): boolean {
  return (
    da.locked || da.canceled || !inFoundSet || da.dryRun || (da.partnerPayStatus !== 'Open' && da.partnerPayStatus !== 'Pending')
  );
}

export const hasDriver = (da: Trip) => Boolean(da.driverId || da.driverEmpNumberAssigned);

const isWillCallTime = (t: string | null | undefined) => t === WILL_CALL;

/** The first ordered pickup that is a real time (not will call). */
function firstPickup(da: Trip): string | null {
  const times = da.tripLegs.map((l) => l.locFirstTimeOrd).filter((t): t is string => !!t && !isWillCallTime(t));
  return times.sort()[0] ?? null;
}

/**
 * Whether a trip has already occurred, judged in its division's time zone: any earlier day, or
 * today once its first ordered pickup time has passed.
 */
export function hasOccurred(da: Trip, now: Date): boolean {
  const today = dateInZone(now, da.timeZone);
  if (da.serviceDate !== today) return da.serviceDate < today;
  const pickup = firstPickup(da);
  return pickup !== null && pickup <= timeInZone(now, da.timeZone);
}

export type Refusal = { message: string; kind: 'error' | 'warning' } | null;

/** spec 1 §5: accept. Past trips only in developer mode (then the caller shows ALREADY_OCCURRED as a warning). */
export function acceptRefusal(da: Trip, now: Date, developerMode = false): Refusal {
  if (da.accepted) return { message: TRIP_MSG.ALREADY_ACCEPTED, kind: 'error' };
  if (da.declined || isReadOnly(da)) return { message: TRIP_MSG.NOT_EDITABLE, kind: 'error' };
  if (!developerMode && hasOccurred(da, now)) return { message: TRIP_MSG.ALREADY_OCCURRED, kind: 'warning' };
  return null;
}

/** spec 1 §5: accept all skips read-only, accepted and past trips and reports how many were past. */
export function acceptAllSelection<T extends Trip>(trips: readonly T[], now: Date): { eligible: T[]; past: number; skipped: number } {
  const eligible: T[] = [];
  let past = 0;
  let skipped = 0;
  for (const da of trips) {
    if (da.accepted || da.declined || isReadOnly(da)) skipped++;
    else if (hasOccurred(da, now)) past++;
    else eligible.push(da);
  }
  return { eligible, past, skipped };
}

/** spec 1 §4, §5: decline. */
export function declineRefusal(da: Trip, now: Date, developerMode = false): Refusal {
  if (da.declined) return { message: TRIP_MSG.ALREADY_DECLINED, kind: 'warning' };
  if (da.accepted || hasDriver(da)) return { message: TRIP_MSG.CALL_DISPATCH_TO_DECLINE, kind: 'error' };
  if (isReadOnly(da)) return { message: TRIP_MSG.NOT_EDITABLE, kind: 'error' };
  if (!developerMode && hasOccurred(da, now)) return { message: TRIP_MSG.ALREADY_OCCURRED, kind: 'warning' };
  return null;
}

/** A leg cancelled with or without charge. */
export const legCancelled = (l: Pick<TripLeg, 'status' | 'cancelNc'>) => l.status === 'Canceled' || l.status === 'CanceledNoCharge' || l.cancelNc;

/** Every leg that was driven has arrival, departure and drop-off times (non-transport legs excepted). */
export function statsComplete(da: Trip): boolean {
  return da.tripLegs
    .filter((l) => !legCancelled(l) && l.serviceCode !== '06')
    .every((l) => !!l.locFirstTimeAct && !!l.locFirstTimeDep && !!l.locSecondTimeAct);
}

/**
 * spec 1 §4: stats are required unless the trip is a dry run, has a cancel reason that does not
 * require them, or its service date is before 2017-07-01.
 */
export function statsRequired(da: Trip): boolean {
  return da.serviceDate >= STATS_CUTOFF_DATE && !da.dryRun && !(da.cancelledReason && da.cancelReasonRequiresStats === false);
}

/**
 * spec 1 §4: why a trip cannot be finalised (rate accept), or null when it can. Checked in the
 * order the spec lists them; the first reason is the one shown.
 */
export function finaliseBlockedReason(da: Trip, now: Date): string | null {
  const status = da.partnerPayStatus as string;
  if (!['Open', 'Pending', 'Final'].includes(status)) return TRIP_MSG.FINALISE.unknownStatus(status);
  if (!da.accepted) return TRIP_MSG.FINALISE.notAccepted;
  if (status === 'Final') return TRIP_MSG.FINALISE.alreadyFinal;
  if (!hasOccurred(da, now)) return TRIP_MSG.FINALISE.notOccurred;
  // an operator lock holds the trip for review: nothing changes, pay included
  if (da.locked) return TRIP_MSG.NOT_EDITABLE;
  if (status === 'Open' && da.outstandingAdjustments > 0) return TRIP_MSG.FINALISE.adjustments;
  if (statsRequired(da) && !statsComplete(da)) return TRIP_MSG.FINALISE.statsMissing;
  if (da.willCall && da.tripLegs.some((l) => isWillCallTime(l.locFirstTimeOrd) && !l.callInTime)) {
    return TRIP_MSG.FINALISE.willCallNoTime;
  }
  return null;
}

/** spec 1 §4: cancelling a single leg. */
export function canCancelLeg(da: Trip, leg: Trip['tripLegs'][number]): boolean {
  return (
    da.partnerPayStatus === 'Open' &&
    !isReadOnly(da) &&
    (da.accepted || hasDriver(da)) &&
    !legCancelled(leg) &&
    !leg.cancelWc &&
    !da.dryRun &&
    !da.cancelledWithoutCharge &&
    !da.cancelledWithCharge
  );
}

export type DisplayStatus = 'final' | 'dryRun' | 'declined' | 'pending' | 'accepted' | 'none';

/** spec 1 §2: the status shown on each row. */
export function displayStatus(da: Pick<DriveAssignment, 'partnerPayStatus' | 'dryRun' | 'declined' | 'accepted'>): DisplayStatus {
  if (da.partnerPayStatus === 'Final') return 'final';
  if (da.dryRun) return 'dryRun';
  if (da.declined) return 'declined';
  if (da.partnerPayStatus === 'Pending') return 'pending';
  if (da.accepted) return 'accepted';
  return 'none';
}

/** DECISIONS 12: meters to miles, rounded to 0.1 mile for display. */
export function metersToMiles(meters: number | null | undefined): number | null {
  if (meters === null || meters === undefined) return null;
  return Math.round(meters * METERS_TO_MILES * 10) / 10;
}

/** spec 1 §2: service dates at or after 2078-12-31 display as 'n/a'. */
export function displayServiceDate(date: string): string {
  return date >= NO_SERVICE_DATE_FROM ? 'n/a' : date;
}

export const isHighPriority = (da: Pick<DriveAssignment, 'schedulePriority'>) => da.schedulePriority >= HIGH_PRIORITY_MIN;

/**
 * spec 1 §2: the Home search box. A '!' anywhere in it keeps only high-priority trips (priority 3
 * or higher, spec 1 §9); the rest of the text, with the '!' taken out, matches the reference
 * number, passenger, addresses, driver and service type as usual.
 */
export function filterTrips<T extends DriveAssignment>(trips: readonly T[], search: string): T[] {
  const raw = search.trim().toLowerCase();
  const highOnly = raw.includes('!');
  const q = raw.replaceAll('!', '').trim();
  if (!highOnly && !q) return [...trips];
  return trips.filter((da) => {
    if (highOnly && !isHighPriority(da)) return false;
    if (!q) return true;
    const hay = [
      da.referenceNumber,
      da.driverName,
      da.serviceTypeRequested,
      ...da.tripLegs.flatMap((l) => [l.passenger?.name, l.passName, l.locationFirst.Address, l.locationSecond.Address]),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return hay.includes(q);
  });
}

/** spec 1 §5: an SMS needs a phone of at least 10 digits that is SMS-enabled or a Main, Cell or Mobile line. */
export function eligibleSmsPhone(phones: readonly Phone[]): Phone | null {
  return (
    phones.find(
      (p) => p.phoneNumberWithAreaCode.replace(/\D/g, '').length >= SMS_MIN_DIGITS && (p.smsEnabled || (SMS_PHONE_TYPES as readonly string[]).includes(p.type)),
    ) ?? null
  );
}

/** spec 1 §5: wait time in hours and minutes, digits only, sent as total minutes; zero is no request. */
export function waitTimeMinutes(hours: string, minutes: string): { minutes: number } | { error: string } {
  if (!/^\d*$/.test(hours.trim()) || !/^\d*$/.test(minutes.trim())) return { error: TRIP_MSG.DIGITS_ONLY };
  const total = Number(hours.trim() || 0) * 60 + Number(minutes.trim() || 0);
  if (total <= 0) return { error: TRIP_MSG.WAIT_TIME_NEEDED };
  return { minutes: total };
}
