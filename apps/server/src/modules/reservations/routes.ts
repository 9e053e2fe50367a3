import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { addAssistantLeg, overrideCreated, saveLegWebFields } from './extras.ts';
import { reservationByKey, reservationRequests } from './read.ts';
import { saveReservation } from './save.ts';

/** The reservation editor (spec 2 §2–§9): a trip and its legs read and saved whole. */
export function reservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.reservationDetail, ({ user, query }) => reservationByKey(deps.pool, user, query));
  route(app, contract.reservationSave, ({ req, user, body, query }) => saveReservation(deps, req, user, body, query.applyToAll));
  route(app, contract.tripLegWebFields, ({ req, user, body }) => saveLegWebFields(deps, req, user, body));
  route(app, contract.addAssistantTransient, ({ user, body }) => addAssistantLeg(deps, user, body));
  route(app, contract.overrideCreated, ({ req, user, body }) => overrideCreated(deps, req, user, body));
  route(app, contract.reservationRequests, ({ user, query }) => reservationRequests(deps.pool, user, query.referenceNumber));
}
