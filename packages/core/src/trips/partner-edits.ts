import { ADVANCE_NOTICE_REASON, DISPATCH_HOTLINE, WAIT_TIME_AUTO_APPROVE_MIN } from './constants.ts';
import { TRIP_MSG } from './messages.ts';
import type { TripLeg } from './model.ts';
import { canCancelLeg, hasDriver, hasOccurred, isReadOnly, legCancelled, type TripForRules } from './rules.ts';

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

/**
 * spec 1 §4 and 2 §5, 2 §6: why a single leg cannot be cancelled with a reason, or null. The leg
 * rule is canCancelLeg; the reason must be one the caller may use, and a reason that needs stats
 * needs the arrival and departure times from a non-employee.
 */
export function cancelLegRefusal(
  da: TripForRules,
  leg: TripForRules['tripLegs'][number],
  reason: CancelReasonRule | null,
  who: { staff: boolean; now: Date },
): string | null {
  if (!canCancelLeg(da, leg)) {
    if (da.partnerPayStatus === 'Final') return TRIP_MSG.FINALIZED_READ_ONLY;
    if (legCancelled(leg) || leg.cancelWc) return TRIP_MSG.LEG_ALREADY_CANCELLED;
    if (isReadOnly(da) || da.cancelledWithCharge || da.cancelledWithoutCharge) return TRIP_MSG.NOT_EDITABLE;
    if (da.partnerPayStatus !== 'Open') return TRIP_MSG.CANCEL_NOT_OPEN;
    if (!(da.accepted || hasDriver(da))) return TRIP_MSG.CANCEL_NOT_ASSIGNED;
    return TRIP_MSG.NOT_EDITABLE;
  }
  const past = hasOccurred(da, who.now);
  if (!reason || cancelReasonsFor([reason], { staff: who.staff, past: true }).length === 0) return TRIP_MSG.UNKNOWN_CANCEL_REASON;
  if (cancelReasonsFor([reason], { staff: who.staff, past }).length === 0) return TRIP_MSG.ADVANCE_NOTICE_ONLY;
  if (!who.staff && reason.requireStats && !(leg.locFirstTimeAct && leg.locFirstTimeDep)) {
    return TRIP_MSG.CANCEL_STATS_REQUIRED(reason.label);
  }
  return null;
}

/** A decline reason given by name or one of its aliases, in any letter case; the answer is the name. */
export function matchDeclineReason(reasons: readonly { name: string; aliases: readonly string[] }[], text: string): string | null {
  const wanted = text.trim().toLowerCase();
  const found = reasons.find((r) => r.name.toLowerCase() === wanted || r.aliases.some((a) => a.toLowerCase() === wanted));
  return found?.name ?? null;
}
