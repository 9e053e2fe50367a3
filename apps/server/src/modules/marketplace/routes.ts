import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { claimTrips } from './claim.ts';
import { marketplaceTrips } from './list.ts';

/** Marketplace: offered trips and race-safe claims (spec 1 §4, 2 §4, §7). */
export function marketplaceRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.marketplaceTrips, ({ req, reply, user, query }) =>
    marketplaceTrips(deps, user, query, reply, req.headers['accept-encoding']),
  );
  route(app, contract.marketplaceAccept, ({ req, user, body }) => claimTrips(deps, req, user, body));
}
