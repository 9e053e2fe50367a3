import { availabilityOrDefault, EMPLOYEE_CLASSIFICATIONS, formatPhone, isStaff, type Availability, type Employee } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { isUuid } from '../trips/repository.ts';
import { likeLiteral } from '../../platform/db/like.ts';

type Db = Pool | PoolClient;

/** Contact types that make a contact one of someone's employees (a partner company itself is not). */
export const EMPLOYEE_TYPES: readonly string[] = [...EMPLOYEE_CLASSIFICATIONS, 'Admin', 'ItinerisAdmin'];

/**
 * Row scope of employees, in the data layer (spec 3 §6): staff see every company's
 * employees and the operator's own; a partner's user only its own company's; anyone else none.
 * `params` receives the values; the answer is a SQL condition on the contacts alias `c`.
 */
export function employeeScope(user: SessionUser, params: unknown[], c = 'c'): string {
  params.push(EMPLOYEE_TYPES);
  const employee = `${c}.types && $${params.length}::text[] and not (${c}.parent_id is null and ${c}.types @> '{Affiliate}')`;
  if (isStaff(user)) return `(${employee})`;
  if (!user.partnerId) return 'false';
  params.push(user.partnerId);
  return `(${employee} and ${c}.parent_id = $${params.length}::uuid)`;
}

/** The columns of an employee, read with `from contacts c left join contacts p on p.id = c.parent_id left join divisions d on d.id = c.division_id`. */
export const EMPLOYEE_COLUMNS = `
  c.id, c.contact_number, c.mod_count, c.name, c.first_name, c.middle_name as middle_initial, c.last_name, c.types, c.employee_number,
  c.dl_number, c.dl_issue_date, c.dl_exp_date, c.date_of_birth, c.hired_date, c.termination_date, c.notes,
  c.initial_credential_date, c.latest_credential_date, c.availability, c.username is not null as can_sign_in, c.ldap_groups, c.admin_access, c.mfa_required,
  c.photo_key is not null as has_photo, c.deleted, c.created_at, c.updated_at,
  case when p.types @> '{Affiliate}' then p.id end as affiliate_id,
  case when p.types @> '{Affiliate}' then p.name end as affiliate_name,
  d.code as branch,
  (select coalesce(json_agg(json_build_object('phoneNumberWithAreaCode', ph.phone_number_with_area_code, 'main', ph.main, 'smsEnabled', ph.sms_enabled)
            order by ph.main desc, ph.phone_number_with_area_code), '[]'::json)
     from contact_phones ph where ph.contact_id = c.id) as phones,
  (select e.email from contact_emails e where e.contact_id = c.id order by e.main desc, e.email limit 1) as email,
  (select json_build_object('street', a.street, 'city', a.city, 'state', a.state, 'zip', a.zip)
     from join_contact_addresses j join addresses a on a.id = j.address_id
    where j.contact_id = c.id and not j.deleted order by (j.label = 'Home') desc, j.created desc limit 1) as address`;

export const EMPLOYEE_FROM = `from contacts c left join contacts p on p.id = c.parent_id left join divisions d on d.id = c.division_id`;

export interface EmployeeRow {
  id: string;
  contact_number: number;
  mod_count: number;
  name: string;
  first_name: string | null;
  middle_initial: string | null;
  last_name: string | null;
  types: string[];
  employee_number: string | null;
  dl_number: string | null;
  dl_issue_date: string | null;
  dl_exp_date: string | null;
  date_of_birth: string | null;
  hired_date: string | null;
  termination_date: string | null;
  notes: string | null;
  initial_credential_date: string | null;
  latest_credential_date: string | null;
  availability: Availability | null;
  can_sign_in: boolean;
  ldap_groups: string[];
  admin_access: boolean;
  mfa_required: boolean;
  has_photo: boolean;
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
  affiliate_id: string | null;
  affiliate_name: string | null;
  branch: string | null;
  phones: Employee['phones'];
  email: string | null;
  address: Employee['address'] | null;
}

const NO_ADDRESS = { street: null, city: null, state: null, zip: null };

/** An employee as the API answers it; availability defaults to Mon–Fri 09:00–17:00 (spec 3 §5). */
export function presentEmployee(r: EmployeeRow): Employee {
  return {
    id: r.id,
    contactNumber: r.contact_number,
    modCount: r.mod_count,
    name: r.name,
    affiliateId: r.affiliate_id,
    affiliateName: r.affiliate_name,
    branch: r.branch,
    firstName: r.first_name,
    middleInitial: r.middle_initial,
    lastName: r.last_name,
    address: r.address ?? NO_ADDRESS,
    email: r.email,
    classifications: r.types.filter((t) => EMPLOYEE_TYPES.includes(t)),
    phones: r.phones.map((p) => ({ ...p, phoneNumberWithAreaCode: formatPhone(p.phoneNumberWithAreaCode) })),
    employeeNumber: r.employee_number,
    dlNumber: r.dl_number,
    dlIssueDate: r.dl_issue_date,
    dlExpDate: r.dl_exp_date,
    dob: r.date_of_birth,
    hiredDate: r.hired_date,
    terminationDate: r.termination_date,
    notes: r.notes,
    initialCredentialDate: r.initial_credential_date,
    latestCredentialDate: r.latest_credential_date,
    availability: availabilityOrDefault(r.availability),
    canSignIn: r.can_sign_in,
    ldapGroups: r.ldap_groups,
    adminAccess: r.admin_access,
    mfaRequired: r.mfa_required,
    hasPhoto: r.has_photo,
    deleted: r.deleted,
    created: r.created_at.toISOString(),
    modified: r.updated_at.toISOString(),
  };
}

/**
 * One employee in the user's scope (deleted ones too), or null: out of scope, missing and not an
 * employee look the same. `lock` takes the row for the rest of the transaction.
 */
export async function findEmployee(db: Db, user: SessionUser, id: string, lock = false): Promise<EmployeeRow | null> {
  if (!isUuid(id)) return null;
  const params: unknown[] = [id];
  const scope = employeeScope(user, params);
  const { rows } = await db.query<EmployeeRow>(
    `select ${EMPLOYEE_COLUMNS} ${EMPLOYEE_FROM} where c.id = $1 and ${scope} ${lock ? 'for update of c' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

export interface EmployeeFilter {
  q?: string;
  providerId?: string;
  includeDeleted?: boolean;
}

/** Most rows one list answers: a large partner's whole staff, with room. */
export const EMPLOYEE_LIST_MAX = 5000;

/** The where clause of the list: scope, then the filters of spec 3 §2 (q, providerId, includeDeleted). */
export function employeeListWhere(user: SessionUser, f: EmployeeFilter, params: unknown[]): string {
  const parts = [employeeScope(user, params)];
  if (!f.includeDeleted) parts.push('not c.deleted');
  if (f.providerId) {
    // 'in-house' names the operator's own people (no partner company)
    if (f.providerId === 'in-house') parts.push(`(p.id is null or not p.types @> '{Affiliate}')`);
    else {
      params.push(isUuid(f.providerId) ? f.providerId : null);
      parts.push(`c.parent_id = $${params.length}::uuid`);
    }
  }
  for (const word of (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)) {
    const digits = word.replace(/\D/g, '');
    params.push(`%${likeLiteral(word)}%`);
    const like = `$${params.length}`;
    const alternatives = [`lower(c.name) like ${like}`, `lower(coalesce(c.employee_number, '')) like ${like}`, `c.contact_number::text = $${params.length + 1}`];
    params.push(word);
    if (digits.length >= 4) {
      params.push(`%${digits}`);
      alternatives.push(
        `exists (select 1 from contact_phones ph where ph.contact_id = c.id and regexp_replace(ph.phone_number_with_area_code, '\\D', '', 'g') like $${params.length})`,
      );
    }
    parts.push(`(${alternatives.join(' or ')})`);
  }
  return parts.join(' and ');
}

/** The employees a list shows, by name. */
export async function listEmployees(db: Db, user: SessionUser, f: EmployeeFilter): Promise<EmployeeRow[]> {
  const params: unknown[] = [];
  const where = employeeListWhere(user, f, params);
  params.push(EMPLOYEE_LIST_MAX);
  const { rows } = await db.query<EmployeeRow>(
    `select ${EMPLOYEE_COLUMNS} ${EMPLOYEE_FROM} where ${where} order by lower(c.name), c.id limit $${params.length}`,
    params,
  );
  return rows;
}
