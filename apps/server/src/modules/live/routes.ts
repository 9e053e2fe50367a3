import '@fastify/websocket';
import { contract, MSG } from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/sessions.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { HttpError } from '../../platform/errors.ts';
import { sameOrigin } from '../../platform/guards.ts';
import { assertAccess, assertRoles, route, sendPrepared } from '../../platform/http.ts';
import type { LiveCredential } from '../../platform/live/connection.ts';
import { LiveHub } from '../../platform/live/hub.ts';
import { tripJsonCacheFor } from '../trips/day-list.ts';
import { deliverySource, tripSource } from './sources.ts';
import { marketplaceSource } from '../marketplace/live.ts';
import { tripWindowJson } from './window-http.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

function credentialOf(req: FastifyRequest): LiveCredential {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return { kind: 'token', tokenHash: hashToken(auth.slice(7).trim()), contactId: req.user!.id };
  const s = req.session!;
  return { kind: 'session', idHash: s.idHash, contactId: s.contactId, impersonatorId: s.impersonatorId };
}

/** GET /api/live: the found-set websocket (spec 1 §7, ARCHITECTURE "Live updates"). */
export function liveRoutes(app: FastifyInstance, deps: AppDeps): void {
  const hub = new LiveHub({
    pool: deps.pool,
    database: deps.database,
    clock: deps.clock,
    sources: [tripSource(deps), deliverySource(deps.pool), marketplaceSource(deps.pool, deps.clock)],
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  app.decorate('live', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', (done) => {
    hub.closeSockets();
    done();
  });
  app.addHook('onClose', () => hub.stop());

  const ep = contract.live;
  app.route({
    method: ep.method,
    url: `/api/${ep.path}`,
    config: { endpoint: ep },
    // Runs before the upgrade: a refused socket gets an ordinary HTTP answer (401, 403).
    preValidation: async (req) => {
      assertAccess(ep, req.user, req.sessionExpired);
      assertRoles(ep, req.user);
      // Browsers send cookies with cross-site websocket requests; only our own pages may use them.
      const origin = req.headers.origin;
      if (origin ? !sameOrigin(req, origin) : req.session) throw new HttpError(403, 'csrf', MSG.CSRF_REFUSED);
    },
    handler: async () => {
      throw new HttpError(426, 'upgrade_required', 'Open this address as a websocket');
    },
    wsHandler: (socket, req) => hub.accept(socket, req.user!, credentialOf(req)),
  });

  // The HTTP twin of a windowed fetch, for screens whose socket cannot be used.
  const cache = tripJsonCacheFor(deps.pool);
  route(app, contract.tripWindow, async ({ reply, user, query }) =>
    sendPrepared(reply, await tripWindowJson(deps.pool, deps.clock, cache, user, query)),
  );
}
