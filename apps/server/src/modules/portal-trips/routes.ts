import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { portalActivity, portalTrip } from './activity.ts';
import { portalCancel } from './cancel.ts';
import { memberPlans } from './member-plans.ts';

/** Case manager and passenger portal: activity, the trip page, cancellation and member plans (spec 2 §7). */
export function portalTripRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.portalActivity, ({ user, query }) => portalActivity(deps, user, query));
  route(app, contract.portalTripPage, ({ req, user, query }) => portalTrip(deps, req, user, query.daId));
  route(app, contract.portalCancel, ({ req, user, body }) => portalCancel(deps, req, user, body));
  route(app, contract.memberPlans, ({ req, user, query }) => memberPlans(deps, req, user, query));
}
