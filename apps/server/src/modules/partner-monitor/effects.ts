import type { ApprovalEffect } from '@tripline/core';
import { repriceTrips } from '../partner-rates/pricing.ts';
import { applyPharmacyStop } from '../standing-orders/pharmacy.ts';
import { auditOf, writeAudit, writeAudits, type TripChange } from '../trips/write.ts';

/**
 * Applies what a review decided (core approvalEffect) to the trip, inside the review's
 * transaction, before the trip's own update: the rate override, the paid or deadhead miles, a
 * pharmacy stop's legs, a denied portal cancellation charged. Each changed column is in the
 * review's audit row; the legs a charge changes have their own rows.
 */
export async function applyApprovalEffect(change: TripChange, activityId: string, effect: ApprovalEffect): Promise<Record<string, unknown>> {
  const { client, trip } = change;
  const note: Record<string, unknown> = {};
  if (effect.rateOverride !== undefined) {
    await client.query('update drive_assignments set farmout_rate_override = $2 where id = $1', [trip.id, effect.rateOverride]);
    note.farmoutRateOverride = effect.rateOverride;
  }
  if (effect.paidMilesOverride !== undefined) {
    await client.query('update drive_assignments set paid_miles_override = $2 where id = $1', [trip.id, effect.paidMilesOverride]);
    note.paidMilesOverride = effect.paidMilesOverride;
  }
  if (effect.extraDeadheadMiles !== undefined) {
    await client.query('update drive_assignments set extra_deadhead_miles = $2 where id = $1', [trip.id, effect.extraDeadheadMiles]);
    note.extraDeadheadMiles = effect.extraDeadheadMiles;
  }
  if (effect.pharmacyStop) await applyPharmacyStop(change, activityId);
  if (effect.chargeCancellation) await chargeCancellation(change);
  return note;
}

/** A denied portal cancellation is charged: its uncharged legs become charged cancels, and so does the trip if cancelled. */
async function chargeCancellation(change: TripChange): Promise<void> {
  const { client, trip, req } = change;
  const { rows } = await client.query<{ id: string }>(
    `update trip_legs set status = 'Canceled', cancel_nc = false, cancel_wc = true, mod_count = mod_count + 1
      where drive_assignment_id = $1 and status = 'CanceledNoCharge' returning id`,
    [trip.id],
  );
  await writeAudits(
    client,
    rows.map((r) => auditOf(req, 'adjustment-review', 'trip_legs', r.id, { status: 'CanceledNoCharge', cancelNc: true, cancelWc: false }, { status: 'Canceled', cancelNc: false, cancelWc: true })),
  );
  if (trip.canceled && trip.cancelledWithoutCharge) {
    await client.query('update drive_assignments set cancelled_with_charge = true, cancelled_without_charge = false where id = $1', [trip.id]);
    await writeAudit(
      client,
      auditOf(req, 'adjustment-review', 'drive_assignments', trip.id, { cancelledWithCharge: false }, { cancelledWithCharge: true, cancelledWithoutCharge: false }),
    );
  }
}

/** Every review may change a pay input (an approved expense is read from its activity): the trip is priced again. */
export async function repriceReviewed(change: TripChange): Promise<void> {
  await repriceTrips(change.client, [change.trip.id], change.now);
}
