import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

export function standingOrderRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
