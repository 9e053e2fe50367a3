import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { deleteCannedQuery, getCannedQuery, listCannedQueries, saveCannedQuery } from './canned.ts';
import { downloadCsvExport, prepareCsvExport } from './csv-export.ts';

/**
 * Trip search extras (spec 2 §5, §7): saved custom queries and the CSV download. The search itself
 * is GET drive-assignments (modules/trips/routes.ts), compiled by ./compile.ts.
 */
export function searchRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.cannedQueries, () => listCannedQueries(deps));
  route(app, contract.cannedQueryGet, ({ query }) => getCannedQuery(deps, query.id));
  route(app, contract.cannedQuerySave, ({ req, user, body }) => saveCannedQuery(deps, req, user, body));
  route(app, contract.cannedQueryDelete, ({ req, user, query }) => deleteCannedQuery(deps, req, user, query.id));
  route(app, contract.csvExport, ({ req, user, body }) => prepareCsvExport(deps, req, user, body));
  route(app, contract.csvDownload, ({ req, reply, user, query }) => downloadCsvExport(deps, req, reply, user, query.token));
}
