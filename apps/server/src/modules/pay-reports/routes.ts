import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/** Partner pay reports: the week's pay and the trips not yet final (spec 2 §5, 3 §2). */
export function payReportRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
