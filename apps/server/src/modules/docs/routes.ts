import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { isConnectionError } from '../../platform/db/availability.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { buildOpenApi, docsPage } from './openapi.ts';

export function docsRoutes(app: FastifyInstance, deps: AppDeps): void {
  let cached: ReturnType<typeof buildOpenApi> | null = null;
  route(app, contract.openapi, async () => (cached ??= buildOpenApi(deps.config.appVersion)));
  route(app, contract.apiDocs, async ({ reply }) => {
    reply.type('text/html; charset=utf-8');
    return docsPage(deps.config.appVersion);
  });
  // 503 with ok false while the database cannot be used, so a monitor or load balancer can tell.
  route(app, contract.health, async ({ reply }) => {
    const down = () => {
      reply.status(503).header('cache-control', 'no-store');
      return { ok: false, appVersion: deps.config.appVersion };
    };
    if (deps.database && !deps.database.up) return down();
    try {
      await deps.pool.query('select 1');
    } catch (e) {
      if (isConnectionError(e)) return down();
      throw e;
    }
    reply.header('cache-control', 'no-store');
    return { ok: true, appVersion: deps.config.appVersion };
  });
}
