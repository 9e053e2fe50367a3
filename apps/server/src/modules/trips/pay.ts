import { partnerPayStatusFor, type DriveAssignment, type PartnerPayStatus } from '@tripline/core';
import type { TripChange } from './write.ts';

/**
 * The pay status a trip has after a change (docs/decisions.md "Partner pay"), from the trip as it
 * will be: `after` carries the changed legs or the new count of adjustments awaiting review.
 */
export function payStatusAfter(change: TripChange, after: Partial<DriveAssignment>): PartnerPayStatus {
  return partnerPayStatusFor({ ...change.trip, ...after }, change.now);
}
