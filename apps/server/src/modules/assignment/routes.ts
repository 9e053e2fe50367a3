import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { sendPortal } from '../portal-trips/drive-assignments.ts';
import { presentPortalTrips, presentsPortal } from '../portal-trips/present.ts';
import { runBulk } from './bulk.ts';
import { declineOnBehalf } from './decline-on-behalf.ts';
import { patchDetailed } from './detailed.ts';
import { tripEtas, tripsOfPassengerDay } from './inspect.ts';
import { partnerCoverage, partnerOptions } from './partners.ts';
import { repairTrips } from './repair.ts';

/**
 * Assigning trips to partners and the staff's bulk actions on a found set (spec 2 §6, §7; spec 3
 * §2, §5, §7), plus what trip inspect reads about one trip (ETAs, related trips).
 */
export function assignmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const byRef = (keys: readonly string[]) => ({ by: 'referenceNumber' as const, keys });
  const byId = (keys: readonly string[]) => ({ by: 'id' as const, keys });

  route(app, contract.bulkUnCancel, ({ req, user, body }) => runBulk(deps, req, user, 'unCancel', byRef(body.referenceNumbers)));
  route(app, contract.bulkReset, ({ req, user, body }) => runBulk(deps, req, user, 'reset', byRef(body.referenceNumbers)));
  route(app, contract.bulkAssign, ({ req, user, body }) => runBulk(deps, req, user, 'assign', byRef(body.referenceNumbers), body.providerId));
  route(app, contract.bulkCancel, ({ req, user, body }) => runBulk(deps, req, user, 'cancel', byId(body)));
  route(app, contract.bulkUnassign, ({ req, user, body }) => runBulk(deps, req, user, 'unassign', byId(body)));
  route(app, contract.repairTrips, ({ req, user, body }) => repairTrips(deps, req, user, body));
  route(app, contract.partnerOptions, ({ user, query }) => partnerOptions(deps, user, [query.referenceNumber]));
  route(app, contract.partnerOptionsForTrips, ({ user, body }) => partnerOptions(deps, user, body.referenceNumbers));
  route(app, contract.partnerCoverage, ({ user, body }) => partnerCoverage(deps, user, body.referenceNumbers, body.providerId));
  route(app, contract.declineOnBehalf, ({ req, user, body }) => declineOnBehalf(deps, req, user, body));
  route(app, contract.patchDetailed, ({ req, user, body }) => patchDetailed(deps, req, user, body));
  route(app, contract.tripEtas, ({ user, query }) => tripEtas(deps, user, query.id));
  route(app, contract.tripsByPassengerDay, async ({ reply, user, query }) => {
    const trips = await tripsOfPassengerDay(deps, user, query.passengerId, query.serviceDate);
    // case managers and passengers get them as the portal shows trips
    return presentsPortal(user) ? sendPortal(reply, presentPortalTrips(user, trips, deps.clock.now())) : trips;
  });
}
