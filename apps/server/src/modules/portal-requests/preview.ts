/**
 * POST case-manager-trip-preview and POST case-manager-trip-schedule (spec 2 §3, §7): a request is
 * checked and held for 30 minutes under its id; scheduling it checks it again and writes the trip
 * through the reservation editor's write path, once per request.
 */
import { randomUUID } from 'node:crypto';
import {
  PORTAL_REQUEST_MSG,
  TripRequest,
  portalViewerOf,
  projectPortalTrip,
  reservationStatus,
  type ParsedTripRequest,
  type ScheduledTripRequest,
  type TripRequestPreview,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordRequest } from '../reservations/read.ts';
import { findTrip } from '../trips/repository.ts';
import { tripValues, writeReservation } from '../reservations/write.ts';
import { checkRequest, inRequestTransaction, requestLookups, type CheckedRequest } from './check.ts';

/** A previewed request can be scheduled for 30 minutes. */
export const REQUEST_VALID_MINUTES = 30;

export async function previewRequest(deps: AppDeps, req: FastifyRequest, user: SessionUser, r: ParsedTripRequest): Promise<TripRequestPreview> {
  const now = deps.clock.now();
  const requestId = randomUUID();
  // one transaction: the check runs to a savepoint and is undone (the preview writes nothing it
  // checked with, not even a typed address), then the request is held
  return inRequestTransaction(deps.pool, async (client) => {
    const lookups = await requestLookups(client, user, r.passenger, now);
    await client.query('savepoint checking');
    const checked = await checkRequest(deps, client, user, r, lookups, requestId, now);
    await client.query('rollback to savepoint checking');
    const preview = previewOf(r, requestId, checked, now);
    await client.query(
      `insert into trip_requests (id, requested_by, passenger_id, request, preview, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [requestId, user.id, checked.passenger.id, JSON.stringify(r), JSON.stringify(preview), now, preview.expiresAt],
    );
    await writeAudit(client, { ...auditActor(req), activityType: 'trip-request-preview', table: 'trip_requests', recordId: requestId, after: { passengerId: checked.passenger.id, ...preview } });
    return preview;
  });
}

/** What the preview step shows of a checked request. */
function previewOf(r: ParsedTripRequest, requestId: string, checked: CheckedRequest, now: Date): TripRequestPreview {
  const leg = checked.legs[0];
  return {
    requestId,
    expiresAt: new Date(now.getTime() + REQUEST_VALID_MINUTES * 60_000).toISOString(),
    serviceDate: r.serviceDate,
    willCall: r.willCall,
    pickup: checked.pickupText,
    dropoff: checked.dropoffText,
    estimatedPickupTime: r.willCall ? null : checked.pickup,
    estimatedDropoffTime: checked.dropoff,
    apptTime: r.willCall ? null : (r.apptTime ?? null),
    apptType: r.apptType,
    serviceTypeCode: r.serviceTypeCode,
    distanceMeters: leg.drive?.meters ?? null,
    drivingSeconds: leg.drive?.seconds ?? null,
    warnings: checked.warnings,
  };
}

interface HeldRequest {
  request: unknown;
  expired: boolean;
  daId: string | null;
}

/**
 * Schedules a previewed request. The request row is locked first, so a second schedule of the same
 * request (a double click, two tabs) waits and then answers the trip the first one wrote.
 */
export async function scheduleRequest(deps: AppDeps, req: FastifyRequest, user: SessionUser, requestId: string): Promise<ScheduledTripRequest> {
  const now = deps.clock.now();
  return inRequestTransaction(deps.pool, async (client) => {
    // the request row alone is locked: a second schedule waits here, then reads what the first wrote
    const { rows } = await client.query<HeldRequest>(
      `select request, expires_at <= $3 as expired, drive_assignment_id as "daId"
         from trip_requests where id = $1 and requested_by = $2 for update`,
      [requestId, user.id, now],
    );
    const held = rows[0];
    if (!held) throw notFound('The trip request was not found.');
    if (held.daId) {
      const trip = await client.query<{ referenceNumber: string; willCall: boolean }>(
        'select reference_number as "referenceNumber", will_call as "willCall" from drive_assignments where id = $1',
        [held.daId],
      );
      if (trip.rows[0]) return scheduledAnswer(client, user, now, { requestId, daId: held.daId, referenceNumber: trip.rows[0].referenceNumber, status: reservationStatus(trip.rows[0].willCall) });
    }
    if (held.expired) throw conflict(PORTAL_REQUEST_MSG.EXPIRED);
    // booked, but its trip since removed
    if (held.daId) throw notFound('The trip was not found.');
    const r = TripRequest.parse(held.request);
    const tripId = randomUUID();
    const lookups = await requestLookups(client, user, r.passenger, now);
    const checked = await checkRequest(deps, client, user, r, lookups, tripId, now);
    const values = tripValues(
      {
        serviceDate: r.serviceDate,
        serviceTypeRequested: r.serviceTypeCode,
        daClass: 'NE',
        requestedBy: user.name,
        pca: false,
        passengersAdditional: 0,
        schedulePriority: 1,
        returnType: 'Standard Return',
      },
      r.willCall,
      checked.divisionId,
      checked.billToId,
    );
    const w = { client, req, user, activity: 'reservation-create' as const, now };
    const { referenceNumber } = await writeReservation(w, { id: tripId, values }, true, checked.legs, checked.coverage.byPassenger, r.willCall);
    await recordRequest(client, { id: tripId, referenceNumber }, 'create', user.id, { requestId, ...r });
    await client.query('update trip_requests set drive_assignment_id = $2, scheduled_at = $3 where id = $1', [requestId, tripId, now]);
    return scheduledAnswer(client, user, now, { requestId, daId: tripId, referenceNumber, status: reservationStatus(r.willCall) });
  });
}

/** The scheduled trip as the portal sees it: the requester's to see here even where the trips' scope would not show it (staff booking for anyone). */
async function scheduledAnswer(client: PoolClient, user: SessionUser, now: Date, scheduled: Omit<ScheduledTripRequest, 'trip'>): Promise<ScheduledTripRequest> {
  const trip = await findTrip(client, null, scheduled.daId);
  if (!trip) throw notFound('The trip was not found.');
  return { ...scheduled, trip: projectPortalTrip(trip, portalViewerOf(user), now) };
}
