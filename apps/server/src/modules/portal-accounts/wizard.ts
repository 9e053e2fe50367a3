import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_CODE_LENGTH,
  ACCOUNT_CODE_MAX_TRIES,
  ACCOUNT_CODE_TTL_MS,
  ACCOUNT_REQUEST_TTL_MS,
  accountCodeEmail,
  accountCodeProblem,
  accountNotFoundEmail,
  accountRequestMatch,
  contract,
  PORTAL_ACCOUNT_MSG,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction, writeAudit } from '../../platform/audit.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { hashToken, newToken } from '../../platform/auth/sessions.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { auditContext } from '../auth/cookies.ts';
import { createAccount } from './create-account.ts';
import { confirmEmailChange } from './email-change.ts';
import { claimSend, removeEndedAccountRecords } from './limits.ts';
import { wizardLink } from './links.ts';
import { phoneDigits } from './phone.ts';
import {
  insertRequest,
  markVerified,
  openRequest,
  requestByLink,
  requestCandidates,
  storeRequestEmail,
  tryCode,
  type AccountRequest,
} from './repository.ts';

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const requestAudit = (req: FastifyRequest, requestId: string, step: string, after: Record<string, unknown> = {}) => ({
  actorId: null,
  activityType: 'account-request' as const,
  table: 'portal_account_requests',
  recordId: requestId,
  after: { step, ...after },
  ...auditContext(req),
});

/**
 * The login and registration wizard (spec 2 §2, §7): find-my-account, save-email, the code or
 * link, save-phone. Every answer is the same whether or not the request matches someone on file,
 * until the emailed code or link proves the address. Codes and tokens are kept only as hashes and
 * never reach the audit log.
 */
export function wizardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  async function openOrRefuse(db: PoolClient, requestToken: string): Promise<AccountRequest> {
    const r = await openRequest(db, hashToken(requestToken), clock.now(), true);
    if (!r) throw new HttpError(400, 'request_expired', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);
    return r;
  }

  route(app, contract.caseManagerLoginFindMyAccount, async ({ req, body }) => {
    const now = clock.now();
    const token = newToken();
    await inTransaction(pool, async (client) => {
      await removeEndedAccountRecords(client, now);
      const id = await insertRequest(client, {
        tokenHash: hashToken(token),
        email: body.email,
        phoneDigits: phoneDigits(body.tel),
        caseManager: body.caseManager,
        clientAddress: req.ip,
        now,
        expiresAt: new Date(now.getTime() + ACCOUNT_REQUEST_TTL_MS),
      });
      await writeAudit(client, requestAudit(req, id, 'find-my-account', { caseManager: body.caseManager }));
    });
    return { requestToken: token };
  });

  route(app, contract.caseManagerLoginSaveEmail, async ({ req, body }) => {
    // hashed before the transaction: the slow part holds no lock
    const passwordHash = await hashPassword(body.newPassword);
    const now = clock.now();
    const code = String(randomInt(0, 10 ** ACCOUNT_CODE_LENGTH)).padStart(ACCOUNT_CODE_LENGTH, '0');
    const linkToken = newToken();
    const sent = await inTransaction(pool, async (client) => {
      const r = await openOrRefuse(client, body.requestToken);
      await claimSend(client, clock, r.email, req.ip);
      const contactId = accountRequestMatch(await requestCandidates(client, r.email, r.phoneDigits, r.caseManager));
      await storeRequestEmail(client, r.id, {
        passwordHash,
        contactId,
        codeHash: contactId ? hashToken(code) : null,
        linkHash: contactId ? hashToken(linkToken) : null,
        codeExpiresAt: new Date(now.getTime() + ACCOUNT_CODE_TTL_MS),
      });
      await writeAudit(client, requestAudit(req, r.id, 'save-email', { matched: contactId !== null }));
      return { request: r, contactId };
    });
    const mail = sent.contactId
      ? accountCodeEmail(code, wizardLink(deps, req, { emailToActivate: sent.request.email, token: linkToken }))
      : accountNotFoundEmail(sent.request.caseManager);
    await deps.messenger.sendEmail(sent.request.email, mail.subject, mail.body, sent.contactId);
    return { ok: true as const };
  });

  route(app, contract.caseManagerLoginSaveEmailVerificationCode, async ({ req, body }) => {
    if (body.emailToActivate !== undefined && body.token !== undefined) {
      const emailToActivate = body.emailToActivate;
      const linkHash = hashToken(body.token);
      const next = newToken();
      const verified = await inTransaction(pool, async (client) => {
        const r = await requestByLink(client, linkHash, emailToActivate, clock.now());
        if (!r || !(await markVerified(client, r.id, hashToken(next), clock.now()))) return false;
        await writeAudit(client, requestAudit(req, r.id, 'verified', { by: 'link' }));
        return true;
      });
      if (verified) return { next: 'enterPhone' as const, requestToken: next };
      const email = await confirmEmailChange(deps, req, linkHash, emailToActivate);
      if (!email) throw new HttpError(400, 'link_expired', PORTAL_ACCOUNT_MSG.LINK_EXPIRED);
      return { next: 'emailChanged' as const, email };
    }
    const r = await openRequest(pool, hashToken(body.requestToken ?? ''), clock.now());
    if (!r) throw new HttpError(400, 'request_expired', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);
    if (r.verifiedAt) throw badRequest(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
    const tried = await tryCode(pool, r.id, clock.now(), ACCOUNT_CODE_MAX_TRIES);
    if (!tried) {
      const problem = accountCodeProblem({ expiresAt: r.codeExpiresAt, tries: r.codeAttempts }, clock.now());
      throw new HttpError(400, 'code_expired', problem ?? PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
    }
    if (!tried.codeHash || !sameHash(tried.codeHash, hashToken(body.code ?? ''))) {
      await writeAudit(pool, requestAudit(req, r.id, 'wrong-code'));
      throw new HttpError(400, 'code_invalid', PORTAL_ACCOUNT_MSG.CODE_WRONG, { details: [{ path: 'code', message: PORTAL_ACCOUNT_MSG.CODE_WRONG }] });
    }
    const next = newToken();
    await inTransaction(pool, async (client) => {
      if (!(await markVerified(client, r.id, hashToken(next), clock.now()))) throw badRequest(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
      await writeAudit(client, requestAudit(req, r.id, 'verified', { by: 'code' }));
    });
    return { next: 'enterPhone' as const, requestToken: next };
  });

  route(app, contract.caseManagerLoginSavePhone, async ({ req, reply, body }) => {
    const signedIn = await inTransaction(pool, async (client) => {
      const r = await openOrRefuse(client, body.requestToken);
      if (!r.verifiedAt || !r.contactId || !r.passwordHash) throw badRequest(PORTAL_ACCOUNT_MSG.VERIFY_FIRST);
      return createAccount(deps, client, req, { ...r, contactId: r.contactId, passwordHash: r.passwordHash }, body);
    });
    signedIn.setCookie(reply);
    return signedIn.answer;
  });
}
