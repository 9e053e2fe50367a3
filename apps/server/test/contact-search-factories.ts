import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { createContact, type ContactSpec, type Created } from './factories.ts';

export interface PersonSpec extends ContactSpec {
  memberId?: string;
  dob?: string;
  city?: string;
  divisionId?: string;
  employeeNumber?: string;
  /** A bill-to whose coverage the person holds (so its case managers see them). */
  coveredBy?: string;
}

/** A contact as the register lists it: a person (S/N Passenger unless told), not a user unless named. */
export async function createPerson(pool: Pool, spec: PersonSpec = {}): Promise<Created> {
  const c = await createContact(pool, { types: ['S/N Passenger'], username: null, ...spec });
  await pool.query('update contacts set member_id = $2, date_of_birth = $3, division_id = $4, employee_number = $5 where id = $1', [
    c.id,
    spec.memberId ?? null,
    spec.dob ?? null,
    spec.divisionId ?? null,
    spec.employeeNumber ?? null,
  ]);
  if (spec.city) {
    const { rows } = await pool.query(`insert into addresses (label, city, zip) values ('Home', $1, '87110') returning id`, [spec.city]);
    await pool.query(`insert into join_contact_addresses (contact_id, address_id, label) values ($1, $2, 'Home')`, [c.id, rows[0].id]);
  }
  if (spec.coveredBy) {
    await pool.query('insert into coverages (contact_id, bill_to_id, member_id) values ($1, $2, $3)', [c.id, spec.coveredBy, spec.memberId ?? null]);
  }
  return c;
}

export interface EnrollmentSpec {
  memberId?: string;
  name?: string;
  dob?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
  dateBegin?: string;
}

/** One member of an 834 file. */
export async function createEnrollment(pool: Pool, spec: EnrollmentSpec = {}): Promise<{ id: string; memberId: string; name: string }> {
  const memberId = spec.memberId ?? `NM${randomBytes(4).toString('hex').toUpperCase()}`;
  const name = spec.name ?? `Member ${randomBytes(3).toString('hex')}`;
  const [first, ...rest] = name.split(' ');
  const { rows } = await pool.query(
    `insert into enrollment_834 (member_id, name, first_name, last_name, date_of_birth, street, city, state, zip, phone, date_begin, source)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '834_TEST.x12') returning id`,
    [
      memberId,
      name,
      first,
      rest.join(' ') || null,
      spec.dob ?? null,
      spec.street ?? null,
      spec.city ?? null,
      spec.state ?? null,
      spec.zip ?? null,
      spec.phone ?? null,
      spec.dateBegin ?? '2026-01-01',
    ],
  );
  return { id: rows[0].id, memberId, name };
}
