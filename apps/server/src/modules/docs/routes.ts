import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
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
  route(app, contract.health, async () => {
    await deps.pool.query('select 1');
    return { ok: true, appVersion: deps.config.appVersion };
  });
}
