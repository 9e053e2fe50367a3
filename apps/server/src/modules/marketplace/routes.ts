import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Marketplace: offered trips and race-safe claims (spec 1 §4, 2 §4, §7). */
export function marketplaceRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
