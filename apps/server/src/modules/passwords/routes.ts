import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Passwords: edit, reset, generate. */
export function passwordRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
