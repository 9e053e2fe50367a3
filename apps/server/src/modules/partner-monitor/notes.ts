import { MONITOR_MSG, type PartnerActivity } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { partnerActivities } from '../log/repository.ts';
import { auditOf, changeTrip, writeAudit } from '../trips/write.ts';

/**
 * POST partner-monitor-add-note (spec 2 §7): a staff note appended to a request while it is
 * Pending, as the review's note is ('Operator: …'), so the partner reads it. The trip is locked
 * first, as every trip write does, then the request; a request reviewed meanwhile answers 409.
 */
export async function addMonitorNote(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: { partnerActivityId: string; newNote: string }): Promise<PartnerActivity> {
  const found = await deps.pool.query<{ drive_assignment_id: string }>('select drive_assignment_id from partner_activities where id = $1', [body.partnerActivityId]);
  const tripId = found.rows[0]?.drive_assignment_id;
  if (!tripId) throw notFound(MONITOR_MSG.NOT_FOUND);
  return changeTrip(deps, req, user, { id: tripId }, async ({ client }) => {
    const { rows } = await client.query<{ status: string; notes: string | null }>('select status, notes from partner_activities where id = $1 for update', [
      body.partnerActivityId,
    ]);
    const activity = rows[0];
    if (!activity) throw notFound(MONITOR_MSG.NOT_FOUND);
    if (activity.status !== 'Pending') {
      const [current] = await partnerActivities(client, tripId, { id: body.partnerActivityId });
      throw conflict(MONITOR_MSG.NOT_PENDING(activity.status), current);
    }
    const notes = [activity.notes, `Operator: ${body.newNote}`].filter(Boolean).join('\n');
    await client.query('update partner_activities set notes = $2 where id = $1', [body.partnerActivityId, notes]);
    await writeAudit(client, auditOf(req, 'partner-monitor-add-note', 'partner_activities', body.partnerActivityId, { notes: activity.notes }, { notes }));
    const [updated] = await partnerActivities(client, tripId, { id: body.partnerActivityId });
    return updated;
  });
}
