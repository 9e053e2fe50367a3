/**
 * A contact's lists that are replaced whole on save (spec 2 §3): phones (exactly one main), e-mails,
 * linked bill-tos and special requests. Rows keep their ids when the list names them.
 */
import { phoneToStore, withOneMainPhone, type ParsedContactInput } from '@tripline/core';
import type { PoolClient } from 'pg';

/** The ids of the contact's rows in a table, so a given id is reused only when it was the contact's. */
async function ownIds(client: PoolClient, table: string, column: string, contactId: string): Promise<Set<string>> {
  const { rows } = await client.query<{ id: string }>(`select id from ${table} where ${column} = $1`, [contactId]);
  return new Set(rows.map((r) => r.id));
}

export async function savePhones(client: PoolClient, contactId: string, phones: ParsedContactInput['phones']): Promise<void> {
  const own = await ownIds(client, 'contact_phones', 'contact_id', contactId);
  await client.query('delete from contact_phones where contact_id = $1', [contactId]);
  for (const p of withOneMainPhone(phones)) {
    await client.query(
      `insert into contact_phones (id, contact_id, phone_number_with_area_code, type, sms_enabled, main)
       values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6)`,
      [p.id && own.has(p.id) ? p.id : null, contactId, phoneToStore(p.phoneNumberWithAreaCode), p.type, p.smsEnabled, p.main],
    );
  }
}

export async function saveEmails(client: PoolClient, contactId: string, emails: ParsedContactInput['emails']): Promise<void> {
  const own = await ownIds(client, 'contact_emails', 'contact_id', contactId);
  await client.query('delete from contact_emails where contact_id = $1', [contactId]);
  for (const [i, e] of emails.entries()) {
    await client.query(
      `insert into contact_emails (id, contact_id, email, type, main) values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5)`,
      [e.id && own.has(e.id) ? e.id : null, contactId, e.email, e.type, i === 0],
    );
  }
}

export async function saveBillTos(client: PoolClient, contactId: string, billToIds: readonly string[]): Promise<void> {
  await client.query('delete from case_manager_bill_tos where case_manager_id = $1', [contactId]);
  if (billToIds.length) {
    await client.query(
      'insert into case_manager_bill_tos (case_manager_id, bill_to_id) select $1, unnest($2::uuid[]) on conflict do nothing',
      [contactId, billToIds],
    );
  }
}

/** Special requests: new ones are entered by the saving user now; listed ones keep who entered them. */
export async function saveSpecialRequests(
  client: PoolClient,
  contactId: string,
  requests: ParsedContactInput['specialRequests'],
  enteredBy: string,
): Promise<void> {
  const own = await ownIds(client, 'contact_special_requests', 'contact_id', contactId);
  const kept = requests.filter((r) => r.id && own.has(r.id)).map((r) => r.id!);
  await client.query('delete from contact_special_requests where contact_id = $1 and not (id = any($2::uuid[]))', [contactId, kept]);
  for (const r of requests) {
    if (r.id && own.has(r.id)) {
      await client.query('update contact_special_requests set note = $2, active = $3 where id = $1', [r.id, r.note, r.active]);
    } else {
      await client.query('insert into contact_special_requests (contact_id, note, active, entered_by) values ($1, $2, $3, $4)', [
        contactId,
        r.note,
        r.active,
        enteredBy,
      ]);
    }
  }
}
