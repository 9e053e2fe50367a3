import { PASSWORD_ACCESS_MSG, PASSWORD_MSG } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../../platform/auth/password.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle.ts';

/**
 * Checks the signed-in user's current password before a change to their own sign-in. Guessing it
 * here is guessing a sign-in: the sign-in throttle counts both. Answers the stored hash.
 */
export async function checkOwnPassword(deps: AppDeps, req: FastifyRequest, contactId: string, current: string): Promise<string> {
  const { rows } = await deps.pool.query<{ username: string | null; password_hash: string | null; name: string }>(
    'select username, password_hash, name from contacts where id = $1 and not deleted',
    [contactId],
  );
  const c = rows[0];
  if (!c?.username || !c.password_hash) throw badRequest(PASSWORD_ACCESS_MSG.NO_USERNAME(c?.name ?? ''));
  await assertNotThrottled(deps.pool, deps.clock, c.username, req.ip);
  if (!(await verifyPassword(c.password_hash, current))) {
    await recordFailure(deps.pool, deps.clock, c.username, req.ip);
    throw badRequest(PASSWORD_MSG.CURRENT_WRONG, [{ path: 'currentPassword', message: PASSWORD_MSG.CURRENT_WRONG }]);
  }
  await clearFailures(deps.pool, c.username, req.ip);
  return c.password_hash;
}
