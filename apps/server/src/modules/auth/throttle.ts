import { LOGIN_THROTTLE, MSG } from '@tripline/core';
import type { Pool } from 'pg';
import type { Clock } from '../../platform/clock.ts';
import { tooManyRequests } from '../../platform/errors.ts';

/**
 * Sign-in throttle (docs/security.md): failures are counted in a sliding 15-minute window per
 * account and address, per account and per address. Passing a limit answers 429 until the
 * oldest counted failure leaves the window, so nobody is locked out for longer than that.
 */
export async function assertNotThrottled(pool: Pool, clock: Clock, username: string, address: string): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const { rows } = await pool.query(
    `select
       (select count(*) from login_failures where lower(username) = lower($1) and client_address = $2 and at > $3) as pair,
       (select min(at) from (select at from login_failures where lower(username) = lower($1) and client_address = $2 and at > $3 order by at desc limit $4) x) as pair_oldest,
       (select count(*) from login_failures where lower(username) = lower($1) and at > $3) as account,
       (select min(at) from (select at from login_failures where lower(username) = lower($1) and at > $3 order by at desc limit $5) x) as account_oldest,
       (select count(*) from login_failures where client_address = $2 and at > $3) as address,
       (select min(at) from (select at from login_failures where client_address = $2 and at > $3 order by at desc limit $6) x) as address_oldest`,
    [username, address, since, LOGIN_THROTTLE.perAccountAndAddress, LOGIN_THROTTLE.perAccount, LOGIN_THROTTLE.perAddress],
  );
  const r = rows[0];
  const blockedUntil: number[] = [];
  if (r.pair >= LOGIN_THROTTLE.perAccountAndAddress) blockedUntil.push(r.pair_oldest.getTime() + LOGIN_THROTTLE.windowMs);
  if (r.account >= LOGIN_THROTTLE.perAccount) blockedUntil.push(r.account_oldest.getTime() + LOGIN_THROTTLE.windowMs);
  if (r.address >= LOGIN_THROTTLE.perAddress) blockedUntil.push(r.address_oldest.getTime() + LOGIN_THROTTLE.windowMs);
  if (blockedUntil.length === 0) return;
  const minutes = Math.max(1, Math.ceil((Math.max(...blockedUntil) - now.getTime()) / 60_000));
  throw tooManyRequests(MSG.TOO_MANY_ATTEMPTS(minutes));
}

export async function recordFailure(pool: Pool, clock: Clock, username: string, address: string): Promise<void> {
  await pool.query('insert into login_failures (username, client_address, at) values ($1, $2, $3)', [
    username.slice(0, 200),
    address,
    clock.now(),
  ]);
}

/** A successful sign-in forgets that account's failures from that address. */
export async function clearFailures(pool: Pool, username: string, address: string): Promise<void> {
  await pool.query('delete from login_failures where lower(username) = lower($1) and client_address = $2', [username, address]);
}
