import { normalizeIP } from '@fastify/rate-limit';
import { minutesUntil, nextSendAllowedAt, PORTAL_ACCOUNT_MSG, PORTAL_SEND_LIMIT, PORTAL_STEP_LIMIT } from '@tripline/core';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { Clock } from '../../platform/clock.ts';
import { tooManyRequests } from '../../platform/errors.ts';

/**
 * Every public step of the portal accounts, per client address (an IPv6 address by its /64):
 * PORTAL_STEP_LIMIT calls in a window, counted in PostgreSQL like the other request limits.
 */
export function portalStepLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: PORTAL_STEP_LIMIT.max,
    timeWindow: PORTAL_STEP_LIMIT.windowMs,
    keyGenerator: (req) => `portal-account:${normalizeIP(req.ip)}`,
    errorResponseBuilder: (_req, context) => tooManyRequests(PORTAL_ACCOUNT_MSG.TOO_MANY_STEPS(Math.max(1, Math.ceil(context.ttl / 60_000)))),
  }) as onRequestAsyncHookHandler;
}

/**
 * The emails of the public steps (the wizard's code, a reset link): at most PORTAL_SEND_LIMIT per
 * address typed and per client address in a sliding hour, known address or not, so the limit says
 * nothing about who is on file. Counts under a lock on the address so concurrent calls cannot pass
 * it together; the send is recorded in the caller's transaction.
 */
export async function claimSend(db: PoolClient, clock: Clock, email: string, clientAddress: string): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - PORTAL_SEND_LIMIT.windowMs);
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`portal-account-send:${email.toLowerCase()}`]);
  const { rows } = await db.query<{ by_email: Date[]; by_client: Date[] }>(
    `select coalesce((select array_agg(at) from portal_account_sends where lower(email) = lower($1) and at > $3), '{}') as by_email,
            coalesce((select array_agg(at) from portal_account_sends where client_address = $2 and at > $3), '{}') as by_client`,
    [email, clientAddress, since],
  );
  const next = [
    nextSendAllowedAt(rows[0].by_email, now, PORTAL_SEND_LIMIT.perEmail, PORTAL_SEND_LIMIT.windowMs),
    nextSendAllowedAt(rows[0].by_client, now, PORTAL_SEND_LIMIT.perClient, PORTAL_SEND_LIMIT.windowMs),
  ].filter((d): d is Date => d !== null);
  if (next.length > 0) throw tooManyRequests(PORTAL_ACCOUNT_MSG.TOO_MANY_EMAILS(minutesUntil(new Date(Math.max(...next.map((d) => d.getTime()))), now)));
  await db.query('delete from portal_account_sends where at <= $1', [since]);
  await db.query('insert into portal_account_sends (email, client_address, at) values ($1, $2, $3)', [email, clientAddress, now]);
}

/** Account requests and links that ended more than a day ago are of no further use. */
export async function removeEndedAccountRecords(db: Pool | PoolClient, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 86_400_000);
  await db.query('delete from portal_account_requests where expires_at < $1', [before]);
  await db.query('delete from portal_account_links where expires_at < $1', [before]);
}
