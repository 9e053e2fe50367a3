import { PORTAL_MSG, portalCancelDecision, portalLegsOf, portalViewerOf, TRIP_MSG, type PortalTrip } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudit, writeAudits } from '../trips/write.ts';
import { presentPortalTrip } from './present.ts';

/** The partner activity staff review a portal cancellation as (spec 2 §4 'submitted for review'). */
export const CANCELLATION_REVIEW = 'Cancellation review';
const STATUS = 'CanceledNoCharge';

export interface PortalCancelOutcome {
  trip: PortalTrip;
  canceledLegIds: string[];
  message: string;
}

/**
 * POST case-manager-cancel: in one transaction, the trip locked within the caller's
 * scope (404 like a missing one), a stale modCount refused with 409 and the trip as the portal
 * sees it, then the caller's legs that are still cancel candidates (rule 111) cancelled with
 * reason Advance Notice (rule 67) and without charge, as docs/decisions.md ties the charge to the
 * reason. When no leg is left to drive the whole trip is cancelled. The cancellation waits for
 * staff as a Pending partner activity, who may still charge it. Every write is audited.
 */
export function portalCancel(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: { id: string; modCount: number }): Promise<PortalCancelOutcome> {
  return changeTrip(deps, req, user, { id: body.id }, async (change) => {
    const { trip, now, client } = change;
    if (trip.deleted) throw badRequest(PORTAL_MSG.ALREADY_CANCELED);
    if (trip.modCount !== body.modCount) throw conflict(TRIP_MSG.CONFLICT_SERVER, presentPortalTrip(user, trip, now));
    const mine = portalLegsOf(trip, portalViewerOf(user));
    const decision = portalCancelDecision({ ...trip, tripLegs: mine }, now);
    if (!decision.ok) throw badRequest(decision.message, [{ path: 'id', message: decision.message }]);

    const chosen = new Set(decision.legIds);
    const legs = trip.tripLegs.filter((l) => chosen.has(l.id));
    const lastLeg = trip.tripLegs.every((l) => chosen.has(l.id) || l.status === 'Canceled' || l.status === 'CanceledNoCharge' || l.cancelNc || l.cancelWc);
    await updateTrip(
      change,
      'portal-cancel',
      lastLeg ? { canceled: true, cancelledWithCharge: false, cancelledWithoutCharge: true, cancelledReason: decision.reason } : {},
      { note: { tripLegIds: decision.legIds, reason: decision.reason } },
    );
    await client.query(
      `update trip_legs set status = $2, cancel_nc = true, cancel_wc = false, cancel_reason = $3, cancel_notes = null,
              canceled_at = now(), canceled_by = $4, mod_count = mod_count + 1
        where id = any($1::uuid[])`,
      [decision.legIds, STATUS, decision.reason, user.id],
    );
    await writeAudits(
      client,
      legs.map((l) =>
        auditOf(req, 'portal-cancel', 'trip_legs', l.id, { status: l.status, cancelNc: l.cancelNc, cancelWc: l.cancelWc }, { status: STATUS, cancelNc: true, cancelWc: false, reason: decision.reason }),
      ),
    );
    const { rows } = await client.query<{ id: string }>(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, reason, notes, created_by)
       values ($1, $2, $3, 'Pending', $4, $5, $6) returning id`,
      [trip.id, trip.farmoutContactId, CANCELLATION_REVIEW, decision.reason, `Legs ${legs.map((l) => l.whichLeg).join(', ')} cancelled from the portal`, user.id],
    );
    await writeAudit(
      client,
      auditOf(req, 'portal-cancel', 'partner_activities', rows[0].id, null, { driveAssignmentId: trip.id, action: CANCELLATION_REVIEW, status: 'Pending', reason: decision.reason }),
    );
    return { trip: presentPortalTrip(user, await freshTrip(change), now), canceledLegIds: decision.legIds, message: PORTAL_MSG.CANCEL_DONE };
  });
}
