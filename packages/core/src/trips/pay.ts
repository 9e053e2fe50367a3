import type { PartnerPayStatus } from './model.ts';
import { hasOccurred, statsComplete, statsRequired, type TripForRules } from './rules.ts';

/**
 * Partner pay (docs/decisions.md "Partner pay"): a trip stays Open while an adjustment awaits the
 * operator's review, while it has not taken place, or while stats it needs are missing; then it is
 * Pending, ready for rate accept. Rate accept makes it Final, and Final never goes back.
 */
export function partnerPayStatusFor(da: TripForRules, now: Date): PartnerPayStatus {
  if (da.partnerPayStatus === 'Final') return 'Final';
  if (da.outstandingAdjustments > 0) return 'Open';
  if (!hasOccurred(da, now)) return 'Open';
  if (statsRequired(da) && !statsComplete(da)) return 'Open';
  return 'Pending';
}
