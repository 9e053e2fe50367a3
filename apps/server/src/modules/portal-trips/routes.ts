import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Case manager and passenger portal: activity, the trip page, cancellation and member plans (spec 2 §7). */
export function portalTripRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
