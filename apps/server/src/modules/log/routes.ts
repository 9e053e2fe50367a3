import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { partnerActivities, searchLog, tripActivity, tripIdInScope } from './repository.ts';

/** The audit log (spec 2 §2 /log, §7 GET log) and a trip's activity history (spec 2 §2 trip inspect). */
export function logRoutes(app: FastifyInstance, { pool }: AppDeps): void {
  route(app, contract.log, async ({ reply, query }) => {
    const page = await searchLog(pool, query);
    // spec 2 §7 "cached": the browser may keep a page briefly; per user, and never in a shared cache.
    reply.header('cache-control', 'private, max-age=30');
    reply.header('vary', 'Cookie, Authorization');
    return page;
  });

  route(app, contract.driveAssignmentAllActivity, async ({ user, query }) => {
    const tripId = await tripIdInScope(pool, user, { referenceNumber: query.referenceNumber });
    if (!tripId) throw notFound('No trip has that reference number.');
    return tripActivity(pool, tripId);
  });

  // A trip out of the caller's scope answers 404, exactly like a missing one.
  route(app, contract.restPartnerActivity, async ({ user, query }) => {
    const tripId = await tripIdInScope(pool, user, { id: query.da });
    if (!tripId) throw notFound();
    return partnerActivities(pool, tripId, { action: query.action, status: query.status, adjustment: query.adjustment });
  });

  // No ride-share provider is connected yet (docs/decisions.md): a trip in scope has no ride activity.
  const noRideService = async ({ user, query }: { user: Parameters<typeof tripIdInScope>[1]; query: { referenceNumber: string } }) => {
    const tripId = await tripIdInScope(pool, user, { referenceNumber: query.referenceNumber });
    if (!tripId) throw notFound('No trip has that reference number.');
    return [];
  };
  route(app, contract.lyftActivity, noRideService);
  route(app, contract.uberActivity, noRideService);
}
