import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Case manager and passenger portal: the sign-in wizard, password reset and account credentials (spec 2 §7). */
export function portalAccountRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
