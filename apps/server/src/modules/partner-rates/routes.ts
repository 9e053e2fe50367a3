import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Partner rates: the operator's pay rates per partner, bill-to and service type (spec 3 §3, §7). */
export function partnerRateRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
