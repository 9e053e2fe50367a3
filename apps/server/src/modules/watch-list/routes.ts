import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** The watch list of elevated members. */
export function watchListRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
