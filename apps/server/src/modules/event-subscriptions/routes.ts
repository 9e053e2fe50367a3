import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Event subscriptions and their notices (spec 2 §7, 3 §3, §5). */
export function eventSubscriptionRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
