import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { listDivisions } from './repository.ts';
import { saveDivision } from './save.ts';
import { zipCodeInfo } from './zip-codes.ts';

/** Divisions and ZIP codes (spec 2 §7, 3 §5, §7). */
export function divisionRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.divisions, () => listDivisions(deps.pool));
  route(app, contract.divisionSave, ({ req, body }) => saveDivision(deps, req, body));
  route(app, contract.zipCode, ({ query }) => zipCodeInfo(deps.pool, query.zip));
}
