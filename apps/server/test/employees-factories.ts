import type { EmployeeInput } from '@tripline/core';
import type { Pool } from 'pg';

/** A new employee as the employee screen sends it: a driver of the partner, with one phone. */
export function employeeBody(affiliateId: string | null, over: Partial<EmployeeInput> = {}): EmployeeInput {
  return {
    affiliateId,
    firstName: 'Rosa',
    lastName: `Chavez${Math.random().toString(36).slice(2, 6)}`,
    classifications: ['Driver'],
    phones: [{ phoneNumberWithAreaCode: '(505) 555-0142', main: true, smsEnabled: true }],
    address: { street: '100 Central Ave SW', city: 'Albuquerque', state: 'NM', zip: '87102' },
    email: 'rosa@example.com',
    hiredDate: '2025-02-03',
    ...over,
  };
}

/** The stored contact row of an employee with its phones, e-mails and addresses, to prove a refused write changed nothing. */
export async function employeeRow(pool: Pool, id: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query('select * from contacts where id = $1', [id]);
  const phones = await pool.query('select * from contact_phones where contact_id = $1 order by id', [id]);
  const emails = await pool.query('select * from contact_emails where contact_id = $1 order by id', [id]);
  const joins = await pool.query('select * from join_contact_addresses where contact_id = $1 order by id', [id]);
  return { ...rows[0], phones: phones.rows, emails: emails.rows, joins: joins.rows };
}
