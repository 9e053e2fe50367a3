import { declineRefusal, matchDeclineReason, TRIP_MSG, type DeclineBody, type DeclineQuery, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { assertDeveloperMode } from './developer-mode.ts';
import { addActivity } from './activities.ts';
import { recordDecline } from './declines.ts';
import { endExclusiveWindow } from '../marketplace/offer.ts';
import { changeTrip, freshTrip, updateTrip } from './write.ts';

/**
 * spec 1 §4, §5: decline a trip with one of the decline reasons (name or alias). The trip is
 * marked declined and deleted and stays in the partner's day list with the status 'declined'
 * (docs/decisions.md "Partner workflow"); the reason is kept as a partner activity.
 */
export async function declineTrip(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  query: z.output<typeof DeclineQuery>,
  body: z.output<typeof DeclineBody>,
): Promise<DriveAssignment> {
  await assertDeveloperMode(deps.pool, user, query.developerMode);
  const { rows } = await deps.pool.query<{ name: string; aliases: string[] }>('select name, aliases from decline_reasons');
  const reason = matchDeclineReason(rows, body.reason);
  if (!reason) throw badRequest(TRIP_MSG.UNKNOWN_DECLINE_REASON, [{ path: 'reason', message: TRIP_MSG.UNKNOWN_DECLINE_REASON }]);

  return changeTrip(deps, req, user, { id: query.driveAssignmentId, modCount: query.modCount }, async (change) => {
    const refusal = declineRefusal(change.trip, change.now, query.developerMode);
    if (refusal) throw badRequest(refusal.message);
    await updateTrip(change, 'decline', { declined: true, deleted: true }, {
      note: { reason, localTimestamp: query.localTimestamp ?? null, ...(query.developerMode ? { developerMode: true } : {}) },
    });
    await addActivity(change, 'decline', {
      action: 'Decline',
      status: 'Recorded',
      reason,
      notes: query.localTimestamp ? `Declined at ${query.localTimestamp} (partner's local time)` : null,
    });
    await recordDecline(change.client, {
      driveAssignmentId: change.trip.id,
      partnerId: change.trip.farmoutContactId,
      reason,
      enteredBy: user.id,
      onBehalf: false,
    });
    await endExclusiveWindow(change.client, change.trip.id, change.now);
    return freshTrip(change);
  });
}
