import {
  approvalEffect,
  contract,
  describeAdjustment,
  REVIEW_MSG,
  reviewRefusal,
  type ParsedBodyOf,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { partnerActivities } from '../log/repository.ts';
import { applyApprovalEffect, repriceReviewed } from '../partner-monitor/effects.ts';
import { deliver, partnerUserIds } from '../notifications/deliveries.ts';
import { isUuid } from '../trips/repository.ts';
import { payStatusAfter } from '../trips/pay.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudit } from '../trips/write.ts';

/** How long the partner's "request decided" toast stays worth showing. */
const DECIDED_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** The operator's review of partner adjustment requests (spec 1 §4; spec 2 §7 POST partner-monitor). */
export function reviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.partnerMonitor, ({ req, user, body }) => reviewAdjustment(deps, req, user, body));
}

async function reviewAdjustment(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.partnerMonitor>) {
  const found = await deps.pool.query<{ drive_assignment_id: string }>('select drive_assignment_id from partner_activities where id = $1', [body.activityId]);
  const tripId = found.rows[0]?.drive_assignment_id;
  if (!tripId || !isUuid(tripId)) throw notFound('The request was not found.');

  // The trip is locked first, as every trip write does, then the request itself.
  return changeTrip(deps, req, user, { id: tripId }, async (change) => {
    await change.client.query('select id from partner_activities where id = $1 for update', [body.activityId]);
    const [activity] = await partnerActivities(change.client, tripId, { id: body.activityId });
    if (!activity) throw notFound('The request was not found.');

    const refusal = reviewRefusal(activity, change.trip);
    if (refusal?.conflict) throw conflict(refusal.message, activity);
    if (refusal) throw badRequest(refusal.message);

    const notes = body.note ? [activity.notes, `Operator: ${body.note}`].filter(Boolean).join('\n') : activity.notes;
    await change.client.query(
      `update partner_activities set status = $2, resolved_by = $3, resolved_at = $4, notes = $5 where id = $1`,
      [activity.id, body.status, user.id, change.now, notes],
    );
    await writeAudit(
      change.client,
      auditOf(req, 'adjustment-review', 'partner_activities', activity.id, { status: activity.status }, { status: body.status, note: body.note || null }),
    );

    // What the decision does to the trip (core approvalEffect): wait minutes, the rate override, paid
    // or deadhead miles, a pharmacy stop's legs (spec 2 §7 pharmacy-add), a denied cancellation charged.
    const effect = approvalEffect(activity, body.status);
    const applied = await applyApprovalEffect(change, activity.id, effect);

    // One request fewer awaits review: the pay status may move on from Open.
    const partnerPayStatus = payStatusAfter(change, { outstandingAdjustments: Math.max(0, change.trip.outstandingAdjustments - 1) });
    await updateTrip(
      change,
      'adjustment-review',
      partnerPayStatus === change.trip.partnerPayStatus ? {} : { partnerPayStatus },
      { addWaitMinutes: effect.addWaitMinutes, note: { reviewedActivityId: activity.id, review: body.status, ...applied } },
    );
    await repriceReviewed(change);

    if (change.trip.farmoutContactId) {
      const text = REVIEW_MSG.decided(describeAdjustment(activity), change.trip.referenceNumber, body.status);
      const recipients = await partnerUserIds(change.client, change.trip.farmoutContactId);
      await deliver(
        change.client,
        recipients,
        { type: 'toastr', title: `Request ${body.status.toLowerCase()}`, body: body.note ? `${text} ${body.note}` : text, options: { tripId } },
        DECIDED_MAX_AGE_SECONDS,
        change.now,
      );
    }

    const [reviewed] = await partnerActivities(change.client, tripId, { id: activity.id });
    return { activity: reviewed, trip: await freshTrip(change) };
  });
}
