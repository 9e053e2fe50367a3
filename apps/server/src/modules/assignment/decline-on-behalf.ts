import { declineOnBehalfRefusal, matchDeclineReason, TRIP_MSG, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { addActivity } from '../trips/activities.ts';
import { recordDecline } from '../trips/declines.ts';
import { endExclusiveWindow } from '../marketplace/offer.ts';
import { isUuid } from '../trips/repository.ts';
import { changeTrip, freshTrip, updateTrip } from '../trips/write.ts';

/** The decline reason named by id, name or alias (GET decline-reasons); null when none matches. */
async function declineReason(deps: AppDeps, reasonId: string): Promise<string | null> {
  const { rows } = await deps.pool.query<{ id: string; name: string; aliases: string[] }>('select id, name, aliases from decline_reasons');
  const byId = isUuid(reasonId) ? rows.find((r) => r.id === reasonId.toLowerCase()) : undefined;
  return byId?.name ?? matchDeclineReason(rows, reasonId);
}

/**
 * decline-da-on-behalf-of-partner (spec 3 §7): staff record the decline a partner phoned in. The
 * trip is marked declined as the partner's own decline marks it (declined and deleted, a 'Decline'
 * partner activity) and the decline is kept with on_behalf and who entered it. An accepted trip or
 * one with a driver may be declined this way; it loses its acceptance and driver.
 */
export async function declineOnBehalf(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: { daId: string; providerId: string; reasonId: string },
): Promise<DriveAssignment> {
  const reason = await declineReason(deps, body.reasonId);
  if (!reason) throw badRequest(TRIP_MSG.UNKNOWN_DECLINE_REASON, [{ path: 'reasonId', message: TRIP_MSG.UNKNOWN_DECLINE_REASON }]);

  return changeTrip(deps, req, user, { id: body.daId }, async (change) => {
    const providerId = body.providerId.toLowerCase();
    const refusal = declineOnBehalfRefusal(change.trip, providerId, change.now);
    if (refusal) throw badRequest(refusal.message);
    await updateTrip(
      change,
      'decline-on-behalf',
      { declined: true, deleted: true, accepted: false, driverId: null, driverEmpNumberAssigned: null },
      { note: { reason, providerId, onBehalf: true } },
    );
    await addActivity(change, 'decline-on-behalf', {
      action: 'Decline',
      status: 'Recorded',
      reason,
      notes: `Phoned in by the partner; entered by ${user.name}`,
    });
    await recordDecline(change.client, { driveAssignmentId: change.trip.id, partnerId: providerId, reason, enteredBy: user.id, onBehalf: true });
    await endExclusiveWindow(change.client, change.trip.id, change.now);
    return freshTrip(change);
  });
}
