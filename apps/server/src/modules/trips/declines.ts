import { DECLINED_TRIP_MSG, type contract, type DeclinedTrip, type DeclinedTripSummary, type ParsedBodyOf } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from './repository.ts';

export interface DeclineRecord {
  driveAssignmentId: string;
  partnerId: string | null;
  reason: string;
  /** Who entered it: the partner's user, or the staff member taking a phoned-in decline. */
  enteredBy: string;
  /** Entered by staff for the partner (decline-da-on-behalf-of-partner). */
  onBehalf: boolean;
}

/** Keeps every decline of a trip by a partner as a row (the search and the partner score read them). */
export async function recordDecline(client: PoolClient, d: DeclineRecord): Promise<void> {
  await client.query(
    'insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by, on_behalf) values ($1, $2, $3, $4, $5)',
    [d.driveAssignmentId, d.partnerId, d.reason, d.enteredBy, d.onBehalf],
  );
}

type DeclinedTripAnswer = z.input<typeof DeclinedTrip>;

/** A declined trip as GET declined-trips answers it: a partner's decline of a trip, or a request the operator declined. */
async function presentDeclined(db: Pool | PoolClient, id: string): Promise<DeclinedTripAnswer | null> {
  const { rows } = await db.query<{
    id: string;
    drive_assignment_id: string | null;
    reference_number: string | null;
    partner_name: string | null;
    reason: string | null;
    trip_summary: z.input<typeof DeclinedTripSummary> | null;
    entered_by_name: string | null;
    on_behalf: boolean;
    created_at: Date;
  }>(
    `select d.id, d.drive_assignment_id, da.reference_number, p.name as partner_name, d.reason, d.trip_summary, e.name as entered_by_name,
            d.on_behalf, d.created_at
       from trip_declines d
       left join drive_assignments da on da.id = d.drive_assignment_id
       left join contacts p on p.id = d.partner_id
       left join contacts e on e.id = d.entered_by
      where d.id::text = $1`,
    [id.toLowerCase()],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    driveAssignmentId: r.drive_assignment_id,
    referenceNumber: r.reference_number,
    partnerName: r.partner_name,
    reason: r.reason,
    trip: r.trip_summary,
    enteredByName: r.entered_by_name,
    onBehalf: r.on_behalf,
    created: r.created_at.toISOString(),
  };
}

/**
 * POST declined-trips (spec 3 §7; 2 §8 "save failure for a new reservation hints at logging a
 * declined trip"): a trip request the operator could not take is kept beside the partners'
 * declines, with the unsaved trip's summary instead of a trip, and audited.
 */
export async function logDeclinedTrip(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.logDeclinedTrip>) {
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      'insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by, on_behalf, trip_summary) values (null, null, $1, $2, false, $3) returning id',
      [body.reason, user.id, JSON.stringify(body.trip)],
    );
    const id = rows[0].id;
    await writeAudit(client, { ...auditActor(req), activityType: 'declined-trip-log', table: 'trip_declines', recordId: id, before: null, after: { reason: body.reason, trip: body.trip } });
    return (await presentDeclined(client, id))!;
  });
}

/** GET declined-trips?id (spec 1 §7; 3 §2 declined trip modal). */
export async function readDeclinedTrip(deps: AppDeps, id: string) {
  if (!isUuid(id)) throw notFound(DECLINED_TRIP_MSG.UNKNOWN);
  const found = await presentDeclined(deps.pool, id);
  if (!found) throw notFound(DECLINED_TRIP_MSG.UNKNOWN);
  return found;
}
