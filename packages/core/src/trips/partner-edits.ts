import { ADVANCE_NOTICE_REASON, WAIT_TIME_AUTO_APPROVE_MIN } from './constants.ts';
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
