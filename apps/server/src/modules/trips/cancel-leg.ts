import {
  CANCEL_MSG,
  cancelLegRefusal,
  cancelWarning,
  cancelWithCharge,
  isStaff,
  legCancelled,
  TRIP_MSG,
  type CancelLegBody,
  type DriveAssignment,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudits } from './write.ts';

type ReasonRow = { label: string; require_stats: boolean; with_charge: boolean; staff_only: boolean; require_notes: boolean };

/** A cancel's answer: the trip as it now is and, when staff cancelled a cancelled leg again, the warning. */
export interface CancelOutcome {
  trip: DriveAssignment;
  warning: string | null;
}

/**
 * spec 1 §4, 2 §5: cancel one or more legs with a cancel reason. Partners follow their row action's
 * rule, staff and case managers the cancel-candidate rule (core cancelLegRefusal). The charge
 * follows the reason unless staff override it: with charge the leg becomes Canceled (the partner is
 * paid), else CanceledNoCharge. A non-employee's arrival and departure are kept as the leg's times,
 * and the plate beside the cancel. When no leg is left to drive, the whole trip is cancelled with
 * or without charge and the reason. Staff cancelling a cancelled leg replace its reason and charge.
 */
export async function cancelLeg(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof CancelLegBody>): Promise<CancelOutcome> {
  const { rows } = await deps.pool.query<ReasonRow>(
    'select label, require_stats, with_charge, staff_only, require_notes from cancel_reasons where lower(label) = lower($1)',
    [body.reason.trim()],
  );
  const reason = rows[0] ?? null;
  const staff = isStaff(user);
  const partner = !staff && !!user.partnerId;
  const legIds = [...new Set([...(body.tripLegId ? [body.tripLegId] : []), ...body.selections].map((id) => id.toLowerCase()))];

  return changeTrip(deps, req, user, { id: body.driveAssignmentId, modCount: body.modCount }, async (change) => {
    const { trip } = change;
    const legs = legIds.map((id) => trip.tripLegs.find((l) => l.id === id));
    if (legs.some((l) => !l)) throw notFound(TRIP_MSG.UNKNOWN_LEG);
    const rule = reason
      ? { label: reason.label, requireStats: reason.require_stats, staffOnly: reason.staff_only, requireNotes: reason.require_notes }
      : null;
    for (const leg of legs as DriveAssignment['tripLegs']) {
      const refusal = cancelLegRefusal(trip, leg, rule, { staff, partner, now: change.now }, body);
      if (refusal) throw badRequest(refusal, [{ path: refusalPath(refusal), message: refusal }]);
    }
    if (!reason) throw badRequest(TRIP_MSG.UNKNOWN_CANCEL_REASON);

    const chosen = legs as DriveAssignment['tripLegs'];
    const withCharge = cancelWithCharge({ withCharge: reason.with_charge }, staff ? body.withCharge : null);
    const status = withCharge ? 'Canceled' : 'CanceledNoCharge';
    const warning = chosen.map(cancelWarning).find(Boolean) ?? null;
    const lastLeg = trip.tripLegs.every((l) => chosen.includes(l) || legCancelled(l) || l.cancelWc);
    await updateTrip(
      change,
      'cancel-leg',
      lastLeg ? { canceled: true, cancelledWithCharge: withCharge, cancelledWithoutCharge: !withCharge, cancelledReason: reason.label } : {},
      { note: { tripLegIds: chosen.map((l) => l.id), reason: reason.label, ...(warning ? { recancel: true } : {}) } },
    );
    const proofs = !staff && reason.require_stats;
    await change.client.query(
      `update trip_legs set status = $2, cancel_nc = $3, cancel_wc = $4, cancel_reason = $5, cancel_notes = $6,
              loc_first_time_act = coalesce($7, loc_first_time_act), loc_first_time_dep = coalesce($8, loc_first_time_dep),
              cancel_plate_state = $9, cancel_plate = $10, mod_count = mod_count + 1
        where id = any($1::uuid[])`,
      [
        chosen.map((l) => l.id),
        status,
        !withCharge,
        withCharge,
        reason.label,
        body.notes.trim() || null,
        proofs ? (body.arrived ?? null) : null,
        proofs ? (body.departed ?? null) : null,
        body.licensePlateState?.toUpperCase() || null,
        body.licensePlate || null,
      ],
    );
    await writeAudits(
      change.client,
      chosen.map((leg) =>
        auditOf(req, 'cancel-leg', 'trip_legs', leg.id, { status: leg.status, cancelNc: leg.cancelNc, cancelWc: leg.cancelWc }, {
          status,
          cancelNc: !withCharge,
          cancelWc: withCharge,
          reason: reason.label,
          notes: body.notes.trim() || null,
          ...(withCharge !== reason.with_charge ? { chargeOverridden: true } : {}),
          ...(proofs && body.arrived ? { arrived: body.arrived, departed: body.departed ?? null } : {}),
          ...(body.licensePlate ? { licensePlateState: body.licensePlateState ?? null, licensePlate: body.licensePlate } : {}),
        }),
      ),
    );
    return { trip: await freshTrip(change), warning };
  });
}

/** The field a refusal is about, so the dialog can put the message beside it. */
function refusalPath(message: string): string {
  if (message === CANCEL_MSG.NOTES_REQUIRED) return 'notes';
  if (message === CANCEL_MSG.PLATE_REQUIRED) return 'licensePlate';
  if (message === CANCEL_MSG.DEPARTED_BEFORE_ARRIVED) return 'departed';
  if (message === CANCEL_MSG.CHARGE_STAFF_ONLY) return 'withCharge';
  if (message.startsWith('Enter the arrival')) return 'arrived';
  return 'reason';
}
