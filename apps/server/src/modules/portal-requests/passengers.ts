/**
 * Whom a portal trip request may be for (spec 2 §6 rule 69): a case manager's members (passengers
 * covered by one of its bill-tos), any contact for staff, the passenger themselves otherwise. Every
 * answer naming passengers is logged as an access to their records.
 */
import { requestsAsStaff, type PortalPassengerOption } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudits } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { bind } from '../contacts/search.ts';
import { prepared } from '../../platform/db/prepared.ts';

type Db = Pool | PoolClient;

const PASSENGER_TYPES = ['S/N Passenger', 'Passenger'];
/** Rule: at most 50 passengers offered. */
export const PASSENGER_OPTIONS_MAX = 50;
const LOOKUP_MAX = 20;

/**
 * The contacts a request may name, as a condition on the contacts alias `c`: staff any contact
 * (rule 96 then refuses one that is not a passenger); a case manager the contacts covered by one of
 * its bill-tos; a passenger only themselves. The same for every endpoint of the wizard.
 */
export function requestPassengerScope(user: SessionUser, params: unknown[], c = 'c'): string {
  if (requestsAsStaff(user)) return 'true';
  const parts: string[] = [];
  if (user.types.includes('Case Manager') && user.billToIds.length > 0) {
    parts.push(`exists (select 1 from coverages cv_req where cv_req.contact_id = ${c}.id and not cv_req.deleted
                         and cv_req.bill_to_id = any(${bind(params, user.billToIds)}::uuid[]))`);
  }
  if (user.types.includes('S/N Passenger') || user.types.includes('Passenger')) parts.push(`${c}.id = ${bind(params, user.id)}`);
  return parts.length ? `(${parts.join(' or ')})` : 'false';
}

const OPTION_COLUMNS = (c: string) => `${c}.id, ${c}.name, to_char(${c}.date_of_birth, 'YYYY-MM-DD') as dob, ${c}.member_id as "memberId"`;

/** The passenger a request names, in scope, or 404 exactly like a missing one. */
export async function passengerInScope(db: Db, user: SessionUser, id: string): Promise<PortalPassengerOption & { types: string[] }> {
  const params: unknown[] = [id];
  const { rows } = await db.query<PortalPassengerOption & { types: string[] }>(
    prepared(
      `select ${OPTION_COLUMNS('c')}, c.types, null as "lastTripDate" from contacts c where c.id = $1 and not c.deleted and ${requestPassengerScope(user, params)}`,
      params,
    ),
  );
  if (!rows[0]) throw notFound('The passenger was not found.');
  return rows[0];
}

/** ARCHITECTURE: passengers' records shown to a user are access events in the audit log. */
async function logAccess(db: Db, req: FastifyRequest, found: readonly PortalPassengerOption[]): Promise<void> {
  await writeAudits(
    db,
    found.map((p) => ({ ...auditActor(req), activityType: 'contact-view' as const, table: 'contacts', recordId: p.id })),
  );
}

/**
 * GET case-manager-passenger-options: the passengers in scope who travelled most recently (their
 * latest trip the user can see), then the others by name, at most 50.
 */
export async function passengerOptions(pool: Pool, req: FastifyRequest, user: SessionUser): Promise<PortalPassengerOption[]> {
  const params: unknown[] = [PASSENGER_TYPES];
  const scope = requestPassengerScope(user, params);
  // staff: the passengers of trips they booked; a case manager: of trips billed to its accounts
  const billTos = requestsAsStaff(user) ? `da.created_by = ${bind(params, user.id)}` : `da.bill_to_contact_id = any(${bind(params, user.billToIds)}::uuid[])`;
  const { rows } = await pool.query<PortalPassengerOption>(
    `with recent as (
       select tl.passenger_id as id, max(da.service_date) as last
         from drive_assignments da join trip_legs tl on tl.drive_assignment_id = da.id
        where ${billTos} and not da.deleted and da.service_date >= current_date - 180 and tl.passenger_id is not null
        group by tl.passenger_id
        order by last desc
        limit ${PASSENGER_OPTIONS_MAX}
     )
     select ${OPTION_COLUMNS('c')}, to_char(r.last, 'YYYY-MM-DD') as "lastTripDate"
       from contacts c left join recent r on r.id = c.id
      where not c.deleted and c.types && $1::text[] and ${scope}
        and (r.id is not null or ${requestsAsStaff(user) ? 'false' : 'true'})
      order by r.last desc nulls last, c.name, c.id
      limit ${PASSENGER_OPTIONS_MAX}`,
    params,
  );
  await logAccess(pool, req, rows);
  return rows;
}

/**
 * GET case-manager-lookup-passenger: by member id (the contact's or one of its in-scope coverages'),
 * or by full name and date of birth, case aside; in scope only.
 */
export async function lookupPassenger(
  pool: Pool,
  req: FastifyRequest,
  user: SessionUser,
  q: { memberId?: string; fullName?: string; dob?: string },
): Promise<PortalPassengerOption[]> {
  const params: unknown[] = [PASSENGER_TYPES];
  const scope = requestPassengerScope(user, params);
  const match: string[] = [];
  if (q.memberId) {
    const memberId = bind(params, q.memberId.toLowerCase());
    const billTos = requestsAsStaff(user) ? '' : `and cv.bill_to_id = any(${bind(params, user.billToIds)}::uuid[])`;
    match.push(`(lower(c.member_id) = ${memberId}
                 or exists (select 1 from coverages cv where cv.contact_id = c.id and not cv.deleted and lower(cv.member_id) = ${memberId} ${billTos}))`);
  }
  if (q.fullName && q.dob) {
    const name = bind(params, q.fullName.replace(/\s+/g, ' ').toLowerCase());
    match.push(`(c.date_of_birth = ${bind(params, q.dob)}::date
                 and (lower(c.name) = ${name} or lower(concat_ws(' ', c.first_name, c.last_name)) = ${name}))`);
  }
  const { rows } = await pool.query<PortalPassengerOption>(
    `select ${OPTION_COLUMNS('c')}, null as "lastTripDate"
       from contacts c
      where not c.deleted and c.types && $1::text[] and ${scope} and (${match.join(' or ')})
      order by c.name, c.id
      limit ${LOOKUP_MAX}`,
    params,
  );
  await logAccess(pool, req, rows);
  return rows;
}
