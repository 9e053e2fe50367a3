import { contract, MSG, suRefusal } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { auditRefusedSu, findSuTarget } from '../../platform/auth/impersonation.ts';
import { rotateSession } from '../../platform/auth/sessions.ts';
import { loadSessionUser, presentUser } from '../../platform/auth/users.ts';
import { auditContext, setSessionCookie } from './cookies.ts';

/**
 * su (spec 1 §6, 2 §6): staff become another contact until they sign out. The request guards have
 * already required the client version header and a same-origin request, as for any write; core's
 * suRefusal decides whom the caller may become, and every refusal is recorded.
 */
export function suRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  route(app, contract.su, async ({ req, reply, user, query }) => {
    const id = query.id;
    if (id.length <= 10 && !/^\d+$/.test(id)) throw badRequest('Missing required contact id');
    // An API token has no browser session to hand over.
    const session = req.session;
    if (!session) throw forbidden('Logging in as another contact needs a signed-in browser session');
    const target = await findSuTarget(pool, id);
    if (!target) throw notFound();
    // Impersonating must never grant more than the staff member holds.
    const refusal = suRefusal({ ...user, su: session.impersonatorId ? user.su : null }, target);
    if (refusal) {
      await auditRefusedSu(pool, {
        actorId: session.impersonatorId ?? user.id,
        targetId: target.id,
        endpoint: 'su',
        reason: refusal.reason,
        message: refusal.message,
        ...auditContext(req),
      });
      throw refusal.reason === 'self' ? badRequest(refusal.message) : forbidden(refusal.message);
    }
    const token = await inTransaction(pool, async (client) => {
      const next = await rotateSession(client, clock, session.idHash, { contactId: target.id, impersonatorId: user.id });
      await writeAudit(client, {
        actorId: user.id,
        activityType: 'su',
        table: 'contacts',
        recordId: target.id,
        after: { impersonating: target.id, name: target.name },
        ...auditContext(req),
      });
      return next;
    });
    setSessionCookie(deps, req, reply, token);
    const next = await loadSessionUser(pool, target.id, user.id);
    if (!next) throw notFound();
    return { user: presentUser(next), message: MSG.NOW_LOGGED_IN_AS(target.name) };
  });
}
