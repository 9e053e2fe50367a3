import { ADVANCE_NOTICE_REASON, DISPATCH_HOTLINE, WAIT_TIME_AUTO_APPROVE_MIN } from './constants.ts';
import { TRIP_MSG } from './messages.ts';
import type { TripLeg } from './model.ts';
import { canCancelLeg, hasDriver, hasOccurred, isReadOnly, legCancelled, type TripForRules } from './rules.ts';
import { dateInZone, timeInZone } from '../time/zone.ts';

/**
 * Why the partner's record of a trip (stats, adjustments, driver) cannot change: a Final trip says
 * so (spec 1 §4 "Finalized, and read-only"), any other read-only or declined trip is not editable.
 */
export function partnerEditRefusal(da: TripForRules): string | null {
  if (da.partnerPayStatus === 'Final') return TRIP_MSG.FINALIZED_READ_ONLY;
  if (da.declined || isReadOnly(da)) return TRIP_MSG.NOT_EDITABLE;
  return null;
}

/** Stats are actual times: they can be entered once the trip has taken place (spec 2 §5). */
export function statsRefusal(da: TripForRules, leg: Pick<TripLeg, 'status' | 'cancelNc'>, now: Date): string | null {
  const refusal = partnerEditRefusal(da);
  if (refusal) return refusal;
  if (!hasOccurred(da, now)) return TRIP_MSG.STATS_NOT_YET;
  // spec 2 §5: cancelled (no-charge) legs are left out of stats
  if (leg.cancelNc || leg.status === 'CanceledNoCharge') return TRIP_MSG.STATS_LEG_NOT_NEEDED;
  return null;
}

export type WaitTimeDecision =
  | { status: 'Approved' | 'Denied' | 'Pending'; message: string }
  | { refused: string };

/**
 * Extra wait time (docs/decisions.md "Partner pay"): Denied on a Final trip, a dry run or a
 * cancelled trip; Approved without review while the trip's total request (earlier approved and
 * pending minutes included) stays within 30 minutes; Pending for the operator above that.
 */
export function waitTimeDecision(da: TripForRules, minutes: number, earlierMinutes: number, now: Date): WaitTimeDecision {
  if (da.partnerPayStatus === 'Final') return { status: 'Denied', message: TRIP_MSG.WAIT_DENIED_FINAL };
  if (da.dryRun) return { status: 'Denied', message: TRIP_MSG.WAIT_DENIED_DRY_RUN };
  if (da.canceled || da.cancelledWithCharge || da.cancelledWithoutCharge) {
    return { status: 'Denied', message: TRIP_MSG.WAIT_DENIED_CANCELLED };
  }
  const refusal = partnerEditRefusal(da);
  if (refusal) return { refused: refusal };
  if (!hasOccurred(da, now)) return { refused: TRIP_MSG.WAIT_NOT_YET };
  if (earlierMinutes + minutes <= WAIT_TIME_AUTO_APPROVE_MIN) return { status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(minutes) };
  return { status: 'Pending', message: TRIP_MSG.PENDING_CALL_DISPATCH };
}

/**
 * How long after its approval a wait-time request still counts as "just approved": the same
 * request sent again within this time is the same wait sent twice (docs/decisions.md "Partner pay").
 */
export const WAIT_TIME_REPEAT_WINDOW_MIN = 60;

/** The error code of the 409 for a repeated request, so a screen tells it from a stale modCount. */
export const WAIT_REPEAT_ERROR = 'repeated_request';

export const WAIT_REPEAT_MSG = {
  pending: (minutes: number) =>
    `A request for ${minutes} minutes of extra wait time on this trip is already waiting for the operator's review. It was not sent again.`,
  approved: (minutes: number) =>
    `${minutes} minutes of extra wait time were just approved for this trip. It was not sent again: if the driver waited a second time, call dispatch at ${DISPATCH_HOTLINE}.`,
} as const;

/** An earlier wait-time request of the trip: its minutes, status and when it was decided (or made). */
export interface EarlierWaitRequest {
  minutes: number;
  status: string;
  /** When it was approved: the operator's review, or its creation for one approved at once. */
  decidedAt: Date;
}

/**
 * The same wait sent twice (docs/decisions.md "Partner pay"): a request for as many minutes as an
 * earlier one of the same trip that is still Pending, or that was Approved within the last
 * WAIT_TIME_REPEAT_WINDOW_MIN minutes (a time after now counts as just now). Answers that twin and
 * the text to refuse with, or null. Denied requests never count; other minutes are another wait.
 */
export function repeatedWaitTime<R extends EarlierWaitRequest>(earlier: readonly R[], minutes: number, now: Date): { twin: R; message: string } | null {
  const since = now.getTime() - WAIT_TIME_REPEAT_WINDOW_MIN * 60_000;
  const same = earlier.filter((r) => r.minutes === minutes);
  const pending = same.find((r) => r.status === 'Pending');
  if (pending) return { twin: pending, message: WAIT_REPEAT_MSG.pending(minutes) };
  const approved = same.find((r) => r.status === 'Approved' && r.decidedAt.getTime() >= since);
  return approved ? { twin: approved, message: WAIT_REPEAT_MSG.approved(minutes) } : null;
}

/** A miscellaneous expense (spec 1 §5) can be added while the partner may still change the trip. */
export const expenseRefusal = (da: TripForRules): string | null => partnerEditRefusal(da);

export interface CancelReasonRule {
  label: string;
  requireStats: boolean;
  staffOnly: boolean;
}

/**
 * spec 2 §6: non-employees get the reasons not kept for staff, and before a trip takes place only
 * Advance Notice.
 */
export function cancelReasonsFor<R extends CancelReasonRule>(reasons: readonly R[], who: { staff: boolean; past: boolean }): R[] {
  if (who.staff) return [...reasons];
  const open = reasons.filter((r) => !r.staffOnly);
  return who.past ? open : open.filter((r) => r.label === ADVANCE_NOTICE_REASON);
}

/** Texts of cancelling legs (spec 2 §5, §8); the ones the spec does not word are ours. */
export const CANCEL_MSG = {
  NOTES_REQUIRED: 'Please enter additional notes for this cancel reason',
  /** spec 2 §8: staff cancelling a leg again; the new reason replaces the old one. */
  ALREADY_CANCELED: 'This trip is already canceled!',
  /** spec 2 §5 (rule 93). */
  UNSAVED: 'An unsaved reservation cannot be cancelled: save it first.',
  NOT_A_CANDIDATE: 'Only a leg with no actual pickup and a pickup from 1 hour ago on can be cancelled.',
  PLATE_REQUIRED: 'Enter the state and number of the licence plate of the vehicle sent',
  STATS_PAIR: 'Enter both the arrival and the departure time',
  DEPARTED_BEFORE_ARRIVED: 'The departure cannot be before the arrival',
  CHARGE_STAFF_ONLY: 'Only operator staff may choose whether a cancel is charged.',
  LEGS_REQUIRED: 'Choose the legs to cancel',
} as const;

/** spec 2 §5: staff may cancel a leg whose pickup is at most this long ago. */
export const CANCEL_WINDOW_MIN = 60;

type CancelLeg = TripForRules['tripLegs'][number];
type CancelTrip = TripForRules & { county?: string | null };

/**
 * spec 2 §5 (rule 111): a cancel candidate has no actual pickup and its ordered pickup is 1 hour
 * ago or later, in the trip's time zone (a leg without a pickup time counts as the whole day).
 * Assigned or not: this is the staff's rule, not the partner's (spec 1 §4, canCancelLeg).
 */
export function isCancelCandidate(da: Pick<TripForRules, 'serviceDate' | 'timeZone'>, leg: Pick<CancelLeg, 'locFirstTimeOrd' | 'locFirstTimeAct'>, now: Date): boolean {
  if (leg.locFirstTimeAct) return false;
  const since = new Date(now.getTime() - CANCEL_WINDOW_MIN * 60_000);
  const day = dateInZone(since, da.timeZone);
  if (da.serviceDate !== day) return da.serviceDate > day;
  return (leg.locFirstTimeOrd ?? '23:59:59') >= timeInZone(since, da.timeZone);
}

/** What a cancel request carries besides the reason (spec 2 §3 "Cancel action"). */
export interface CancelDetails {
  notes: string;
  arrived?: string | null;
  departed?: string | null;
  licensePlateState?: string | null;
  licensePlate?: string | null;
  /** Staff only: charge the cancel (true) or not (false) whatever the reason says. */
  withCharge?: boolean | null;
}

export type CancelReasonWithNotes = CancelReasonRule & { requireNotes?: boolean };

/** spec 2 §5: the licence plate is asked where the trip's county starts with IL. */
export const plateCounty = (county: string | null | undefined) => (county ?? '').trim().toUpperCase().startsWith('IL');

/**
 * Who cancels: staff (anything in the cancel window), the trip's partner from its row menu
 * (spec 1 §4: pay Open, accepted or a driver assigned), or another non-employee (a case manager),
 * who has the staff's window but the non-employees' reasons and proofs.
 */
export interface Canceller {
  staff: boolean;
  /** A partner's user: the 1 §4 condition applies. Defaults to "not staff". */
  partner?: boolean;
  now: Date;
}

function partnerLegRefusal(da: TripForRules, leg: CancelLeg): string | null {
  if (canCancelLeg(da, leg)) return null;
  if (da.partnerPayStatus === 'Final') return TRIP_MSG.FINALIZED_READ_ONLY;
  if (legCancelled(leg) || leg.cancelWc) return TRIP_MSG.LEG_ALREADY_CANCELLED;
  if (isReadOnly(da) || da.cancelledWithCharge || da.cancelledWithoutCharge) return TRIP_MSG.NOT_EDITABLE;
  if (da.partnerPayStatus !== 'Open') return TRIP_MSG.CANCEL_NOT_OPEN;
  if (!(da.accepted || hasDriver(da))) return TRIP_MSG.CANCEL_NOT_ASSIGNED;
  return TRIP_MSG.NOT_EDITABLE;
}

/**
 * Staff and case managers (spec 2 §5): any saved leg that is a cancel candidate, assigned or not,
 * except on a Final or locked trip. Staff may cancel a cancelled leg again (the reason is
 * replaced, with the warning cancelWarning gives); others may not.
 */
function candidateLegRefusal(da: TripForRules, leg: CancelLeg, staff: boolean, now: Date): string | null {
  if (da.partnerPayStatus === 'Final') return TRIP_MSG.FINALIZED_READ_ONLY;
  if (da.locked) return TRIP_MSG.NOT_EDITABLE;
  if (!staff && (legCancelled(leg) || leg.cancelWc)) return TRIP_MSG.LEG_ALREADY_CANCELLED;
  if (!isCancelCandidate(da, leg, now)) return CANCEL_MSG.NOT_A_CANDIDATE;
  return null;
}

/** Whether the leg may be cancelled by this caller at all (the reason aside): the legs a cancel dialog offers. */
export function mayCancelLeg(da: TripForRules, leg: CancelLeg, who: Canceller): boolean {
  const partner = who.partner ?? !who.staff;
  return (partner ? partnerLegRefusal(da, leg) : candidateLegRefusal(da, leg, who.staff, who.now)) === null;
}

/**
 * spec 1 §4, 2 §5, 2 §6: why a single leg cannot be cancelled with a reason, or null. The leg
 * rule is the partner's (canCancelLeg) for a partner and the cancel-candidate rule for everyone
 * else; the reason must be one the caller may use. With the request's details: notes unless the
 * reason does without; and from non-employees, for a reason that needs stats, the arrival and
 * departure (sent or already entered) and, in a county starting with IL, the licence plate.
 */
export function cancelLegRefusal(
  da: CancelTrip,
  leg: CancelLeg,
  reason: CancelReasonWithNotes | null,
  who: Canceller,
  details?: CancelDetails,
): string | null {
  const partner = who.partner ?? !who.staff;
  const legRefusal = partner ? partnerLegRefusal(da, leg) : candidateLegRefusal(da, leg, who.staff, who.now);
  if (legRefusal) return legRefusal;
  const past = hasOccurred(da, who.now);
  if (!reason || cancelReasonsFor([reason], { staff: who.staff, past: true }).length === 0) return TRIP_MSG.UNKNOWN_CANCEL_REASON;
  if (cancelReasonsFor([reason], { staff: who.staff, past }).length === 0) return TRIP_MSG.ADVANCE_NOTICE_ONLY;
  if (details && !who.staff && details.withCharge !== undefined && details.withCharge !== null) return CANCEL_MSG.CHARGE_STAFF_ONLY;
  if (details && (reason.requireNotes ?? true) && !details.notes.trim()) return CANCEL_MSG.NOTES_REQUIRED;
  if (!who.staff && reason.requireStats) {
    const arrived = details?.arrived ?? leg.locFirstTimeAct;
    const departed = details?.departed ?? leg.locFirstTimeDep;
    if (!(arrived && departed)) return TRIP_MSG.CANCEL_STATS_REQUIRED(reason.label);
    if (departed < arrived) return CANCEL_MSG.DEPARTED_BEFORE_ARRIVED;
    if (details && plateCounty(da.county) && !(details.licensePlateState?.trim() && details.licensePlate?.trim())) return CANCEL_MSG.PLATE_REQUIRED;
  }
  return null;
}

/** spec 2 §8: staff cancelling a leg that is already cancelled are warned, and the reason is replaced. */
export function cancelWarning(leg: Pick<CancelLeg, 'status' | 'cancelNc' | 'cancelWc'>): string | null {
  return legCancelled(leg) || leg.cancelWc ? CANCEL_MSG.ALREADY_CANCELED : null;
}

/** spec 2 §3: the charge follows the reason; staff may override it. */
export const cancelWithCharge = (reason: { withCharge: boolean }, override: boolean | null | undefined) => override ?? reason.withCharge;

/** A decline reason given by name or one of its aliases, in any letter case; the answer is the name. */
export function matchDeclineReason(reasons: readonly { name: string; aliases: readonly string[] }[], text: string): string | null {
  const wanted = text.trim().toLowerCase();
  const found = reasons.find((r) => r.name.toLowerCase() === wanted || r.aliases.some((a) => a.toLowerCase() === wanted));
  return found?.name ?? null;
}
