import { waitTimeDecision, type AdjustTimeQuery, type AdjustTimeResult } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { addActivity } from './activities.ts';
import { payStatusAfter } from './pay.ts';
import { changeTrip, freshTrip, updateTrip } from './write.ts';

/**
 * spec 1 §4, §5: extra wait time, sent as total minutes with notes. The answer is Approved,
 * Denied or Pending (docs/decisions.md "Partner pay"). Every request is kept as a partner
 * activity; an approved one adds its minutes to the trip's pay, a pending one waits for the
 * operator and holds the pay status at Open. A denied one leaves the trip as it was.
 */
export async function adjustTime(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  query: z.output<typeof AdjustTimeQuery>,
): Promise<z.input<typeof AdjustTimeResult>> {
  return changeTrip(deps, req, user, { id: query.driveAssignmentId, modCount: query.modCount }, async (change) => {
    const { rows } = await change.client.query<{ earlier: number }>(
      `select da.wait_time_minutes + coalesce((select sum(pa.number) from partner_activities pa
                where pa.drive_assignment_id = da.id and pa.action = 'WaitTime' and pa.status = 'Pending'), 0) as earlier
         from drive_assignments da where da.id = $1`,
      [change.trip.id],
    );
    const decision = waitTimeDecision(change.trip, query.minutes, Number(rows[0].earlier), change.now);
    if ('refused' in decision) throw badRequest(decision.refused);

    if (decision.status === 'Approved') {
      await updateTrip(change, 'adjust-time', {}, { addWaitMinutes: query.minutes });
    } else if (decision.status === 'Pending') {
      const partnerPayStatus = payStatusAfter(change, { outstandingAdjustments: change.trip.outstandingAdjustments + 1 });
      await updateTrip(change, 'adjust-time', partnerPayStatus === change.trip.partnerPayStatus ? {} : { partnerPayStatus });
    }
    await addActivity(change, 'adjust-time', { action: 'WaitTime', status: decision.status, number: query.minutes, notes: query.notes });
    return { status: decision.status, message: decision.message, trip: await freshTrip(change) };
  });
}
