import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { partnerActivities, tripIdInScope } from '../log/repository.ts';
import { findTrip } from '../trips/repository.ts';
import { monitorPage, tripOfRequestOrLeg } from './monitor.ts';
import { addMonitorNote } from './notes.ts';
import { payAdjustmentBasis } from './pay-facts.ts';
import { adjustMileage, rateOverride, scopeUserFor } from './requests.ts';

/** Partner monitor: pay adjustment requests and their review (spec 2 §7, 3 §2, §7). */
export function partnerMonitorRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.rateOverride, ({ req, user, body }) => rateOverride(deps, req, user, body));
  route(app, contract.adjustMileage, ({ req, user, body }) => adjustMileage(deps, req, user, body));

  // Another partner's trip answers 404, exactly like a missing one.
  route(app, contract.payAdjustmentBasis, async ({ user, query }) => {
    const trip = await findTrip(deps.pool, scopeUserFor(user), query.driveAssignmentId);
    if (!trip) throw notFound();
    return payAdjustmentBasis(deps.pool, deps.geo, trip);
  });

  route(app, contract.partnerMonitorList, ({ query }) => monitorPage(deps.pool, query));
  route(app, contract.partnerMonitorAddNote, ({ req, user, body }) => addMonitorNote(deps, req, user, body));

  // Row scope: a request of another partner's trip answers 404, like a missing one.
  route(app, contract.partnerActivities, async ({ user, query }) => {
    const tripId = await tripOfRequestOrLeg(deps.pool, query);
    const inScope = tripId ? await tripIdInScope(deps.pool, user, { id: tripId }) : null;
    if (!inScope) throw notFound();
    const found = await partnerActivities(deps.pool, inScope, {
      id: query.id,
      action: query.partnerActivityAction,
      status: query.onlyShowUnresolved ? 'Pending' : undefined,
    });
    if (query.id && found.length === 0) throw notFound();
    return found;
  });
}
