import type { Employee, EmployeePhone } from '@tripline/core';
import type { PoolClient } from 'pg';

/**
 * The contact's phones become the list given: numbers kept are updated in place (their type and
 * other fields stay), numbers gone are removed, new ones are added as cell phones.
 */
export async function writeEmployeePhones(client: PoolClient, contactId: string, phones: readonly EmployeePhone[]): Promise<void> {
  const numbers = phones.map((p) => p.phoneNumberWithAreaCode);
  await client.query('delete from contact_phones where contact_id = $1 and not (phone_number_with_area_code = any($2::text[]))', [contactId, numbers]);
  for (const p of phones) {
    const { rowCount } = await client.query(
      'update contact_phones set main = $3, sms_enabled = $4 where contact_id = $1 and phone_number_with_area_code = $2',
      [contactId, p.phoneNumberWithAreaCode, p.main, p.smsEnabled],
    );
    if (!rowCount) {
      await client.query(
        `insert into contact_phones (contact_id, phone_number_with_area_code, main, sms_enabled, type) values ($1, $2, $3, $4, 'Cell')`,
        [contactId, p.phoneNumberWithAreaCode, p.main, p.smsEnabled],
      );
    }
  }
}

/** The employee's e-mail is the contact's main e-mail; other e-mails of the contact stay. */
export async function writeEmployeeEmail(client: PoolClient, contactId: string, email: string | null): Promise<void> {
  const { rows } = await client.query<{ id: string; email: string }>(
    'select id, email from contact_emails where contact_id = $1 order by main desc, email limit 1',
    [contactId],
  );
  const current = rows[0];
  if (email === null) {
    if (current) await client.query('delete from contact_emails where id = $1', [current.id]);
  } else if (!current) {
    await client.query('insert into contact_emails (contact_id, email, main) values ($1, $2, true)', [contactId, email]);
  } else if (current.email !== email) {
    await client.query('update contact_emails set email = $2, main = true where id = $1', [current.id, email]);
  }
}

const sameAddress = (a: Employee['address'], b: Employee['address'] | null) =>
  b !== null && a.street === b.street && a.city === b.city && a.state === b.state && a.zip === b.zip;

/**
 * The employee's home address. Addresses are never changed in place (trip legs keep the address
 * they were booked with): a changed address is a new row, and the contact's Home join points at it.
 */
export async function writeEmployeeAddress(
  client: PoolClient,
  contactId: string,
  address: Employee['address'],
  before: Employee['address'] | null,
): Promise<void> {
  const empty = !address.street && !address.city && !address.state && !address.zip;
  if (sameAddress(address, before) || (empty && before === null)) return;
  await client.query(`update join_contact_addresses set deleted = true where contact_id = $1 and label = 'Home' and not deleted`, [contactId]);
  if (empty) return;
  const { rows } = await client.query<{ id: string }>(
    `insert into addresses (label, street, city, state, zip) values ('Home', $1, $2, $3, $4) returning id`,
    [address.street, address.city, address.state ? address.state.toUpperCase() : null, address.zip],
  );
  await client.query(`insert into join_contact_addresses (contact_id, address_id, label) values ($1, $2, 'Home')`, [contactId, rows[0].id]);
}
