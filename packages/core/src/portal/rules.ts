/**
 * Rules of the portal's trips (spec 2 §4 rule 185, 2 §5 rule 111, 2 §6 rule 67): the
 * label and group of a trip, the step of the trip page, the activity window, what the trip page
 * offers, and which legs a portal user's cancel takes.
 */
import { ADVANCE_NOTICE_REASON, PASSENGER_PHONE, WILL_CALL } from '../trips/constants.ts';
import type { DriveAssignment, TripLeg } from '../trips/model.ts';
import { legCancelled } from '../trips/rules.ts';
import { mayCancelLeg } from '../trips/partner-edits.ts';
import type { TripForRules } from '../trips/rules.ts';
import { addDays } from '../time/date-input.ts';
import { daysBetween } from '../coverage/rules.ts';
import { PORTAL_MSG } from './messages.ts';
import type { PortalAction, PortalEta, PortalLeg, PortalStep, PortalTripLabel } from './trip.ts';

type LabelLeg = Pick<TripLeg, 'status' | 'cancelNc' | 'locSecondTimeAct'>;
type LabelTrip = Pick<DriveAssignment, 'serviceDate' | 'canceled' | 'cancelledWithCharge' | 'cancelledWithoutCharge'> & { tripLegs: readonly LabelLeg[] };

/** A leg cancelled without charge (its status, or its no-charge mark). */
const legNoCharge = (l: Pick<TripLeg, 'status' | 'cancelNc'>) => l.status === 'CanceledNoCharge' || l.cancelNc;

/** A leg cancelled with or without charge (a portal leg carries no cancelNc: its status says it). */
const isCancelled = (l: { status: string; cancelNc?: boolean }) => legCancelled({ status: l.status, cancelNc: l.cancelNc ?? false });

/** Every leg is cancelled (a trip without legs is not). */
const allLegsCancelled = (legs: readonly { status: string; cancelNc?: boolean }[]) => legs.length > 0 && legs.every(isCancelled);

/**
 * rule 185: Canceled or CanceledNoCharge for a cancelled trip (without charge when the trip says so,
 * or when every leg was cancelled without charge), Completed when its day is before today or its
 * last leg has an actual drop-off time, otherwise Pending. `today` is the operator's day.
 */
export function portalTripLabel(trip: LabelTrip, today: string): PortalTripLabel {
  if (trip.cancelledWithoutCharge) return 'CanceledNoCharge';
  if (trip.canceled || trip.cancelledWithCharge) return 'Canceled';
  if (allLegsCancelled(trip.tripLegs)) return trip.tripLegs.every(legNoCharge) ? 'CanceledNoCharge' : 'Canceled';
  const last = trip.tripLegs.at(-1);
  if (trip.serviceDate < today || Boolean(last?.locSecondTimeAct)) return 'Completed';
  return 'Pending';
}

export type PortalGroup = 'today' | 'upcoming' | 'completed';

/** The home's group of a trip by its day: today's, upcoming (later days) or completed (earlier days). */
export function portalGroup(serviceDate: string, today: string): PortalGroup {
  if (serviceDate === today) return 'today';
  return serviceDate > today ? 'upcoming' : 'completed';
}

type GroupTrip = { serviceDate: string; referenceNumber: string; tripLegs: readonly { locFirstTimeOrd: string | null }[] };

/** The earliest ordered pickup of a trip, for ordering a day's trips (a trip without one last). */
const firstPickup = (t: GroupTrip) =>
  t.tripLegs
    .map((l) => l.locFirstTimeOrd)
    .filter((x): x is string => !!x)
    .sort()[0] ?? '99';
const byTime = (a: GroupTrip, b: GroupTrip) =>
  a.serviceDate.localeCompare(b.serviceDate) || firstPickup(a).localeCompare(firstPickup(b)) || a.referenceNumber.localeCompare(b.referenceNumber);

/** Rule 185: the three groups, today's and upcoming soonest first, completed most recent first. */
export function groupPortalTrips<T extends GroupTrip>(trips: readonly T[], today: string): { today: T[]; upcoming: T[]; completed: T[] } {
  const out = { today: [] as T[], upcoming: [] as T[], completed: [] as T[] };
  for (const t of [...trips].sort(byTime)) out[portalGroup(t.serviceDate, today)].push(t);
  out.completed.reverse();
  return out;
}

type StepLeg = Pick<TripLeg, 'status' | 'locFirstTimeAct' | 'locFirstTimeDep' | 'locSecondTimeAct'> & { cancelNc?: boolean };

const PICKED_UP_STATUSES = ['In Vehicle', 'Exiting'];

function legStep(leg: StepLeg, assigned: boolean): PortalStep {
  if (isCancelled(leg)) return 'Canceled';
  if (leg.locSecondTimeAct || leg.status === 'Rode') return 'Dropped off';
  if (leg.locFirstTimeDep || PICKED_UP_STATUSES.includes(leg.status)) return 'Picked up';
  if (leg.locFirstTimeAct || leg.status === 'Arrived') return 'Driver arrived';
  return assigned ? 'Driver assigned' : 'Requested';
}

/**
 * The trip page's step: that of the first leg still under way (not cancelled, not dropped off);
 * when none is, Dropped off if a leg was driven, else Canceled. `assigned`: a provider or driver
 * has the trip.
 */
export function portalStep(trip: { canceled: boolean; tripLegs: readonly StepLeg[] }, assigned: boolean): PortalStep {
  if (trip.canceled || allLegsCancelled(trip.tripLegs)) return 'Canceled';
  const steps = trip.tripLegs.map((l) => legStep(l, assigned));
  const current = steps.find((s) => s !== 'Canceled' && s !== 'Dropped off');
  if (current) return current;
  return steps.includes('Dropped off') ? 'Dropped off' : assigned ? 'Driver assigned' : 'Requested';
}

/** Activity window defaults: 30 days back, 60 ahead, at most 93 days. */
export const ACTIVITY_DAYS_BACK = 30;
export const ACTIVITY_DAYS_AHEAD = 60;
export const ACTIVITY_MAX_DAYS = 93;

/**
 * The window of GET case-manager-activity: both ends as given; serviceDate alone is that day;
 * serviceDateMax alone runs from 30 days back; neither is 30 days back to 60 ahead. A window
 * longer than 93 days, or one that ends before it starts, is refused.
 */
export function activityWindow(q: { serviceDate?: string; serviceDateMax?: string }, today: string): { from: string; to: string } | { error: string } {
  const from = q.serviceDate ?? addDays(today, -ACTIVITY_DAYS_BACK);
  const to = q.serviceDateMax ?? (q.serviceDate ? q.serviceDate : addDays(today, ACTIVITY_DAYS_AHEAD));
  if (to < from) return { error: PORTAL_MSG.WINDOW_REVERSED };
  if (daysBetween(from, to) > ACTIVITY_MAX_DAYS) return { error: PORTAL_MSG.WINDOW_TOO_LONG };
  return { from, to };
}

/** Where a portal user's cancel stands: the legs it takes, or why it is refused (with the number to call). */
export type PortalCancelDecision = { ok: true; legIds: string[]; reason: typeof ADVANCE_NOTICE_REASON } | { ok: false; message: string };

type CancelTrip = Omit<TripForRules, 'tripLegs'> & { tripLegs: (TripForRules['tripLegs'][number] & { id: string })[] };

const started = (l: StepLeg) => !isCancelled(l) && legStep(l, true) !== 'Driver assigned';

/**
 * rules 67 and 111 for a portal user: the legs that are cancel candidates (no actual pickup, pickup
 * from 1 hour ago on; the non-employee rule of core mayCancelLeg) are cancelled with reason Advance
 * Notice. None left: a cancelled trip, a started one, a locked or final one, or one whose pickup
 * has passed is refused in plain words naming the phone number.
 */
export function portalCancelDecision(trip: CancelTrip, now: Date): PortalCancelDecision {
  if (trip.canceled || trip.cancelledWithCharge || trip.cancelledWithoutCharge || allLegsCancelled(trip.tripLegs)) {
    return { ok: false, message: PORTAL_MSG.ALREADY_CANCELED };
  }
  if (trip.locked || trip.partnerPayStatus === 'Final') return { ok: false, message: PORTAL_MSG.LOCKED };
  const legIds = trip.tripLegs.filter((l) => !started(l) && mayCancelLeg(trip, l, { staff: false, partner: false, now })).map((l) => l.id);
  if (legIds.length > 0) return { ok: true, legIds, reason: ADVANCE_NOTICE_REASON };
  if (trip.tripLegs.some(started)) return { ok: false, message: PORTAL_MSG.STARTED };
  return { ok: false, message: PORTAL_MSG.TOO_LATE };
}

type EtaLeg = Pick<PortalLeg, 'id' | 'locFirstTimeOrd' | 'locSecondTimeOrd' | 'estimatedPickupTime' | 'estimatedDropoffTime' | 'status' | 'locFirstTimeAct' | 'locFirstTimeDep' | 'locSecondTimeAct'> & { cancelNc?: boolean };

/**
 * The ETA the trip page shows: for the first leg under way, its drop-off once the passenger is on
 * board, else its pickup; the estimate when there is one, else the ordered time (none for a will
 * call not yet called in). Null once every leg is done or cancelled.
 */
export function portalEta(legs: readonly EtaLeg[]): PortalEta | null {
  for (const l of legs) {
    const step = legStep(l, true);
    if (step === 'Canceled' || step === 'Dropped off') continue;
    const onBoard = step === 'Picked up';
    const estimate = onBoard ? l.estimatedDropoffTime : l.estimatedPickupTime;
    const ordered = onBoard ? l.locSecondTimeOrd : l.locFirstTimeOrd;
    if (estimate) return { legId: l.id, kind: onBoard ? 'dropoff' : 'pickup', time: estimate, estimated: true };
    if (ordered && ordered !== WILL_CALL) return { legId: l.id, kind: onBoard ? 'dropoff' : 'pickup', time: ordered, estimated: false };
    return null;
  }
  return null;
}

const yes: PortalAction = { allowed: true, reason: null };
const no = (reason: string): PortalAction => ({ allowed: false, reason });

/**
 * What the trip page offers: Cancel when a portal cancel would take a leg; Book return unless the
 * trip is a will call (rule 87), cancelled, or already has a ride back; Book again always.
 */
export function portalActions(trip: CancelTrip & { willCall: boolean }, now: Date): { cancel: PortalAction; bookReturn: PortalAction; bookAgain: PortalAction } {
  const decision = portalCancelDecision(trip, now);
  const cancelled = trip.canceled || trip.cancelledWithCharge || trip.cancelledWithoutCharge || allLegsCancelled(trip.tripLegs);
  let bookReturn = yes;
  if (trip.willCall || trip.tripLegs.some((l) => l.locFirstTimeOrd === WILL_CALL)) bookReturn = no(PORTAL_MSG.WILL_CALL_ACTION);
  else if (cancelled) bookReturn = no(PORTAL_MSG.RETURN_CANCELED);
  else if (trip.tripLegs.length > 1) bookReturn = no(PORTAL_MSG.RETURN_INCLUDED);
  return { cancel: decision.ok ? yes : no(decision.message), bookReturn, bookAgain: yes };
}

/** The number portal users call about a trip. */
export const PORTAL_PHONE = PASSENGER_PHONE;
