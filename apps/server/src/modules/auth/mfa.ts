import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  codeState,
  MFA_CODE_LENGTH,
  MFA_CODE_TTL_MS,
  MFA_CODE_WINDOW_MS,
  MFA_MAX_ATTEMPTS,
  MFA_MSG,
  minutesUntil,
  MSG,
  nextCodeAllowedAt,
  type MfaOptions,
} from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/providers/messaging.ts';
import { hashToken, type SessionRow } from '../../platform/auth/sessions.ts';

interface Destinations {
  emails: { id: string; email: string }[];
  phones: { id: string; phone: string }[];
}

async function destinations(pool: Pool, contactId: string): Promise<Destinations> {
  const emails = await pool.query('select id, email from contact_emails where contact_id = $1 order by main desc, email', [contactId]);
  // Codes go only to phones that can take a text: SMS-enabled, or a Cell/Mobile line.
  const phones = await pool.query(
    `select id, phone_number_with_area_code as phone from contact_phones
      where contact_id = $1 and (sms_enabled or type in ('Cell', 'Mobile'))
        and length(regexp_replace(phone_number_with_area_code, '\\D', '', 'g')) >= 10
      order by main desc`,
    [contactId],
  );
  return { emails: emails.rows, phones: phones.rows };
}

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '•••';
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `(•••) •••-${digits.slice(-4)}`;
}

export async function mfaOptions(pool: Pool, contactId: string): Promise<MfaOptions> {
  const d = await destinations(pool, contactId);
  return {
    emails: d.emails.map((e) => ({ id: e.id, label: maskEmail(e.email) })),
    phones: d.phones.map((p) => ({ id: p.id, label: maskPhone(p.phone) })),
  };
}

/** When the account may be sent its next code (null: now), from its sends in the window. */
async function nextSendAt(db: Pool | PoolClient, contactId: string, now: Date): Promise<Date | null> {
  const { rows } = await db.query('select sent_at from mfa_code_sends where contact_id = $1 and sent_at > $2', [
    contactId,
    new Date(now.getTime() - MFA_CODE_WINDOW_MS),
  ]);
  return nextCodeAllowedAt(
    rows.map((r) => r.sent_at as Date),
    now,
  );
}

/**
 * Creates a fresh code for the pending session and sends it to one of the user's own destinations;
 * an earlier code stops working. An account gets at most 3 codes per 15 minutes (429 after that),
 * counted under a lock on the account so concurrent requests cannot pass the limit together; a
 * refused request changes nothing, so it never resets the tries of the code in use.
 */
export async function sendCode(
  deps: { pool: Pool; clock: Clock; messenger: Messenger },
  session: SessionRow,
  method: 'email' | 'sms',
  destinationId: string,
): Promise<void> {
  const d = await destinations(deps.pool, session.contactId);
  const to =
    method === 'email' ? d.emails.find((e) => e.id === destinationId)?.email : d.phones.find((p) => p.id === destinationId)?.phone;
  if (!to) throw badRequest(MSG.NO_ELIGIBLE_MFA);
  const code = String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
  const now = deps.clock.now();
  await inTransaction(deps.pool, async (client) => {
    await client.query('select 1 from contacts where id = $1 for no key update', [session.contactId]);
    await client.query('delete from mfa_code_sends where contact_id = $1 and sent_at <= $2', [
      session.contactId,
      new Date(now.getTime() - MFA_CODE_WINDOW_MS),
    ]);
    const next = await nextSendAt(client, session.contactId, now);
    if (next) throw tooManyRequests(MFA_MSG.TOO_MANY_CODES(minutesUntil(next, now)));
    const { rowCount } = await client.query(
      `update sessions set mfa_code_hash = $2, mfa_code_expires_at = $3, mfa_attempts = 0
        where id_hash = $1 and mfa_pending`,
      [session.idHash, hashToken(code), new Date(now.getTime() + MFA_CODE_TTL_MS)],
    );
    if (rowCount !== 1) throw unauthorized(MSG.MUST_LOG_IN);
    await client.query('insert into mfa_code_sends (contact_id, sent_at) values ($1, $2)', [session.contactId, now]);
  });
  const text = `Your Tripline sign-in code is ${code}. It expires in 10 minutes.`;
  if (method === 'email') await deps.messenger.sendEmail(to, 'Your Tripline sign-in code', text, session.contactId);
  else await deps.messenger.sendSms(to, text, session.contactId);
}

/**
 * Checks a code. The try is counted in the same statement that reads the code, and only while the
 * code is unexpired with tries left, so concurrent guesses can never compare more than 5 times.
 * A code whose tries are spent asks for a new one, or says when, if the account has had its 3.
 */
export async function checkCode(pool: Pool, clock: Clock, session: SessionRow, code: string): Promise<void> {
  const now = clock.now();
  const { rows } = await pool.query(
    `update sessions set mfa_attempts = mfa_attempts + 1
      where id_hash = $1 and mfa_pending and mfa_code_hash is not null and mfa_code_expires_at > $2 and mfa_attempts < $3
      returning mfa_code_hash`,
    [session.idHash, now, MFA_MAX_ATTEMPTS],
  );
  if (!rows[0]) {
    const current = await pool.query('select mfa_code_hash, mfa_code_expires_at, mfa_attempts from sessions where id_hash = $1', [
      session.idHash,
    ]);
    const c = current.rows[0];
    if (!c) throw unauthorized(MSG.MUST_LOG_IN);
    const state = codeState({ hasCode: c.mfa_code_hash !== null, expiresAt: c.mfa_code_expires_at, attempts: c.mfa_attempts }, now);
    if (state === 'none') throw badRequest(MFA_MSG.REQUEST_CODE_FIRST);
    if (state === 'spent') {
      const next = await nextSendAt(pool, session.contactId, now);
      if (next) throw tooManyRequests(MFA_MSG.TOO_MANY_CODES(minutesUntil(next, now)));
    }
    throw new HttpError(400, 'code_expired', MSG.MFA_CODE_EXPIRED);
  }
  const a = Buffer.from(hashToken(code));
  const b = Buffer.from(rows[0].mfa_code_hash as string);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new HttpError(400, 'code_invalid', MSG.MFA_CODE_INVALID);
}
