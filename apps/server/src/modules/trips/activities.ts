import type { ActivityType } from '@tripline/core';
import type { TripChange } from './write.ts';
import { auditOf, writeAudit } from './write.ts';

export type ActivityStatus = 'Pending' | 'Approved' | 'Denied' | 'Recorded';

export interface NewActivity {
  action: 'Decline' | 'WaitTime' | 'Expense';
  status: ActivityStatus;
  /** Minutes of a wait-time request. */
  number?: number | null;
  amount?: number | null;
  reason?: string | null;
  notes?: string | null;
}

/**
 * Records a partner action on the trip (spec 1 §3 "Partner action"). Pending ones are adjustments
 * the operator reviews; they hold the trip's pay status at Open.
 */
export async function addActivity(change: TripChange, activityType: ActivityType, a: NewActivity): Promise<string> {
  const { client, trip, user, req } = change;
  const { rows } = await client.query<{ id: string }>(
    `insert into partner_activities (drive_assignment_id, partner_id, action, status, number, amount, reason, notes, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [trip.id, trip.farmoutContactId, a.action, a.status, a.number ?? null, a.amount ?? null, a.reason ?? null, a.notes || null, user.id],
  );
  const id = rows[0].id;
  await writeAudit(client, auditOf(req, activityType, 'partner_activities', id, null, { driveAssignmentId: trip.id, ...a }));
  return id;
}
