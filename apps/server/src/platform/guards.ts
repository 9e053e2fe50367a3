import {
  CLIENT_VERSION,
  CLIENT_VERSION_HEADER,
  MSG,
  STATUS_VERSION_OUT_OF_DATE,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { Clock } from './clock.ts';
import { HttpError } from './errors.ts';
import { findSession, hashToken, SESSION_COOKIE } from './auth/sessions.ts';
import { loadSessionUser } from './auth/users.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOrigin(req: FastifyRequest, origin: string): boolean {
  try {
    // URL drops default ports on both sides, so http://host and http://host:80 compare equal.
    return new URL(origin).host === new URL(`${req.protocol}://${req.host}`).host;
  } catch {
    return false;
  }
}

/** Client version (434), who is calling (session cookie or API token) and CSRF, before any /api handler. */
export function installRequestGuards(app: FastifyInstance, deps: { pool: Pool; clock: Clock }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionExpired', false);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;

    // spec 2 §8: an older client than this server expects answers 434.
    const versionHeader = req.headers[CLIENT_VERSION_HEADER];
    if (versionHeader !== undefined && !(Number(versionHeader) >= CLIENT_VERSION)) {
      throw new HttpError(STATUS_VERSION_OUT_OF_DATE, 'version_out_of_date', MSG.VERSION_OUT_OF_DATE);
    }

    const origin = req.headers.origin;
    if (origin && !SAFE_METHODS.has(req.method) && !sameOrigin(req, origin)) {
      throw new HttpError(403, 'csrf', MSG.CSRF_REFUSED);
    }

    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const { rows } = await deps.pool.query(
        `select contact_id, endpoints from api_tokens
          where token_hash = $1 and not revoked and (expires_at is null or expires_at > $2)`,
        [hashToken(auth.slice(7).trim()), deps.clock.now()],
      );
      if (!rows[0]) throw new HttpError(401, 'unauthorized', 'The API token is not valid');
      const user = await loadSessionUser(deps.pool, rows[0].contact_id, null);
      if (!user) throw new HttpError(401, 'unauthorized', 'The API token is not valid');
      req.user = { ...user, tokenEndpoints: rows[0].endpoints };
      return;
    }

    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    // A state-changing call riding on a session cookie must come from our page (spec 2 §7 headers).
    if (!SAFE_METHODS.has(req.method) && (!origin || versionHeader === undefined)) {
      throw new HttpError(403, 'csrf', MSG.CSRF_REFUSED);
    }
    const found = await findSession(deps.pool, deps.clock, token);
    if (!found) return;
    if ('expired' in found) {
      req.sessionExpired = true;
      return;
    }
    req.session = found.session;
    if (found.session.mfaPending) return;
    req.user = await loadSessionUser(deps.pool, found.session.contactId, found.session.impersonatorId);
  });
}
