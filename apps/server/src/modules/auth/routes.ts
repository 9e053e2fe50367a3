import { contract, MFA_REMEMBER_DAYS, MSG, textProblem } from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { decoyHash, verifyPassword } from '../../platform/auth/password.ts';
import {
  createSession,
  deleteSession,
  hashToken,
  newToken,
  REMEMBER_COOKIE,
  rotateSession,
  SESSION_COOKIE,
} from '../../platform/auth/sessions.ts';
import { loadSessionUser, presentUser } from '../../platform/auth/users.ts';
import { auditContext, cookieOptions, setSessionCookie } from './cookies.ts';
import { checkCode, mfaOptions, sendCode } from './mfa.ts';
import { signInName } from '../portal-accounts/sign-in-name.ts';
import { suRoutes } from './su.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle.ts';

function parseBasic(header: string | undefined): { username: string; password: string } {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) throw badRequest('Enter your user name and password');
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  const username = i >= 0 ? decoded.slice(0, i).trim() : '';
  const password = i >= 0 ? decoded.slice(i + 1) : '';
  if (!username || !password) throw badRequest('Enter your user name and password');
  if (username.length > 200 || password.length > 1000) throw badRequest('The user name or password is too long');
  // the user name is looked up and stored with failed attempts: PostgreSQL refuses a NUL in text
  const problem = textProblem(username);
  if (problem) throw badRequest(problem);
  return { username, password };
}

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  async function rememberedDevice(req: FastifyRequest, contactId: string): Promise<boolean> {
    const token = req.cookies[REMEMBER_COOKIE];
    if (!token) return false;
    const { rowCount } = await pool.query(
      'select 1 from mfa_remembered_devices where token_hash = $1 and contact_id = $2 and expires_at > $3',
      [hashToken(token), contactId, clock.now()],
    );
    return rowCount === 1;
  }

  route(app, contract.login, async ({ req, reply }) => {
    const typed = parseBasic(req.headers.authorization);
    const username = await signInName(pool, typed.username);
    const password = typed.password;
    await assertNotThrottled(pool, clock, username, req.ip);
    const { rows } = await pool.query(
      'select id, password_hash, mfa_required from contacts where lower(username) = lower($1) and not deleted',
      [username],
    );
    const contact = rows[0];
    // Unknown user and wrong password take the same time and give the same answer.
    const ok = await verifyPassword(contact?.password_hash ?? (await decoyHash()), password);
    if (!contact || !ok) {
      await recordFailure(pool, clock, username, req.ip);
      throw unauthorized(MSG.INVALID_CREDENTIALS);
    }
    await clearFailures(pool, username, req.ip);
    const old = req.cookies[SESSION_COOKIE];
    if (old) await deleteSession(pool, hashToken(old));
    const mfaPending = contact.mfa_required && !(await rememberedDevice(req, contact.id));
    const token = await createSession(pool, clock, {
      contactId: contact.id,
      mfaPending,
      clientAddress: req.ip,
      userAgent: req.headers['user-agent'],
    });
    setSessionCookie(deps, req, reply, token);
    if (mfaPending) return { entity: 'MFA_NEEDED' as const };
    await writeAudit(pool, { actorId: contact.id, activityType: 'login', table: 'sessions', recordId: contact.id, ...auditContext(req) });
    const user = await loadSessionUser(pool, contact.id, null);
    if (!user) throw unauthorized(MSG.INVALID_CREDENTIALS);
    return presentUser(user);
  });

  const pendingSession = (req: FastifyRequest) => {
    if (!req.session?.mfaPending) throw unauthorized(req.sessionExpired ? MSG.SESSION_TIMED_OUT : MSG.MUST_LOG_IN);
    return req.session;
  };

  route(app, contract.mfaRetrievalOptions, async ({ req }) => mfaOptions(pool, pendingSession(req).contactId));

  route(app, contract.mfaChooseDeliveryMethod, async ({ req, body }) => {
    await sendCode(deps, pendingSession(req), body.method, body.id);
    return { ok: true as const };
  });

  route(app, contract.mfaVerifyCode, async ({ req, reply, body }) => {
    const session = pendingSession(req);
    await checkCode(pool, clock, session, body.verificationCode);
    const days = MFA_REMEMBER_DAYS * 86_400_000;
    const device = body.rememberMe ? newToken() : null;
    const token = await inTransaction(pool, async (client) => {
      const next = await rotateSession(client, clock, session.idHash, { mfaPending: false });
      if (device) {
        await client.query('insert into mfa_remembered_devices (token_hash, contact_id, expires_at) values ($1, $2, $3)', [
          hashToken(device),
          session.contactId,
          new Date(clock.now().getTime() + days),
        ]);
      }
      await writeAudit(client, { actorId: session.contactId, activityType: 'login', table: 'sessions', recordId: session.contactId, after: { mfa: true }, ...auditContext(req) });
      return next;
    });
    setSessionCookie(deps, req, reply, token);
    if (device) reply.setCookie(REMEMBER_COOKIE, device, { ...cookieOptions(deps, req), maxAge: days / 1000 });
    const user = await loadSessionUser(pool, session.contactId, null);
    if (!user) throw unauthorized();
    return presentUser(user);
  });

  route(app, contract.logout, async ({ req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    // Ending an impersonation changes who the session is: the request guards checked it like a write.
    if (token) {
      const session = req.session;
      await inTransaction(pool, async (client) => {
        if (session?.impersonatorId) {
          await writeAudit(client, {
            actorId: session.impersonatorId,
            impersonatorId: null,
            activityType: 'su-end',
            table: 'contacts',
            recordId: session.contactId,
            ...auditContext(req),
          });
        }
        await deleteSession(client, hashToken(token));
      });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  route(app, contract.currentUser, async ({ user }) => presentUser(user));

  suRoutes(app, deps);
}
