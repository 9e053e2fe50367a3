import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { nonFinalTripsReport } from './non-final.ts';
import { partnerPayReport } from './partner-pay.ts';

/** Partner pay reports: the week's pay and the trips not yet final (spec 2 §5, 3 §2). */
export function payReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.partnerPayReport, ({ req, reply, user, query }) => partnerPayReport(deps, req, reply, user, query));
  route(app, contract.nonFinalTripsReport, ({ req, reply, user, query }) => nonFinalTripsReport(deps, req, reply, user, query));
}
