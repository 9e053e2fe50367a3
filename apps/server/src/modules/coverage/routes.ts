import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { checkCoverage } from './check.ts';
import { appointmentTypeOptions, apptToSeeOptions, coverageLookup, guessApptType, guessWillCallDuration, onTimeRule } from './lookups.ts';

/** Coverage and the reservation editor's look-ups (spec 2 §7; DECISIONS 10). None of them writes. */
export function coverageRoutes(app: FastifyInstance, { pool, clock }: AppDeps): void {
  route(app, contract.coverageLookup, ({ user, query }) => coverageLookup(pool, user, query.contactId, clock.now()));
  route(app, contract.coverageCheck, ({ body }) => checkCoverage(pool, body, clock.now()));
  route(app, contract.appointmentTypeOptions, ({ query }) => appointmentTypeOptions(pool, query.billToId, query.q));
  route(app, contract.guessApptType, ({ query }) => guessApptType(pool, query.passengerId, query.locationSecondId));
  route(app, contract.apptToSeeOptions, ({ query }) => apptToSeeOptions(pool, query.locationId));
  route(app, contract.guessWillCallDuration, ({ query }) =>
    guessWillCallDuration(pool, query.passengerId, query.apptType, query.destinationId),
  );
  route(app, contract.onTimeRuleService, ({ query }) => onTimeRule(pool, query.passengerId, query.billToId, clock.now()));
}
