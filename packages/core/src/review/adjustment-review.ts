import { TRIP_MSG } from '../trips/messages.ts';
import type { PartnerPayStatus } from '../trips/model.ts';

/**
 * The operator's review of a partner's adjustment request (spec 1 §4 "Open means the operator may
 * still review adjustments"; spec 2 §7 POST partner-monitor with activityId, status, note). Wait
 * time and expense requests wait as Pending partner activities; staff approve or deny them.
 */
export const REVIEW_DECISIONS = ['Approved', 'Denied'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * The partner actions that are requests for review (a decline is only a record): wait time,
 * expenses, rate and mileage requests, pharmacy stops (legs once approved) and cancellations made
 * in the portal. What an approval does is core approvalEffect (partner-monitor/approval.ts).
 */
export const REVIEWABLE_ACTIONS = ['WaitTime', 'Expense', 'RateAdjust', 'MileageAdjust', 'PharmacyStop', 'Cancellation review'] as const;

export const NOTE_MAX = 1000;

export const REVIEW_MSG = {
  ACTIVITY_REQUIRED: 'Choose the request to review',
  DECISION: 'Choose Approved or Denied',
  NOTE_TOO_LONG: `Keep the note under ${NOTE_MAX} characters`,
  /** The review dialog's hint on a denial: the note stays optional (spec 2 §4), but the partner reads it. */
  DENY_NOTE_HINT: 'Optional: say why the request is denied. The partner reads this note.',
  NOT_AN_ADJUSTMENT: 'Only pay adjustment, pharmacy stop and cancellation requests are reviewed.',
  FINAL: TRIP_MSG.WAIT_DENIED_FINAL,
  alreadyReviewed: (status: string) => `This request has already been reviewed (${status}). Reload to see the current state.`,
  /** The partner's notification once a request is decided. */
  decided: (what: string, ref: string, decision: ReviewDecision) => `${what} on trip ${ref} was ${decision.toLowerCase()}.`,
} as const;

export interface ReviewableActivity {
  action: string;
  status: string;
}

/**
 * Why a review may not be made, or null when it may. A request already decided is a concurrent
 * edit (someone reviewed it first): the caller answers 409 for that text. The note never decides:
 * spec 2 §4 "Partner activity status is changed by a privileged user with an optional note", a
 * denial too.
 */
export function reviewRefusal(
  activity: ReviewableActivity,
  trip: { partnerPayStatus: PartnerPayStatus },
): { message: string; conflict: boolean } | null {
  if (!(REVIEWABLE_ACTIONS as readonly string[]).includes(activity.action)) return { message: REVIEW_MSG.NOT_AN_ADJUSTMENT, conflict: false };
  if (activity.status !== 'Pending') return { message: REVIEW_MSG.alreadyReviewed(activity.status), conflict: true };
  if (trip.partnerPayStatus === 'Final') return { message: REVIEW_MSG.FINAL, conflict: false };
  return null;
}

/** Extra wait minutes an approved review adds to the trip's pay (expenses are paid as their amount). */
export function approvedWaitMinutes(activity: { action: string; number: number | null }, decision: ReviewDecision): number {
  return decision === 'Approved' && activity.action === 'WaitTime' ? Math.max(0, Math.round(activity.number ?? 0)) : 0;
}

/** How the partner's request is named in texts: '45 min of wait time', 'Tolls expense of $12.50'. */
export function describeAdjustment(a: {
  action: string;
  number: number | null;
  amount: number | null;
  reason: string | null;
  previousValue?: number | null;
  deadhead?: boolean | null;
}): string {
  if (a.action === 'WaitTime') return `${a.number ?? 0} min of wait time`;
  if (a.action === 'PharmacyStop') return 'A pharmacy stop';
  if (a.action === 'Cancellation review') return 'A cancellation';
  if (a.action === 'RateAdjust') return a.amount === null ? 'Clearing the rate override' : `A rate of $${a.amount.toFixed(2)}`;
  if (a.action === 'MileageAdjust') {
    const sent = a.number ?? 0;
    if (a.deadhead) return `${sent} deadhead miles`;
    return `${sent >= 0 ? '+' : ''}${sent} loaded miles`;
  }
  const amount = a.amount === null ? '' : ` of $${a.amount.toFixed(2)}`;
  return `${a.reason ?? 'Other'} expense${amount}`;
}
