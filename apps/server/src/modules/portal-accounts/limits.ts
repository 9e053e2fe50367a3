import { normalizeIP } from '@fastify/rate-limit';
import { minutesUntil, nextSendAllowedAt, PORTAL_ACCOUNT_MSG, PORTAL_SEND_LIMIT, PORTAL_STEP_LIMIT } from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { Clock } from '../../platform/clock.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { requestLimitStore } from '../../platform/request-limits.ts';

/**
 * Every public step of the portal accounts, per client address (an IPv6 address by its /64): at
 * most PORTAL_STEP_LIMIT steps answered in a window, counted in PostgreSQL (request_limits) like
 * the other request limits so every server process shares the count. A step is counted when it is
 * answered without an error; a refused one (bad input, a wrong code, which has its own tries)
 * writes nothing. Past the limit every public step answers 429 until the window ends.
 */
export function installPortalStepLimit(scope: FastifyInstance, deps: { pool: Pool; clock: Clock }): void {
  const store = new (requestLimitStore(deps.pool, deps.clock))();
  const key = (req: FastifyRequest) => `portal-account:${normalizeIP(req.ip)}`;
  const call = (fn: (done: (e: Error | null, r?: { current: number; ttl: number }) => void) => void) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => fn((e, r) => (e || !r ? reject(e ?? new Error('no count')) : resolve(r))));
  scope.addHook('onRequest', async (req) => {
    const { current, ttl } = await call((done) => store.read(key(req), done));
    if (current >= PORTAL_STEP_LIMIT.max) throw tooManyRequests(PORTAL_ACCOUNT_MSG.TOO_MANY_STEPS(Math.max(1, Math.ceil(ttl / 60_000))));
  });
  scope.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400) await call((done) => store.incr(key(req), done, PORTAL_STEP_LIMIT.windowMs));
    return payload;
  });
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
