import { randomInt } from 'node:crypto';
import {
  contract,
  generatePassword,
  PASSWORD_ACCESS_MSG,
  PASSWORD_MSG,
  passwordEditDecision,
  passwordResetDecision,
  type PasswordDecision,
  type PasswordParty,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { maskEmail, maskPhone } from '../auth/mfa.ts';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle.ts';
import { deliveryAddress, endSessions, findCallerParent, findPasswordTarget, storePassword, type PasswordTarget } from './repository.ts';
import { temporaryPasswordMessage } from './messages.ts';

const newPassword = () => generatePassword((n) => randomInt(n));

/** A refusal of core's password rules as the API answers it: out of reach is 404, above the caller 403. */
function refuse(decision: Exclude<PasswordDecision, { ok: true }>): Error {
  if (decision.reason === 'out-of-scope') return notFound();
  if (decision.reason === 'self') return badRequest(decision.message);
  return forbidden(decision.message);
}

/**
 * Passwords (spec 2 §5, 3 §7; DECISIONS 3): change one's own or another's within reach, reset to a
 * temporary one, generate. A password never reaches the audit log or the server log.
 */
export function passwordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  async function caller(user: SessionUser): Promise<PasswordParty> {
    return { ...user, parentId: await findCallerParent(pool, user.id) };
  }

  /** The contact asked for, or 404; it must be able to sign in for a password to mean anything. */
  async function target(id: string): Promise<PasswordTarget> {
    const found = await findPasswordTarget(pool, id);
    if (!found) throw notFound();
    return found;
  }

  async function checkCurrentPassword(req: FastifyRequest, t: PasswordTarget, current: string | undefined): Promise<void> {
    if (!current) throw badRequest(PASSWORD_MSG.CURRENT_REQUIRED, [{ path: 'currentPassword', message: PASSWORD_MSG.CURRENT_REQUIRED }]);
    const username = t.username ?? t.id;
    // Guessing a current password here is guessing a sign-in: the sign-in throttle counts both.
    await assertNotThrottled(pool, clock, username, req.ip);
    if (!(await verifyPassword(t.passwordHash, current))) {
      await recordFailure(pool, clock, username, req.ip);
      throw badRequest(PASSWORD_MSG.CURRENT_WRONG, [{ path: 'currentPassword', message: PASSWORD_MSG.CURRENT_WRONG }]);
    }
    await clearFailures(pool, username, req.ip);
  }

  route(app, contract.passwordGenerator, async () => ({ password: newPassword() }));

  route(app, contract.passwordEdit, async ({ req, user, body }) => {
    const t = await target(body.contactId ?? user.id);
    const decision = passwordEditDecision(await caller(user), t);
    if (!decision.ok) throw refuse(decision);
    if (!t.username) throw badRequest(PASSWORD_ACCESS_MSG.NO_USERNAME(t.name));
    if (decision.currentRequired) await checkCurrentPassword(req, t, body.currentPassword);
    if (t.passwordHash && (await verifyPassword(t.passwordHash, body.newPassword))) {
      throw badRequest(PASSWORD_MSG.SAME_AS_CURRENT, [{ path: 'newPassword', message: PASSWORD_MSG.SAME_AS_CURRENT }]);
    }
    const hash = await hashPassword(body.newPassword);
    const own = t.id === user.id;
    await inTransaction(pool, async (client) => {
      await storePassword(client, t.id, hash, clock.now(), false);
      // Whoever else holds a session as this contact is signed out; the caller's own session stays.
      const ended = await endSessions(client, t.id, own ? (req.session?.idHash ?? null) : null);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'password-edit',
        table: 'contacts',
        recordId: t.id,
        after: { own, sessionsEnded: ended },
      });
    });
    return { ok: true as const };
  });

  route(app, contract.passwordReset, async ({ req, user, query }) => {
    const t = await target(query.contactId);
    const decision = passwordResetDecision(await caller(user), t);
    if (!decision.ok) throw refuse(decision);
    if (!t.username) throw badRequest(PASSWORD_ACCESS_MSG.NO_USERNAME(t.name));
    const address = query.sendNotification ? await deliveryAddress(pool, t.id) : null;
    if (query.sendNotification && !address) throw badRequest(PASSWORD_ACCESS_MSG.NO_EMAIL(t.name));
    const temporary = newPassword();
    const hash = await hashPassword(temporary);
    await inTransaction(pool, async (client) => {
      await storePassword(client, t.id, hash, clock.now(), true);
      const ended = await endSessions(client, t.id, null);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'password-reset',
        table: 'contacts',
        recordId: t.id,
        after: { sentBy: address?.channel ?? 'shown to the caller', sessionsEnded: ended },
      });
    });
    if (!address) return { sentTo: null, temporaryPassword: temporary };
    const text = temporaryPasswordMessage(t.username, temporary);
    if (address.channel === 'email') await deps.messenger.sendEmail(address.to, text.subject, text.body, t.id);
    else await deps.messenger.sendSms(address.to, text.sms, t.id);
    return { sentTo: address.channel === 'email' ? maskEmail(address.to) : maskPhone(address.to), temporaryPassword: null };
  });
}
