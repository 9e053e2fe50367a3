import { approvedWaitMinutes, type ReviewDecision } from '../review/adjustment-review.ts';
import { MILEAGE_ADJUST, RATE_ADJUST } from './messages.ts';

/** The action of a portal cancellation staff review (apps/server portal-trips 'Cancellation review'). */
export const CANCELLATION_REVIEW = 'Cancellation review';

/** A request as its review reads it. */
export interface ReviewedRequest {
  action: string;
  number: number | null;
  amount: number | null;
  previousValue: number | null;
  deadhead: boolean | null;
}

/**
 * What a review changes on the trip. Only the fields named change; every review reprices the trip
 * (an approved expense is a pay input by itself, read from its activity).
 */
export interface ApprovalEffect {
  /** Wait minutes added to the trip's paid extra wait. */
  addWaitMinutes: number;
  /** The trip's new rate override in dollars (null clears it); absent = unchanged. */
  rateOverride?: number | null;
  /** The loaded miles paid instead of the trip's own; absent = unchanged. */
  paidMilesOverride?: number;
  /** Deadhead miles paid on top; absent = unchanged. */
  extraDeadheadMiles?: number;
  /** The approved pharmacy stop becomes legs of the trip. */
  pharmacyStop: boolean;
  /** A denied cancellation review: the cancellation is charged after all. */
  chargeCancellation: boolean;
}

const tenth = (miles: number) => Math.round(miles * 10) / 10;

/**
 * The effect of a decision on each kind of request. Approved: wait time adds its
 * minutes; an expense is paid as its amount (no trip field changes); a rate request sets the
 * override to its amount (null clears it); a loaded mileage request pays original + difference
 * miles, a deadhead one the miles beyond the original (base to first pickup); a pharmacy stop
 * becomes legs; a cancellation review stands without charge. Denied: nothing changes, except that
 * a denied cancellation review is charged.
 */
export function approvalEffect(request: ReviewedRequest, decision: ReviewDecision): ApprovalEffect {
  const effect: ApprovalEffect = {
    addWaitMinutes: approvedWaitMinutes(request, decision),
    pharmacyStop: false,
    chargeCancellation: false,
  };
  if (decision === 'Denied') return { ...effect, chargeCancellation: request.action === CANCELLATION_REVIEW };
  const sent = request.number ?? 0;
  const original = request.previousValue ?? 0;
  switch (request.action) {
    case RATE_ADJUST:
      return { ...effect, rateOverride: request.amount };
    case MILEAGE_ADJUST:
      return request.deadhead
        ? { ...effect, extraDeadheadMiles: tenth(Math.max(0, sent - original)) }
        : { ...effect, paidMilesOverride: tenth(Math.max(0, original + sent)) };
    case 'PharmacyStop':
      return { ...effect, pharmacyStop: true };
    default:
      return effect;
  }
}
