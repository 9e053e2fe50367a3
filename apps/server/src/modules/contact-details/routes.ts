import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Saving contacts: fields, phones, emails, addresses, special requests, member trip authorizations. */
export function contactDetailRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
