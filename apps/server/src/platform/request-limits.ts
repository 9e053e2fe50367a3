import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import { ANONYMOUS_MESSAGE_LIMIT, tooManyMessages } from '@tripline/core';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Pool } from 'pg';
import type { Clock } from './clock.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Per-address request limits (docs/security.md "Rate limits") through @fastify/rate-limit, counted
 * in PostgreSQL (request_limits) so that every server process shares one count, as the sign-in
 * throttle does. A window starts with a caller's first request and lasts its length; the next
 * request after it starts a new one.
 */
export function requestLimitStore(pool: Pool, clock: Clock) {
  class PostgresLimitStore implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = clock.now();
      pool
        .query<{ count: number; reset_at: Date }>(
          `insert into request_limits as l (key, count, reset_at) values ($1, 1, $3)
           on conflict (key) do update
             set count = case when l.reset_at <= $2 then 1 else l.count + 1 end,
                 reset_at = case when l.reset_at <= $2 then excluded.reset_at else l.reset_at end
           returning count, reset_at`,
          [key, now, new Date(now.getTime() + timeWindow)],
        )
        .then(({ rows }) => done(null, { current: rows[0].count, ttl: rows[0].reset_at.getTime() - now.getTime() }), done);
    }

    /** The count so far without adding to it (the plugin's `increment: false`). */
    read(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const now = clock.now();
      pool
        .query<{ count: number; reset_at: Date }>('select count, reset_at from request_limits where key = $1 and reset_at > $2', [key, now])
        .then(({ rows }) => done(null, rows[0] ? { current: rows[0].count, ttl: rows[0].reset_at.getTime() - now.getTime() } : { current: 0, ttl: 0 }), done);
    }

    child(): FastifyRateLimitStore {
      return new PostgresLimitStore();
    }
  }
  return PostgresLimitStore;
}

/** Rows of windows that ended: a caller who comes back starts a new window anyway. */
export async function removeEndedLimits(pool: Pool, now: Date): Promise<number> {
  const { rowCount } = await pool.query('delete from request_limits where reset_at <= $1', [now]);
  return rowCount ?? 0;
}

/** Registers the plugin without a global limit: each limit is attached where it applies. */
export async function installRequestLimits(app: FastifyInstance, deps: { pool: Pool; clock: Clock }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: requestLimitStore(deps.pool, deps.clock),
    // the 429 answer carries Retry-After; the message says the same in minutes
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
  });
}

/**
 * Messages anyone may send without signing in (bug reports, support messages): 5 an hour per
 * address (an IPv6 address counts by its /64), shared by every such endpoint. A signed-in caller
 * is not counted here. Use as the onRequest hook of those routes.
 */
export function anonymousMessageLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: ANONYMOUS_MESSAGE_LIMIT.max,
    timeWindow: ANONYMOUS_MESSAGE_LIMIT.windowMs,
    keyGenerator: (req) => `anonymous-message:${normalizeIP(req.ip)}`,
    allowList: (req) => req.user !== null,
    errorResponseBuilder: (_req, context) => tooManyRequests(tooManyMessages(context.ttl)),
  }) as onRequestAsyncHookHandler;
}
