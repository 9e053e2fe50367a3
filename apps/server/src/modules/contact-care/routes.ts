import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { listBlacklist, saveBlacklist } from './blacklists.ts';
import { duplicatesOf } from './duplicates.ts';
import { listHolds, placeHold } from './holds.ts';
import { listDiseases, saveDisease } from './infectious.ts';
import { mergeContacts } from './merge.ts';
import { careSummary, contactTrips } from './summary.ts';

/** Infectious diseases, partner holds, blacklists, duplicates and merge; all staff only. */
export function contactCareRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.infectiousDiseases, ({ query }) => listDiseases(deps, query.contactId.toLowerCase(), query.date));
  route(app, contract.saveInfectiousDisease, ({ req, user, body }) => saveDisease(deps, req, user, body));
  route(app, contract.providerHolds, ({ query }) => listHolds(deps, query.providerId));
  route(app, contract.placeHold, ({ req, user, body }) => placeHold(deps, req, user, body));
  route(app, contract.blacklists, ({ query }) => listBlacklist(deps, query));
  route(app, contract.saveBlacklist, ({ req, user, body }) => saveBlacklist(deps, req, user, body));
  route(app, contract.contactDupCheck, ({ query }) => duplicatesOf(deps, query.contactId.toLowerCase()));
  route(app, contract.contactMerge, ({ req, body }) => mergeContacts(deps, req, body));
  route(app, contract.contactCareSummary, ({ query }) => careSummary(deps, query.contactId.toLowerCase()));
  route(app, contract.contactTripDays, ({ query }) => contactTrips(deps, { ...query, contactId: query.contactId.toLowerCase() }));
}
