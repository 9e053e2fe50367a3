import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Divisions and ZIP codes. */
export function divisionRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
