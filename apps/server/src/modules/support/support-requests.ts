import { SUPPORT_INBOX, supportPhoneDigits, type SupportRequest } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';

export interface NewSupportRequest {
  message: string;
  name?: string;
  email?: string;
  phone?: string;
  url?: string;
  /** The signed-in sender, if any (during su, the staff member behind it). */
  sender: SessionUser | null;
  clientAddress: string;
}

const COLUMNS = `s.id, s.created_at, s.contact_id, c.contact_number, s.name, s.email, s.phone, s.message, s.url`;

function present(r: Record<string, unknown>): SupportRequest {
  return {
    id: r.id as string,
    createdAt: (r.created_at as Date).toISOString(),
    contactId: (r.contact_id as string) ?? null,
    contactNumber: r.contact_number === null || r.contact_number === undefined ? null : Number(r.contact_number),
    name: (r.name as string) ?? null,
    email: (r.email as string) ?? null,
    phone: (r.phone as string) ?? null,
    message: r.message as string,
    url: (r.url as string) ?? null,
  };
}

const formatPhone = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

/**
 * Stores a support message. A signed-in sender's name, main email and main phone fill in what the
 * form left empty, so support can answer without looking the sender up.
 */
export async function storeSupportRequest(db: PoolClient, r: NewSupportRequest): Promise<SupportRequest> {
  const contactId = r.sender?.su?.id ?? r.sender?.id ?? null;
  const digits = r.phone?.trim() ? supportPhoneDigits(r.phone) : null;
  const { rows } = await db.query(
    `with sender as (
       select c.id, c.name, c.contact_number,
              (select e.email from contact_emails e where e.contact_id = c.id order by e.main desc limit 1) as email,
              (select p.phone_number_with_area_code from contact_phones p where p.contact_id = c.id order by p.main desc limit 1) as phone
         from contacts c where c.id = $1
     ), ins as (
       insert into support_requests (contact_id, name, email, phone, message, url, client_address)
       select $1, coalesce($2, (select name from sender)), coalesce($3, (select email from sender)),
              coalesce($4, (select phone from sender)), $5, $6, $7
       returning *
     )
     select ins.*, (select contact_number from sender) as contact_number from ins`,
    [
      contactId,
      r.name?.trim() || null,
      r.email?.trim() || null,
      digits ? formatPhone(digits) : null,
      r.message.trim(),
      r.url?.trim() || null,
      r.clientAddress,
    ],
  );
  return present(rows[0]);
}

export async function listSupportRequests(pool: Pool): Promise<SupportRequest[]> {
  const { rows } = await pool.query(
    `select ${COLUMNS} from support_requests s left join contacts c on c.id = s.contact_id order by s.created_at desc, s.id limit 200`,
  );
  return rows.map(present);
}

/** The email support receives for a message. */
export function supportEmail(r: SupportRequest) {
  const from = [r.name ?? 'Someone not signed in', r.contactNumber ? `#${r.contactNumber}` : null].filter(Boolean).join(' ');
  const replyTo = [r.email, r.phone].filter(Boolean).join(', ') || 'no email or phone given';
  return {
    to: SUPPORT_INBOX,
    subject: `Support message from ${r.name ?? 'the support form'}`,
    body: [`From: ${from}`, `Reply to: ${replyTo}`, r.url ? `Page: ${r.url}` : null, '', r.message].filter((l) => l !== null).join('\n'),
  };
}
