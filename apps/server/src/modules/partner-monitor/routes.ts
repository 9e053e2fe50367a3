import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Partner monitor: pay adjustment requests and their review (spec 2 §7, 3 §2, §7). */
export function partnerMonitorRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
