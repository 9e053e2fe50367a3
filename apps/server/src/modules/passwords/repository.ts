import { eligibleSmsPhone, type PasswordParty, type Phone } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

/** A contact whose password may change: what the rules need, plus its sign-in name and hash. */
export interface PasswordTarget extends PasswordParty {
  username: string | null;
  passwordHash: string | null;
}

/** A contact by id (deleted ones are not found). */
export async function findPasswordTarget(db: Pool | PoolClient, id: string): Promise<PasswordTarget | null> {
  const { rows } = await db.query(
    `select id, name, types, ldap_groups, admin_access, parent_id, username, password_hash
       from contacts where id = $1 and not deleted`,
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
    parentId: r.parent_id,
    username: r.username,
    passwordHash: r.password_hash,
  };
}

/** The signed-in caller as a password party (its parent is not part of the session user). */
export async function findCallerParent(db: Pool, id: string): Promise<string | null> {
  const { rows } = await db.query<{ parent_id: string | null }>('select parent_id from contacts where id = $1', [id]);
  return rows[0]?.parent_id ?? null;
}

/** Stores a new password hash; a temporary one must be changed at the next sign-in. */
export async function storePassword(db: PoolClient, id: string, hash: string, at: Date, temporary: boolean): Promise<void> {
  await db.query(
    `update contacts set password_hash = $2, password_change_required = $3, password_changed_at = $4,
            mod_count = mod_count + 1, updated_at = $4
      where id = $1`,
    [id, hash, temporary, at],
  );
}

/** Ends the contact's sessions, except the one given (the caller's own, when it changes its own password). */
export async function endSessions(db: PoolClient, contactId: string, keepIdHash: string | null): Promise<number> {
  const { rowCount } = await db.query('delete from sessions where contact_id = $1 and id_hash is distinct from $2', [contactId, keepIdHash]);
  return rowCount ?? 0;
}

/** Where a temporary password can be sent: the main email first, else a phone that takes SMS (core eligibleSmsPhone). */
export async function deliveryAddress(db: Pool, contactId: string): Promise<{ channel: 'email' | 'sms'; to: string } | null> {
  const email = await db.query<{ email: string }>(
    'select email from contact_emails where contact_id = $1 order by main desc, email limit 1',
    [contactId],
  );
  if (email.rows[0]) return { channel: 'email', to: email.rows[0].email };
  const { rows } = await db.query<Phone>(
    `select phone_number_with_area_code as "phoneNumberWithAreaCode", sms_enabled as "smsEnabled", type, main
       from contact_phones where contact_id = $1 order by sms_enabled desc, main desc`,
    [contactId],
  );
  const phone = eligibleSmsPhone(rows);
  return phone ? { channel: 'sms', to: phone.phoneNumberWithAreaCode } : null;
}
