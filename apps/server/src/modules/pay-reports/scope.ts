import { isStaff } from '@tripline/core';
import type { Pool } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';

export interface ReportPartner {
  /** The partner reported on, or null for every partner (staff only). */
  affiliateId: string | null;
  partnerName: string | null;
}

/**
 * Whose pay a report covers: a partner's users only their own partner, whatever they
 * ask (another partner's id answers 404, as a record out of scope does); staff the partner they
 * name, which must be a partner company, or every partner.
 */
export async function reportPartner(pool: Pool, user: SessionUser, affiliateId: string | undefined): Promise<ReportPartner> {
  let id: string | null;
  if (isStaff(user)) id = affiliateId ?? null;
  else {
    if (!user.partnerId || (affiliateId !== undefined && affiliateId !== user.partnerId)) throw notFound();
    id = user.partnerId;
  }
  if (id === null) return { affiliateId: null, partnerName: null };
  if (!isUuid(id)) throw notFound();
  const { rows } = await pool.query<{ name: string | null }>(
    `select name from contacts where id = $1 and 'Affiliate' = any(types) and parent_id is null`,
    [id],
  );
  if (!rows[0]) throw notFound();
  return { affiliateId: id, partnerName: rows[0].name };
}
