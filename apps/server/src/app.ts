import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { APP_VERSION_HEADER, MSG, tileImageOrigin, type ApiErrorBody } from '@tripline/core';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppDeps } from './platform/deps.ts';
import { HttpError } from './platform/errors.ts';
import { isConnectionError } from './platform/db/availability.ts';
import { installRequestGuards } from './platform/guards.ts';
import { refuseUndeclaredRoutes } from './platform/http.ts';
import { drainRefusedBodies } from './platform/refused-bodies.ts';
import { installRequestLimits } from './platform/request-limits.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { acceptJsonBodiesOnly } from './platform/json-body.ts';
import { assignmentRoutes } from './modules/assignment/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { logRoutes } from './modules/log/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { tripRoutes } from './modules/trips/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { coverageRoutes } from './modules/coverage/routes.ts';
import { contactDetailRoutes } from './modules/contact-details/routes.ts';
import { contactCareRoutes } from './modules/contact-care/routes.ts';
import { employeeRoutes } from './modules/employees/routes.ts';
import { vehicleRoutes } from './modules/vehicles/routes.ts';
import { divisionRoutes } from './modules/divisions/routes.ts';
import { watchListRoutes } from './modules/watch-list/routes.ts';
import { passwordRoutes } from './modules/passwords/routes.ts';
import { reservationRoutes } from './modules/reservations/routes.ts';
import { standingOrderRoutes } from './modules/standing-orders/routes.ts';
import { portalTripRoutes } from './modules/portal-trips/routes.ts';
import { portalRequestRoutes } from './modules/portal-requests/routes.ts';
import { portalAccountRoutes } from './modules/portal-accounts/routes.ts';
import { partnerRateRoutes } from './modules/partner-rates/routes.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { partnerMonitorRoutes } from './modules/partner-monitor/routes.ts';
import { payReportRoutes } from './modules/pay-reports/routes.ts';
import { eventSubscriptionRoutes } from './modules/event-subscriptions/routes.ts';

export interface AppOptions {
  /** Built web app to serve with the API. */
  webDist?: string;
  logLevel?: string;
  trustProxy?: boolean;
}

/** Every area's routes, in one list so the route table is complete in one place. */
const MODULES = [authRoutes, contactRoutes, tripRoutes, searchRoutes, assignmentRoutes, supportRoutes, notificationRoutes, liveRoutes, logRoutes, reviewRoutes, geoRoutes, coverageRoutes, reservationRoutes, standingOrderRoutes, contactDetailRoutes, contactCareRoutes, employeeRoutes, vehicleRoutes, divisionRoutes, watchListRoutes, passwordRoutes, portalTripRoutes, portalRequestRoutes, portalAccountRoutes, eventSubscriptionRoutes, partnerRateRoutes, marketplaceRoutes, partnerMonitorRoutes, payReportRoutes, docsRoutes];

export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    logger: {
      level: options.logLevel ?? 'silent',
      // Paths only: query strings can carry names and member ids, which stay out of logs.
      serializers: {
        req: (req) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
  });

  // first, so that every answer carries the headers, early refusals included
  await installSecurityHeaders(app, { strictTransport: deps.config.secureCookies, tileImages: tileImageOrigin(deps.config.mapTiles ?? null) });
  drainRefusedBodies(app);
  refuseUndeclaredRoutes(app);
  acceptJsonBodiesOnly(app);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  installRequestGuards(app, deps);
  await installRequestLimits(app, deps);

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header(APP_VERSION_HEADER, deps.config.appVersion);
    return payload;
  });

  app.setErrorHandler((err: Error & { validation?: unknown; code?: string }, req, reply) => {
    const body: ApiErrorBody = { error: 'server_error', message: 'The server could not complete the request', requestId: req.id };
    let status = 500;
    if (err instanceof HttpError) {
      status = err.status;
      Object.assign(body, { error: err.code, message: err.message }, err.extra);
    } else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      Object.assign(body, { error: 'bad_request', message: 'The request body is empty: send JSON' });
    } else if (err.validation || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err as { statusCode?: number }).statusCode === 400) {
      status = 400;
      Object.assign(body, { error: 'bad_request', message: 'The request body is not valid JSON' });
    } else if ((err as { statusCode?: number }).statusCode === 413) {
      status = 413;
      Object.assign(body, { error: 'too_large', message: 'The request is too large' });
    } else if ((err as { statusCode?: number }).statusCode === 415) {
      status = 415;
      Object.assign(body, { error: 'unsupported_media_type', message: 'Send the request body as JSON' });
    } else if (isConnectionError(err)) {
      // The database is gone or not answering: a quick 503 the client can retry, not a 500.
      status = 503;
      Object.assign(body, { error: 'database_unreachable', message: MSG.DATABASE_UNREACHABLE });
    } else {
      req.log.error({ err, requestId: req.id }, 'request failed');
    }
    reply.status(status).send(body);
  });

  for (const register of MODULES) register(app, deps);

  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0];
    // Missing files (an asset name with an extension) are 404, not the app page, so a stale
    // script reference fails plainly instead of loading HTML as JavaScript.
    const isFile = /\.[a-z0-9]+$/i.test(pathOnly);
    if (pathOnly.startsWith('/api/') || pathOnly === '/api' || !options.webDist || req.method !== 'GET' || isFile) {
      reply.status(404).send({ error: 'not_found', message: 'There is no such address', requestId: req.id });
      return;
    }
    // The web app routes on the client: every other page address gets index.html.
    sendAppPage(reply, options.webDist, pathOnly);
  });

  if (options.webDist && fs.existsSync(path.join(options.webDist, 'index.html'))) {
    // wildcard: files are looked up per request, so a rebuilt app is served without a restart.
    // preCompressed: the build's Brotli and gzip copies go to browsers that accept them.
    await app.register(fastifyStatic, { root: options.webDist, wildcard: true, index: false, maxAge: '1h', preCompressed: true });
    const webDist = options.webDist;
    app.get('/', (_req, reply) => sendAppPage(reply, webDist, '/'));
  }
  return app;
}

/** The passenger and case manager homes, whose page already holds their header and "Loading your trips". */
const PORTAL_HOMES = /^\/(passenger-portal|case-manager)\/?$/;
/** That page, written by the web build (apps/web/src/app/first-paint.ts). */
const PORTAL_HOME_PAGE = 'portal-home.html';

/**
 * index.html is checked with the server on every visit (it names the current build's files, whose
 * own names change with their content), so a new release is picked up on the next page load.
 */
function sendAppPage(reply: FastifyReply, webDist: string, pathname: string): FastifyReply {
  const page = PORTAL_HOMES.test(pathname) && fs.existsSync(path.join(webDist, PORTAL_HOME_PAGE)) ? PORTAL_HOME_PAGE : 'index.html';
  return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
}
