import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Infectious diseases, partner holds, blacklists, duplicates and merge. */
export function contactCareRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
