import { operatorToday, parseDateInput, SEARCH_MSG, splitReferenceNumbers, type DriveAssignment, type PortalTrip, type TripSearchQuery } from '@tripline/core';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { sendPrepared } from '../../platform/http.ts';
import { findTrips, type TripFilter } from '../trips/repository.ts';
import { presentPortalTrip, presentPortalTrips, presentsPortal } from './present.ts';

/** Sends a portal answer as JSON text: its shape is the portal's (PortalTrip), not the staff trip of the endpoint's schema. */
export const sendPortal = <T>(reply: FastifyReply, body: unknown): T => sendPrepared<T>(reply, Buffer.from(JSON.stringify(body)));

/**
 * GET drive-assignments for a portal user: one trip by id or reference number (404 when missing or
 * out of scope), or a day's trips (serviceDate, default today), each through the portal presenter,
 * as { rows, total } whatever the view. The staff search's other parameters are not theirs and
 * are not applied.
 */
export async function portalDriveAssignments(deps: AppDeps, user: SessionUser, q: TripSearchQuery): Promise<{ rows: PortalTrip[]; total: number }> {
  const now = deps.clock.now();
  const byId = q.id && q.id.length > 10 ? q.id : undefined;
  const refs = q.referenceNumber ? splitReferenceNumbers(q.referenceNumber) : [];
  if (refs.length > 1) throw badRequest('Ask for one trip at a time.');
  const referenceNumber = refs[0] ?? (q.id && !byId ? q.id : undefined);
  const filter: TripFilter = {};
  if (byId) filter.ids = [byId];
  else if (referenceNumber) filter.referenceNumber = referenceNumber;
  else {
    const day = q.serviceDate ? parseDateInput(q.serviceDate, operatorToday(now)) : operatorToday(now);
    if (!day) throw badRequest(SEARCH_MSG.INVALID_DATE, [{ path: 'serviceDate', message: SEARCH_MSG.INVALID_DATE }]);
    filter.serviceDate = day;
  }
  const trips = (await findTrips(deps.pool, user, filter)).filter((t) => !t.deleted);
  if ((byId || referenceNumber) && trips.length === 0) throw notFound();
  return { rows: presentPortalTrips(user, trips, now), total: trips.length };
}

/**
 * A refusal that carries the server's copy of a trip (409) shows a portal user the portal's copy,
 * never the whole trip.
 */
export async function presentingRefusals<T>(user: SessionUser, now: Date, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (presentsPortal(user) && e instanceof HttpError && e.extra.current) {
      throw new HttpError(e.status, e.code, e.message, { ...e.extra, current: presentPortalTrip(user, e.extra.current as DriveAssignment, now) });
    }
    throw e;
  }
}
