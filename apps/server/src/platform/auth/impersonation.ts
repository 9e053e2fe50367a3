import type { SuRefusalReason, SuTarget } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { writeAudit } from '../audit.ts';

export type FoundSuTarget = SuTarget & { id: string };

/** The contact su names: a record id, or a contact number (spec: su?id). Deleted contacts are not found. */
export async function findSuTarget(db: Pool | PoolClient, id: string): Promise<FoundSuTarget | null> {
  const byId = id.length > 10;
  if (!byId && !/^\d+$/.test(id)) return null;
  const { rows } = await db.query(
    `select id, name, types, ldap_groups, admin_access, mfa_required from contacts
      where ${byId ? 'id::text = $1' : 'contact_number = $1::bigint'} and not deleted`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    types: r.types,
    ldapGroups: r.ldap_groups,
    adminAccess: r.admin_access,
    mfaRequired: r.mfa_required,
  };
}

/**
 * Records an attempt to change who a session is that was refused: su into a contact the caller may
 * not reach, or su / ending su from a request that did not come from the portal's own page.
 */
export async function auditRefusedSu(
  db: Pool | PoolClient,
  e: {
    actorId: string;
    /** The contact that was to be impersonated (or whose impersonation was to end), when known. */
    targetId: string | null;
    /** The id as asked, when it names no contact. */
    requested?: string;
    endpoint: 'su' | 'logout';
    reason: SuRefusalReason | 'cross-site';
    message: string;
    requestId: string;
    clientAddress: string;
  },
): Promise<void> {
  await writeAudit(db, {
    actorId: e.actorId,
    impersonatorId: null,
    activityType: 'su-refused',
    table: 'contacts',
    recordId: e.targetId,
    after: {
      endpoint: e.endpoint,
      reason: e.reason,
      message: e.message,
      ...(e.targetId ? {} : { requested: (e.requested ?? '').slice(0, 36) }),
    },
    requestId: e.requestId,
    clientAddress: e.clientAddress,
  });
}
