import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Employees and drivers. */
export function employeeRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
