import { cancelLegRefusal, isStaff, legCancelled, TRIP_MSG, type CancelLegBody, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudit } from './write.ts';

/**
 * spec 1 §4: cancel one leg with a cancel reason. The leg becomes Canceled (the partner is paid:
 * the reason is with charge) or CanceledNoCharge; when no leg is left to drive, the whole trip is
 * cancelled with or without charge and the reason.
 */
export async function cancelLeg(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof CancelLegBody>): Promise<DriveAssignment> {
  const { rows } = await deps.pool.query<{ label: string; require_stats: boolean; with_charge: boolean; staff_only: boolean }>(
    'select label, require_stats, with_charge, staff_only from cancel_reasons where lower(label) = lower($1)',
    [body.reason.trim()],
  );
  const reason = rows[0] ?? null;

  return changeTrip(deps, req, user, { id: body.driveAssignmentId, modCount: body.modCount }, async (change) => {
    const { trip } = change;
    const leg = trip.tripLegs.find((l) => l.id === body.tripLegId);
    if (!leg) throw notFound(TRIP_MSG.UNKNOWN_LEG);
    const rule = reason ? { label: reason.label, requireStats: reason.require_stats, staffOnly: reason.staff_only } : null;
    const refusal = cancelLegRefusal(trip, leg, rule, { staff: isStaff(user), now: change.now });
    if (refusal) throw badRequest(refusal);
    if (!reason) throw badRequest(TRIP_MSG.UNKNOWN_CANCEL_REASON);

    const withCharge = reason.with_charge;
    const status = withCharge ? 'Canceled' : 'CanceledNoCharge';
    const lastLeg = trip.tripLegs.every((l) => l.id === leg.id || legCancelled(l) || l.cancelWc);
    await updateTrip(
      change,
      'cancel-leg',
      lastLeg
        ? { canceled: true, cancelledWithCharge: withCharge, cancelledWithoutCharge: !withCharge, cancelledReason: reason.label }
        : {},
      { note: { tripLegId: leg.id, reason: reason.label } },
    );
    await change.client.query(
      `update trip_legs set status = $2, cancel_nc = $3, cancel_wc = $4, cancel_reason = $5, cancel_notes = $6, mod_count = mod_count + 1
        where id = $1`,
      [leg.id, status, !withCharge, withCharge, reason.label, body.notes || null],
    );
    await writeAudit(
      change.client,
      auditOf(req, 'cancel-leg', 'trip_legs', leg.id, { status: leg.status, cancelNc: leg.cancelNc, cancelWc: leg.cancelWc }, {
        status,
        cancelNc: !withCharge,
        cancelWc: withCharge,
        reason: reason.label,
        notes: body.notes || null,
      }),
    );
    return freshTrip(change);
  });
}
