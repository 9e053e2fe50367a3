import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { hashPassword } from '../src/platform/auth/password.ts';

export const PASSWORD = 'Correct-Horse9';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));

export interface ContactSpec {
  name?: string;
  types?: string[];
  ldapGroups?: string[];
  adminAccess?: boolean;
  username?: string | null;
  mfaRequired?: boolean;
  parentId?: string | null;
  email?: string;
  phone?: { number: string; smsEnabled?: boolean; type?: string };
  billToIds?: string[];
}

export interface Created {
  id: string;
  contactNumber: number;
  name: string;
  username: string | null;
}

/** Creates exactly one contact (a user when it has a username) with what the test asks for. */
export async function createContact(pool: Pool, spec: ContactSpec = {}): Promise<Created> {
  const suffix = randomBytes(4).toString('hex');
  const username = spec.username === null ? null : (spec.username ?? `user_${suffix}`);
  const name = spec.name ?? `Test Contact ${suffix}`;
  const { rows } = await pool.query(
    `insert into contacts (name, types, ldap_groups, admin_access, username, password_hash, mfa_required, parent_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, contact_number`,
    [
      name,
      spec.types ?? ['SecureEmployee'],
      spec.ldapGroups ?? [],
      spec.adminAccess ?? false,
      username,
      username ? await passwordHash() : null,
      spec.mfaRequired ?? false,
      spec.parentId ?? null,
    ],
  );
  const id = rows[0].id;
  if (spec.email) await pool.query('insert into contact_emails (contact_id, email, main) values ($1, $2, true)', [id, spec.email]);
  if (spec.phone) {
    await pool.query(
      'insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, type, main) values ($1, $2, $3, $4, true)',
      [id, spec.phone.number, spec.phone.smsEnabled ?? false, spec.phone.type ?? 'Cell'],
    );
  }
  for (const b of spec.billToIds ?? []) {
    await pool.query('insert into case_manager_bill_tos (case_manager_id, bill_to_id) values ($1, $2)', [id, b]);
  }
  return { id, contactNumber: rows[0].contact_number, name, username };
}
