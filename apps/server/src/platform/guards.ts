import {
  CLIENT_VERSION,
  CLIENT_VERSION_HEADER,
  contract,
  MSG,
  SESSION_IDLE_MS,
  STATUS_VERSION_OUT_OF_DATE,
  type Endpoint,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { Clock } from './clock.ts';
import { HttpError } from './errors.ts';
import { auditRefusedSu, findSuTarget } from './auth/impersonation.ts';
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

/**
 * Calls that change who a session is: su starts an impersonation (a GET, as the spec names it) and
 * logout ends it. They are guarded like writes whatever their method.
 */
const IDENTITY_CHANGES: ReadonlySet<Endpoint> = new Set<Endpoint>([contract.su, contract.logout]);

/**
 * The request comes from the portal's own page: it carries the client version header, which a
 * link, a form or a cross-site script cannot add without a CORS preflight the portal never grants,
 * and nothing the browser says contradicts it. An Origin must name the portal, and a Sec-Fetch-Site
 * must be same-origin. A same-origin GET fetch carries no Origin in Chromium and Firefox, and over
 * plain http to an address other than localhost no Sec-Fetch-Site either: then the header alone is
 * the proof for a GET, so su works behind plain http on a private network as well as over https.
 * A browser always sends Origin with a POST, so ending an impersonation (logout) needs it as any
 * write does.
 */
export function fromOwnPage(req: FastifyRequest): boolean {
  if (req.headers[CLIENT_VERSION_HEADER] === undefined) return false;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  return origin ? sameOrigin(req, origin) : SAFE_METHODS.has(req.method);
}

/**
 * The refusal of a cross-site call. A refused su, or a refused end of an impersonation, is
 * recorded against the live session's real user; the session itself is left as it was.
 */
async function csrfRefusal(req: FastifyRequest, deps: { pool: Pool; clock: Clock }, endpoint: Endpoint | undefined): Promise<HttpError> {
  const refusal = new HttpError(403, 'csrf', MSG.CSRF_REFUSED);
  const token = req.cookies[SESSION_COOKIE];
  if (!token || !endpoint || !IDENTITY_CHANGES.has(endpoint)) return refusal;
  const now = deps.clock.now();
  const { rows } = await deps.pool.query(
    `select contact_id, impersonator_id from sessions
      where id_hash = $1 and not mfa_pending and expires_at > $2 and last_seen_at > $3`,
    [hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  const session = rows[0];
  const su = endpoint === contract.su;
  if (!session || (!su && !session.impersonator_id)) return refusal;
  const requested = su ? String((req.query as { id?: unknown }).id ?? '').trim().slice(0, 36) : '';
  const target = su ? await findSuTarget(deps.pool, requested) : null;
  await auditRefusedSu(deps.pool, {
    actorId: session.impersonator_id ?? session.contact_id,
    targetId: su ? (target?.id ?? null) : session.contact_id,
    requested,
    endpoint: su ? 'su' : 'logout',
    reason: 'cross-site',
    message: MSG.CSRF_REFUSED,
    requestId: req.id,
    clientAddress: req.ip,
  });
  return refusal;
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

    const endpoint = req.routeOptions.config?.endpoint;
    const identityChange = endpoint !== undefined && IDENTITY_CHANGES.has(endpoint);
    const origin = req.headers.origin;
    if (origin && (identityChange || !SAFE_METHODS.has(req.method)) && !sameOrigin(req, origin)) {
      throw await csrfRefusal(req, deps, endpoint);
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
    const unproven = identityChange ? !fromOwnPage(req) : !SAFE_METHODS.has(req.method) && (!origin || versionHeader === undefined);
    if (unproven) throw await csrfRefusal(req, deps, endpoint);
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
