import { eligibleSmsPhone, isStaff, phoneToStore, formatPhone } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { loadSessionUser, type SessionUser } from '../../platform/auth/users.ts';
import { notFound } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';

type Db = Pool | PoolClient;

/**
 * Whose subscriptions a call is about: a portal user's own (anyone else's answers 404, like a
 * missing contact); staff may name any contact who is not deleted.
 */
export async function resolveRecipient(db: Db, caller: SessionUser, recipientId: string | undefined): Promise<SessionUser> {
  if (!recipientId || recipientId.toLowerCase() === caller.id) return caller;
  if (!isStaff(caller)) throw notFound('The contact was not found.');
  const recipient = await loadSessionUser(db, recipientId.toLowerCase(), null);
  if (!recipient) throw notFound('The contact was not found.');
  return recipient;
}

export interface Destinations {
  emails: string[];
  /** Shown as (505) 555-0101. */
  smsPhones: string[];
  voicePhones: string[];
}

/**
 * Where a recipient's notices may go: their own e-mail addresses and phones on file (what staff
 * entered or the account wizard confirmed). Texts only to phones that take them (spec 1 §5 rule);
 * calls to any phone but a fax.
 */
export async function ownDestinations(db: Db, contactId: string): Promise<Destinations> {
  const [emails, phones] = await Promise.all([
    db.query<{ email: string }>(`select distinct lower(trim(email)) as email from contact_emails where contact_id = $1 and email <> '' order by 1`, [contactId]),
    db.query<{ phone: string; sms_enabled: boolean; type: string }>(
      `select phone_number_with_area_code as phone, sms_enabled, type from contact_phones where contact_id = $1 order by main desc, id`,
      [contactId],
    ),
  ]);
  const shown = (p: string) => formatPhone(p);
  const usable = phones.rows.filter((p) => phoneToStore(p.phone) !== null);
  const sms = usable.filter((p) => eligibleSmsPhone([{ phoneNumberWithAreaCode: p.phone, smsEnabled: p.sms_enabled, type: p.type, main: false }]) !== null);
  return {
    emails: emails.rows.map((r) => r.email),
    smsPhones: [...new Set(sms.map((p) => shown(p.phone)))],
    voicePhones: [...new Set(usable.filter((p) => p.type !== 'Fax').map((p) => shown(p.phone)))],
  };
}

/** The same phone, whatever way it is written. */
export const samePhone = (a: string, b: string) => phoneToStore(a) !== null && phoneToStore(a) === phoneToStore(b);

/** A case manager's bill-to accounts by name (none for anyone else). */
export async function ownBillTos(db: Db, recipient: SessionUser): Promise<{ id: string; name: string }[]> {
  if (!recipient.types.includes('Case Manager') || recipient.billToIds.length === 0) return [];
  const { rows } = await db.query(`select id, name from contacts where id = any($1::uuid[]) order by name, id`, [recipient.billToIds]);
  return rows;
}

/** The passengers a case manager's bill-tos cover (coverages), by name; `ids` narrows to those asked about. */
export async function members(db: Db, recipient: SessionUser, opts: { ids?: readonly string[]; limit?: number } = {}): Promise<{ id: string; name: string }[]> {
  if (!recipient.types.includes('Case Manager') || recipient.billToIds.length === 0) return [];
  const { rows } = await db.query(
    `select c.id, c.name from contacts c
      where not c.deleted and c.types && array['S/N Passenger', 'Passenger']
        and exists (select 1 from coverages cv where cv.contact_id = c.id and not cv.deleted and cv.bill_to_id = any($1::uuid[]))
        and ($2::text[] is null or c.id::text = any($2::text[]))
      order by c.name, c.id limit $3`,
    [recipient.billToIds, opts.ids ? opts.ids.map((i) => i.toLowerCase()) : null, opts.limit ?? 500],
  );
  return rows;
}

/** Which of these trips the recipient may see (their row scope, as every trip read applies it). */
export async function tripsVisibleTo(db: Db, recipient: SessionUser, tripIds: readonly string[]): Promise<Set<string>> {
  if (tripIds.length === 0) return new Set();
  const params: unknown[] = [tripIds];
  const scope = tripScope(recipient, params);
  const { rows } = await db.query<{ id: string }>(`select da.id from drive_assignments da where da.id = any($1::uuid[]) and ${scope}`, params);
  return new Set(rows.map((r) => r.id));
}

export { loadSessionUser };
