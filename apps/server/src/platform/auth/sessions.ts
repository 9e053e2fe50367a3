import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { Clock } from '../clock.ts';
import { unauthorized } from '../errors.ts';

export const SESSION_COOKIE = 'tripline_session';
export const REMEMBER_COOKIE = 'tripline_mfa_device';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export interface SessionRow {
  idHash: string;
  contactId: string;
  impersonatorId: string | null;
  mfaPending: boolean;
  mfaCodeHash: string | null;
  mfaCodeExpiresAt: Date | null;
  mfaAttempts: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

function toRow(r: Record<string, unknown>): SessionRow {
  return {
    idHash: r.id_hash as string,
    contactId: r.contact_id as string,
    impersonatorId: (r.impersonator_id as string) ?? null,
    mfaPending: r.mfa_pending as boolean,
    mfaCodeHash: (r.mfa_code_hash as string) ?? null,
    mfaCodeExpiresAt: (r.mfa_code_expires_at as Date) ?? null,
    mfaAttempts: r.mfa_attempts as number,
    createdAt: r.created_at as Date,
    lastSeenAt: r.last_seen_at as Date,
    expiresAt: r.expires_at as Date,
  };
}

/** Starts a session and answers its token (the cookie value); only its hash is stored. */
export async function createSession(
  db: Pool | PoolClient,
  clock: Clock,
  s: { contactId: string; impersonatorId?: string | null; mfaPending?: boolean; clientAddress?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.query(
    `insert into sessions (id_hash, contact_id, impersonator_id, mfa_pending, created_at, last_seen_at, expires_at, client_address, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [
      hashToken(token),
      s.contactId,
      s.impersonatorId ?? null,
      s.mfaPending ?? false,
      now,
      new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      s.clientAddress ?? null,
      (s.userAgent ?? '').slice(0, 300),
    ],
  );
  return token;
}

export type SessionLookup = { session: SessionRow } | { expired: true } | null;

/**
 * Finds a live session. One idle longer than 15 minutes or older than 12 hours is deleted and
 * reported as expired (spec 2 §8 'Your session has timed out').
 */
export async function findSession(db: Pool, clock: Clock, token: string): Promise<SessionLookup> {
  const { rows } = await db.query('select * from sessions where id_hash = $1', [hashToken(token)]);
  if (!rows[0]) return null;
  const session = toRow(rows[0]);
  const now = clock.now().getTime();
  if (now - session.lastSeenAt.getTime() > SESSION_IDLE_MS || now >= session.expiresAt.getTime()) {
    await db.query('delete from sessions where id_hash = $1', [session.idHash]);
    return { expired: true };
  }
  // Writing on every request would be wasted work; a minute of slack in the idle limit is harmless.
  if (now - session.lastSeenAt.getTime() > 60_000) {
    await db.query('update sessions set last_seen_at = $2 where id_hash = $1', [session.idHash, new Date(now)]);
  }
  return { session };
}

/** A new session id with the same content (after MFA and on impersonation), so an old id is worthless. */
export async function rotateSession(
  db: Pool | PoolClient,
  clock: Clock,
  oldHash: string,
  changes: { contactId?: string; impersonatorId?: string | null; mfaPending?: boolean },
): Promise<string> {
  const token = newToken();
  const { rowCount } = await db.query(
    `update sessions set id_hash = $2,
            contact_id = coalesce($3, contact_id),
            impersonator_id = case when $4::boolean then $5::uuid else impersonator_id end,
            mfa_pending = coalesce($6, mfa_pending),
            mfa_code_hash = null, mfa_code_expires_at = null, mfa_attempts = 0,
            last_seen_at = $7
      where id_hash = $1`,
    [
      oldHash,
      hashToken(token),
      changes.contactId ?? null,
      changes.impersonatorId !== undefined,
      changes.impersonatorId ?? null,
      changes.mfaPending ?? null,
      clock.now(),
    ],
  );
  // Signed out, or rotated by a request that ran at the same time: this one no longer has a session.
  if (rowCount !== 1) throw unauthorized();
  return token;
}

export async function deleteSession(db: Pool | PoolClient, idHash: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [idHash]);
}
