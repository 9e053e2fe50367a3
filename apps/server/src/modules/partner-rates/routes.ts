import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { addRate, changeRate, listRates } from './service.ts';

/** Partner rates: the operator's pay rates per partner, bill-to and service type (spec 3 §3, §7). */
export function partnerRateRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.partnerRates, ({ user, query }) => listRates(deps, user, query));
  route(app, contract.partnerRateAdd, ({ req, user, body }) => addRate(deps, req, user, body));
  route(app, contract.partnerRateChange, ({ req, user, query, body }) => changeRate(deps, req, user, query, body));
}
