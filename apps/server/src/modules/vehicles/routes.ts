import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Vehicles. */
export function vehicleRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
