import { repeatedWaitTime, WAIT_REPEAT_ERROR, waitTimeDecision, type AdjustTimeQuery, type AdjustTimeResult } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { partnerActivities } from '../log/repository.ts';
import { addActivity } from './activities.ts';
import { payStatusAfter } from './pay.ts';
import { changeTrip, freshTrip, updateTrip, type TripChange } from './write.ts';

/**
 * The trip's earlier wait-time requests, locked: the trip row is already locked by changeTrip, so
 * two identical requests run one after the other and the second sees the first.
 */
async function earlierWaitRequests(change: TripChange) {
  const { rows } = await change.client.query<{ id: string; minutes: string; status: string; decided_at: Date }>(
    `select id, number as minutes, status, coalesce(resolved_at, created_at) as decided_at
       from partner_activities
      where drive_assignment_id = $1 and action = 'WaitTime'
      order by created_at
        for update`,
    [change.trip.id],
  );
  return rows.map((r) => ({ id: r.id, minutes: Number(r.minutes), status: r.status, decidedAt: r.decided_at }));
}

/**
 * spec 1 §4, §5: extra wait time, sent as total minutes with notes. The answer is Approved,
 * Denied or Pending (docs/decisions.md "Partner pay"). Every request is kept as a partner
 * activity; an approved one adds its minutes to the trip's pay, a pending one waits for the
 * operator and holds the pay status at Open. A denied one leaves the trip as it was. The same
 * request sent again while its twin is pending or just approved answers 409 (core
 * repeatedWaitTime), so one wait is never paid twice.
 */
export async function adjustTime(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  query: z.output<typeof AdjustTimeQuery>,
): Promise<z.input<typeof AdjustTimeResult>> {
  return changeTrip(deps, req, user, { id: query.driveAssignmentId, modCount: query.modCount }, async (change) => {
    const earlier = await earlierWaitRequests(change);
    const { rows } = await change.client.query<{ wait_time_minutes: number }>('select wait_time_minutes from drive_assignments where id = $1', [
      change.trip.id,
    ]);
    const pendingMinutes = earlier.filter((r) => r.status === 'Pending').reduce((sum, r) => sum + r.minutes, 0);
    const decision = waitTimeDecision(change.trip, query.minutes, Number(rows[0].wait_time_minutes) + pendingMinutes, change.now);
    if ('refused' in decision) throw badRequest(decision.refused);

    // a request that would be paid (now or after review) must not repeat one already on its way
    const repeated = decision.status === 'Denied' ? null : repeatedWaitTime(earlier, query.minutes, change.now);
    if (repeated) {
      const [twin] = await partnerActivities(change.client, change.trip.id, { id: repeated.twin.id });
      throw new HttpError(409, WAIT_REPEAT_ERROR, repeated.message, { current: twin });
    }

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
