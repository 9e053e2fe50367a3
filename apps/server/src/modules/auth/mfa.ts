import { randomInt, timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH, MFA_CODE_TTL_MS, MFA_MAX_ATTEMPTS, MSG, type MfaOptions } from '@tripline/core';
import type { Pool } from 'pg';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
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

/** Creates a fresh code for the pending session and sends it; an earlier code stops working. */
export async function sendCode(
  deps: { pool: Pool; clock: Clock; messenger: Messenger },
  session: SessionRow,
  method: 'email' | 'sms',
  destinationId: string,
): Promise<void> {
  const d = await destinations(deps.pool, session.contactId);
  const code = String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
  const text = `Your Tripline sign-in code is ${code}. It expires in 10 minutes.`;
  if (method === 'email') {
    const dest = d.emails.find((e) => e.id === destinationId);
    if (!dest) throw badRequest(MSG.NO_ELIGIBLE_MFA);
    await storeCode(deps, session, code);
    await deps.messenger.sendEmail(dest.email, 'Your Tripline sign-in code', text, session.contactId);
  } else {
    const dest = d.phones.find((p) => p.id === destinationId);
    if (!dest) throw badRequest(MSG.NO_ELIGIBLE_MFA);
    await storeCode(deps, session, code);
    await deps.messenger.sendSms(dest.phone, text, session.contactId);
  }
}

async function storeCode(deps: { pool: Pool; clock: Clock }, session: SessionRow, code: string): Promise<void> {
  await deps.pool.query(
    'update sessions set mfa_code_hash = $2, mfa_code_expires_at = $3, mfa_attempts = 0 where id_hash = $1',
    [session.idHash, hashToken(code), new Date(deps.clock.now().getTime() + MFA_CODE_TTL_MS)],
  );
}

/** Checks a code: expired codes and too many wrong tries fail; each wrong try is counted. */
export async function checkCode(pool: Pool, clock: Clock, session: SessionRow, code: string): Promise<void> {
  if (!session.mfaCodeHash || !session.mfaCodeExpiresAt) throw badRequest('Request a code first.');
  if (clock.now() >= session.mfaCodeExpiresAt) throw new HttpError(400, 'code_expired', MSG.MFA_CODE_EXPIRED);
  if (session.mfaAttempts >= MFA_MAX_ATTEMPTS) throw new HttpError(400, 'code_expired', MSG.MFA_CODE_EXPIRED);
  const a = Buffer.from(hashToken(code));
  const b = Buffer.from(session.mfaCodeHash);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    await pool.query('update sessions set mfa_attempts = mfa_attempts + 1 where id_hash = $1', [session.idHash]);
    throw new HttpError(400, 'code_invalid', MSG.MFA_CODE_INVALID);
  }
}
