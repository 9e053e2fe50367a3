import { contract, isPortalAccount, linkWorks, PORTAL_ACCOUNT_MSG, RESET_LINK_TTL_MS, resetLinkEmail } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { inTransaction, writeAudit } from '../../platform/audit.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { hashToken, newToken } from '../../platform/auth/sessions.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { HttpError } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { auditContext } from '../auth/cookies.ts';
import { endSessions, storePassword } from '../passwords/repository.ts';
import { claimSend } from './limits.ts';
import { wizardLink } from './links.ts';
import { findLink, insertLink, useLink } from './repository.ts';
import { signInWithinTransaction } from './sign-in.ts';

/** A reset link goes to at most this many accounts sharing one address. */
const MAX_ACCOUNTS_PER_ADDRESS = 3;

const expired = () => new HttpError(400, 'link_expired', PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED);

/**
 * The forgotten password (spec 2 §2, §7): send-reminder-email answers the same for any address;
 * each portal account with a sign-in that has the address on file gets a link that works once,
 * for 60 minutes. Opening it sets a new password, ends the account's sessions and signs in.
 */
export function resetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  route(app, contract.caseManagerLoginSendReminderEmail, async ({ req, body }) => {
    const now = clock.now();
    const links = await inTransaction(pool, async (client) => {
      await claimSend(client, clock, body.email, req.ip);
      const { rows } = await client.query<{ id: string; username: string; types: string[]; ldap_groups: string[]; admin_access: boolean }>(
        `select c.id, c.username, c.types, c.ldap_groups, c.admin_access from contacts c
          where not c.deleted and c.username is not null and c.password_hash is not null
            and (lower(c.username) = lower($1) or exists (select 1 from contact_emails e where e.contact_id = c.id and lower(trim(e.email)) = lower($1)))
          order by c.contact_number`,
        [body.email],
      );
      const accounts = rows
        .filter((r) => isPortalAccount({ types: r.types, ldapGroups: r.ldap_groups, adminAccess: r.admin_access }))
        .slice(0, MAX_ACCOUNTS_PER_ADDRESS);
      const made: { contactId: string; username: string; token: string }[] = [];
      for (const a of accounts) {
        const token = newToken();
        await insertLink(client, { tokenHash: hashToken(token), kind: 'reset', contactId: a.id, email: null, now, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) });
        await writeAudit(client, { actorId: null, activityType: 'password-reset-link', table: 'portal_account_links', recordId: a.id, ...auditContext(req) });
        made.push({ contactId: a.id, username: a.username, token });
      }
      return made;
    });
    for (const l of links) {
      const mail = resetLinkEmail(wizardLink(deps, req, { token: l.token }), l.username);
      await deps.messenger.sendEmail(body.email, mail.subject, mail.body, l.contactId);
    }
    return { ok: true as const };
  });

  route(app, contract.caseManagerLoginResetPasswordState, async ({ query }) => {
    const link = await findLink(pool, hashToken(query.token), 'reset');
    if (link && linkWorks(link, clock.now())) return { expired: false as const, expiresAt: link.expiresAt.toISOString() };
    return { expired: true as const, message: PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED };
  });

  route(app, contract.caseManagerLoginResetPassword, async ({ req, reply, query, body }) => {
    const tokenHash = hashToken(query.token);
    // refused early, before the slow hashing, when the link cannot work
    const link = await findLink(pool, tokenHash, 'reset');
    if (!link || !linkWorks(link, clock.now())) throw expired();
    const hash = await hashPassword(body.newPassword);
    const signedIn = await inTransaction(pool, async (client) => {
      const used = await useLink(client, tokenHash, 'reset', clock.now());
      if (!used) throw expired();
      await storePassword(client, used.contactId, hash, clock.now(), false);
      const ended = await endSessions(client, used.contactId, null);
      // the owner proved who they are: earlier wrong passwords no longer hold the sign-in back
      await client.query('delete from login_failures where lower(username) = (select lower(username) from contacts where id = $1)', [used.contactId]);
      await writeAudit(client, {
        actorId: used.contactId,
        activityType: 'password-reset',
        table: 'contacts',
        recordId: used.contactId,
        after: { by: 'reset link', sessionsEnded: ended },
        ...auditContext(req),
      });
      return signInWithinTransaction(deps, client, req, used.contactId);
    });
    signedIn.setCookie(reply);
    return signedIn.answer;
  });
}
