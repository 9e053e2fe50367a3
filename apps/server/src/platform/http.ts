import {
  contract,
  MSG,
  mayAccess,
  mayCallWithPassword,
  TEMPORARY_PASSWORD_MSG,
  type Endpoint,
  type EndpointName,
  type HandlerResultOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@tripline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from './auth/users.ts';
import type { SessionRow } from './auth/sessions.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './errors.ts';

const NAMES = new Map<Endpoint, EndpointName>(Object.entries(contract).map(([name, ep]) => [ep as Endpoint, name as EndpointName]));

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    session: SessionRow | null;
    sessionExpired: boolean;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

export interface HandlerContext<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  user: E['access'] extends { public: true } ? SessionUser | null : SessionUser;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
}

type Output<E extends Endpoint> = HandlerResultOf<E>;

/** Turns zod issues into the error shape: the first message leads, every issue is listed with its path. */
export function validationError(error: z.ZodError): Error {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'The request is not valid', details);
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/**
 * Who may call (spec 1 §6, 2 §6): public; any signed-in user; or the listed roles (adminAccess
 * passes). An API token also needs its area and method on the token's list.
 */
export function assertAccess(ep: Endpoint, user: SessionUser | null, sessionExpired: boolean): void {
  if ('public' in ep.access) return;
  if (!user) throw unauthorized(sessionExpired ? MSG.SESSION_TIMED_OUT : MSG.MUST_LOG_IN);
}

export function assertRoles(ep: Endpoint, user: SessionUser | null): void {
  if (!user || 'public' in ep.access) return;
  if (user.tokenEndpoints) {
    const methods = user.tokenEndpoints[ep.area] ?? [];
    if (!methods.includes(ep.method)) throw forbidden();
  }
  if ('roles' in ep.access && !mayAccess(user, ep.access.roles)) throw forbidden();
  // a temporary password opens only the password page until the user chooses their own
  const name = NAMES.get(ep);
  if (name && !mayCallWithPassword(user, name)) throw new HttpError(403, 'password_change_required', TEMPORARY_PASSWORD_MSG);
}

/** Registers the handler of a contract endpoint: 401 → 400 → 403, then the handler. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (ctx: HandlerContext<E>) => Promise<Output<E>>,
): void {
  app.route({
    method: ep.method,
    url: `/api/${ep.path}`,
    config: { endpoint: ep },
    handler: async (req, reply) => {
      assertAccess(ep, req.user, req.sessionExpired);
      const query = ep.query ? parse(ep.query, req.query) : undefined;
      const body = ep.body ? parse(ep.body, req.body) : undefined;
      assertRoles(ep, req.user);
      const out = await handler({ req, reply, user: req.user, query, body } as HandlerContext<E>);
      return out;
    },
  });
}

/** Every /api route must come from the contract with its access stated; anything else stops start-up. */
export function refuseUndeclaredRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    const url = opts.url ?? '';
    if (!url.startsWith('/api')) return;
    const ep = opts.config?.endpoint;
    if (!ep || !ep.access) {
      throw new Error(`Route ${String(opts.method)} ${url} does not declare who may call it`);
    }
  });
}

/**
 * Sends JSON text already in the endpoint's response shape (a list built by PostgreSQL or kept
 * from before). Fastify takes a returned reply as "already sent".
 */
export function sendPrepared<T>(reply: FastifyReply, json: Buffer): T {
  reply.type('application/json; charset=utf-8').send(json);
  return reply as unknown as T;
}
