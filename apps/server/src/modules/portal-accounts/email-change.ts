import {
  contract,
  EMAIL_CHANGE_TTL_MS,
  emailChangeConfirmEmail,
  emailChangedEmail,
  emailChangeNoticeEmail,
  PORTAL_ACCOUNT_MSG,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import { hashToken, newToken } from '../../platform/auth/sessions.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { auditContext } from '../auth/cookies.ts';
import { maskEmail } from '../auth/mfa.ts';
import { checkOwnPassword } from './current-password.ts';
import { wizardLink } from './links.ts';
import { insertLink, mainEmail, useLink, usernameTaken } from './repository.ts';

/**
 * Opens an email-change link (from save-email-verification-code): the account's main email address
 * becomes the new one, and a user name that was the old address follows it. Null when the link
 * does not work (expired, used, unknown or for another address). The old address is told.
 */
export async function confirmEmailChange(deps: AppDeps, req: FastifyRequest, linkHash: string, emailToActivate: string): Promise<string | null> {
  const now = deps.clock.now();
  const done = await inTransaction(deps.pool, async (client) => {
    const link = await useLink(client, linkHash, 'email-change', now, emailToActivate);
    if (!link?.email) return null;
    const { rows } = await client.query<{ username: string | null }>('select username from contacts where id = $1 and not deleted for update', [link.contactId]);
    if (!rows[0]) return null;
    const old = await mainEmail(client, link.contactId);
    const username = rows[0].username;
    const followsEmail = username !== null && old !== null && username.toLowerCase() === old.toLowerCase();
    if (followsEmail && (await usernameTaken(client, link.email, link.contactId))) throw new HttpError(400, 'email_taken', PORTAL_ACCOUNT_MSG.EMAIL_TAKEN);
    const { rowCount } = await client.query(
      `update contact_emails set email = $2 where id = (select id from contact_emails where contact_id = $1 order by main desc, email limit 1)`,
      [link.contactId, link.email],
    );
    if (rowCount === 0) await client.query('insert into contact_emails (contact_id, email, main) values ($1, $2, true)', [link.contactId, link.email]);
    await client.query(
      `update contacts set username = case when $3 then $2 else username end, mod_count = mod_count + 1, updated_at = $4 where id = $1`,
      [link.contactId, link.email, followsEmail, now],
    );
    await writeAudit(client, {
      actorId: link.contactId,
      activityType: 'email-change',
      table: 'contact_emails',
      recordId: link.contactId,
      before: { email: old, ...(followsEmail ? { username } : {}) },
      after: { email: link.email, ...(followsEmail ? { username: link.email } : {}) },
      ...auditContext(req),
    });
    return { email: link.email, old, contactId: link.contactId };
  });
  if (!done) return null;
  if (done.old) {
    const mail = emailChangedEmail(maskEmail(done.email));
    await deps.messenger.sendEmail(done.old, mail.subject, mail.body, done.contactId);
  }
  return done.email;
}

/** case-manager-update-email: the signed-in portal user asks to use a new address. */
export function emailChangeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  route(app, contract.caseManagerUpdateEmail, async ({ req, user, body }) => {
    await checkOwnPassword(deps, req, user.id, body.currentPassword);
    const old = await mainEmail(pool, user.id);
    if (old && old.toLowerCase() === body.email.toLowerCase()) throw badRequest(PORTAL_ACCOUNT_MSG.EMAIL_SAME, [{ path: 'email', message: PORTAL_ACCOUNT_MSG.EMAIL_SAME }]);
    if (await usernameTaken(pool, body.email, user.id)) throw badRequest(PORTAL_ACCOUNT_MSG.EMAIL_TAKEN, [{ path: 'email', message: PORTAL_ACCOUNT_MSG.EMAIL_TAKEN }]);
    const token = newToken();
    const now = clock.now();
    await inTransaction(pool, async (client) => {
      await insertLink(client, { tokenHash: hashToken(token), kind: 'email-change', contactId: user.id, email: body.email, now, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) });
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'email-change',
        table: 'portal_account_links',
        recordId: user.id,
        after: { requested: maskEmail(body.email) },
      });
    });
    const confirm = emailChangeConfirmEmail(wizardLink(deps, req, { emailToActivate: body.email, token }));
    await deps.messenger.sendEmail(body.email, confirm.subject, confirm.body, user.id);
    if (old) {
      const notice = emailChangeNoticeEmail(maskEmail(body.email));
      await deps.messenger.sendEmail(old, notice.subject, notice.body, user.id);
    }
    return { ok: true as const };
  });
}
