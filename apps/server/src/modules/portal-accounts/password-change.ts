import { contract, PASSWORD_MSG } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { endSessions, storePassword } from '../passwords/repository.ts';
import { checkOwnPassword } from './current-password.ts';

/** case-manager-update-password: the signed-in portal user's own password; other sessions end, this one stays. */
export function passwordChangeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  route(app, contract.caseManagerUpdatePassword, async ({ req, user, body }) => {
    const stored = await checkOwnPassword(deps, req, user.id, body.currentPassword);
    if (await verifyPassword(stored, body.newPassword)) {
      throw badRequest(PASSWORD_MSG.SAME_AS_CURRENT, [{ path: 'newPassword', message: PASSWORD_MSG.SAME_AS_CURRENT }]);
    }
    const hash = await hashPassword(body.newPassword);
    await inTransaction(pool, async (client) => {
      await storePassword(client, user.id, hash, clock.now(), false);
      const ended = await endSessions(client, user.id, req.session?.idHash ?? null);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'password-edit',
        table: 'contacts',
        recordId: user.id,
        after: { own: true, sessionsEnded: ended },
      });
    });
    return { ok: true as const };
  });
}
