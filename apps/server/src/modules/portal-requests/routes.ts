import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { tripCreateOptions } from './options.ts';
import { lookupPassenger, passengerOptions } from './passengers.ts';
import { previewRequest, scheduleRequest } from './preview.ts';

/** Case manager and passenger portal: trip requests (spec 2 §7). */
export function portalRequestRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.portalPassengerOptions, ({ req, user }) => passengerOptions(deps.pool, req, user));
  route(app, contract.portalLookupPassenger, ({ req, user, query }) => lookupPassenger(deps.pool, req, user, query));
  route(app, contract.portalTripCreateOptions, ({ req, user, query }) => tripCreateOptions(deps.pool, req, user, query, deps.clock.now()));
  route(app, contract.portalTripRequestPreview, ({ req, user, body }) => previewRequest(deps, req, user, body));
  route(app, contract.portalTripRequestSchedule, ({ req, user, body }) => scheduleRequest(deps, req, user, body.requestId));
}
