import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Case manager and passenger portal: trip requests (spec 2 §7). */
export function portalRequestRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
