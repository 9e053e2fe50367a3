import type { CurrentUser } from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { writeAudit } from '../../platform/audit.ts';
import { createSession, deleteSession, hashToken, REMEMBER_COOKIE, SESSION_COOKIE } from '../../platform/auth/sessions.ts';
import { loadSessionUser, presentUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { unauthorized } from '../../platform/errors.ts';
import { auditContext, setSessionCookie } from '../auth/cookies.ts';

export type SignInAnswer = CurrentUser | { entity: 'MFA_NEEDED' };

/**
 * Starts a session for a contact who just proved who they are (a new account, a reset link), in
 * the caller's transaction, with the sign-in rules of login: this browser's earlier session ends,
 * and an account that needs a second step gets MFA_NEEDED unless this browser is remembered.
 * Returns what to answer and a function that sets the cookie once the transaction committed.
 */
export async function signInWithinTransaction(
  deps: AppDeps,
  client: PoolClient,
  req: FastifyRequest,
  contactId: string,
): Promise<{ answer: SignInAnswer; setCookie: (reply: FastifyReply) => void }> {
  const { rows } = await client.query<{ mfa_required: boolean }>('select mfa_required from contacts where id = $1 and not deleted', [contactId]);
  if (!rows[0]) throw unauthorized();
  const old = req.cookies[SESSION_COOKIE];
  if (old) await deleteSession(client, hashToken(old));
  const device = req.cookies[REMEMBER_COOKIE];
  const remembered =
    device !== undefined &&
    (
      await client.query('select 1 from mfa_remembered_devices where token_hash = $1 and contact_id = $2 and expires_at > $3', [
        hashToken(device),
        contactId,
        deps.clock.now(),
      ])
    ).rowCount === 1;
  const mfaPending = rows[0].mfa_required && !remembered;
  const token = await createSession(client, deps.clock, {
    contactId,
    mfaPending,
    clientAddress: req.ip,
    userAgent: req.headers['user-agent'],
  });
  const setCookie = (reply: FastifyReply) => setSessionCookie(deps, req, reply, token);
  if (mfaPending) return { answer: { entity: 'MFA_NEEDED' }, setCookie };
  await writeAudit(client, { actorId: contactId, activityType: 'login', table: 'sessions', recordId: contactId, ...auditContext(req) });
  const user = await loadSessionUser(client, contactId, null);
  if (!user) throw unauthorized();
  return { answer: presentUser(user), setCookie };
}
