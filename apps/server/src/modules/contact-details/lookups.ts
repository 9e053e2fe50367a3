/**
 * What the edit modal reads beside the contact: its web fields (preferred partner), a member's
 * coverages by member id (read only) and a passenger's member trip authorizations (spec 2 §3, §7;
 * 3 §3, §7).
 */
import {
  CARE_MSG,
  CONTACT_MSG,
  coverageStatusOn,
  operatorToday,
  preferredPartnerRefusal,
  type MemberCoverage,
  type MemberTripAuthorization,
  type MemberTripAuthorizationInput,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isPartnerCompany } from './links.ts';

type Row = Record<string, never>;

export async function webFields(pool: Pool, id: string) {
  const { rows } = await pool.query(
    `select c.id, c.preferred_partner_id, p.name as partner_name from contacts c left join contacts p on p.id = c.preferred_partner_id where c.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound(CONTACT_MSG.NOT_FOUND);
  return { id: rows[0].id as string, prefProvider: rows[0].preferred_partner_id as string | null, prefProviderName: rows[0].partner_name as string | null };
}

/** POST contact-web-fields: sets or clears the preferred partner (clearing: SecureEmployee only). */
export async function saveWebFields(pool: Pool, req: FastifyRequest, user: SessionUser, id: string, prefProvider: string | null) {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query('select preferred_partner_id from contacts where id = $1 for update', [id]);
    if (!rows[0]) throw notFound(CONTACT_MSG.NOT_FOUND);
    const current = rows[0].preferred_partner_id as string | null;
    const refusal = preferredPartnerRefusal(user, current, prefProvider);
    if (refusal) throw badRequest(refusal, [{ path: 'prefProvider', message: refusal }]);
    if (prefProvider && !(await isPartnerCompany(client, prefProvider))) {
      throw badRequest(CARE_MSG.PREFERRED_NOT_PARTNER, [{ path: 'prefProvider', message: CARE_MSG.PREFERRED_NOT_PARTNER }]);
    }
    if (current === prefProvider) return;
    await client.query('update contacts set preferred_partner_id = $2, mod_count = mod_count + 1, updated_at = now() where id = $1', [id, prefProvider]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'preferred-partner',
      table: 'contacts',
      recordId: id,
      before: { preferredPartnerId: current },
      after: { preferredPartnerId: prefProvider },
    });
  });
  return webFields(pool, id);
}

/** GET coverages: the coverages of a member id (any case), of one bill-to when given, with status today. */
export async function coveragesByMember(pool: Pool, memberId: string, billToId: string | undefined, now: Date): Promise<MemberCoverage[]> {
  const { rows } = await pool.query(
    `select cv.id, cv.contact_id, c.contact_number, c.name as passenger_name, cv.bill_to_id, b.name as bill_to_name, cv.plan_id,
            p.name as plan_name, cv.member_id, cv.status, to_char(cv.date_begin, 'YYYY-MM-DD') as date_begin,
            to_char(cv.date_end, 'YYYY-MM-DD') as date_end, p.date_begin as plan_begin, p.date_end as plan_end,
            p.grace_period_days
       from coverages cv
       join contacts c on c.id = cv.contact_id and not c.deleted
       join contacts b on b.id = cv.bill_to_id
       left join plans p on p.id = cv.plan_id
      where not cv.deleted and lower(cv.member_id) = lower($1) and ($2::uuid is null or cv.bill_to_id = $2)
      order by cv.date_begin desc, cv.id
      limit 200`,
    [memberId, billToId ?? null],
  );
  const today = operatorToday(now);
  return rows.map((r: Row) => ({
    id: r.id,
    contactId: r.contact_id,
    contactNumber: Number(r.contact_number),
    passengerName: r.passenger_name,
    billToId: r.bill_to_id,
    billToName: r.bill_to_name,
    planId: r.plan_id,
    planName: r.plan_name,
    memberId: r.member_id,
    status: coverageStatusOn(
      { memberId: r.member_id, status: r.status, dateBegin: r.date_begin, dateEnd: r.date_end, tripLimitCount: null },
      r.plan_id ? { dateBegin: r.plan_begin, dateEnd: r.plan_end, gracePeriodDays: r.grace_period_days } : null,
      today,
    ),
    dateBegin: r.date_begin,
    dateEnd: r.date_end,
  }));
}

const AUTHORIZATION_SELECT = `
  select m.id, m.passenger_id, m.bill_to_id, b.name as bill_to_name, m.member_id, m.type, m.facility_id, f.name as facility_name, m.created
    from member_trip_authorizations m
    left join contacts b on b.id = m.bill_to_id
    left join contacts f on f.id = m.facility_id`;

const presentAuthorization = (r: Row): MemberTripAuthorization => ({
  id: r.id,
  passengerId: r.passenger_id,
  billToId: r.bill_to_id,
  billToName: r.bill_to_name,
  memberId: r.member_id,
  type: r.type,
  facilityId: r.facility_id,
  facilityName: r.facility_name,
  created: new Date(r.created as unknown as string).toISOString(),
});

export async function authorizationsOf(pool: Pool, passengerId: string): Promise<MemberTripAuthorization[]> {
  const p = await pool.query('select 1 from contacts where id = $1 and not deleted', [passengerId]);
  if (!p.rowCount) throw notFound(CARE_MSG.NOT_A_PASSENGER);
  const { rows } = await pool.query(`${AUTHORIZATION_SELECT} where m.passenger_id = $1 and not m.deleted order by m.created desc, m.id`, [passengerId]);
  return rows.map(presentAuthorization);
}

export async function addAuthorization(
  pool: Pool,
  req: FastifyRequest,
  a: z.output<typeof MemberTripAuthorizationInput>,
): Promise<MemberTripAuthorization> {
  return inTransaction(pool, async (client) => {
    const p = await client.query('select 1 from contacts where id = $1 and not deleted', [a.passengerId]);
    if (!p.rowCount) throw notFound(CARE_MSG.NOT_A_PASSENGER);
    for (const [path, id, message] of [
      ['billToId', a.billToId, CONTACT_MSG.UNKNOWN_BILL_TO],
      ['facilityId', a.facilityId, CONTACT_MSG.UNKNOWN_CONTACT_LINK],
    ] as const) {
      if (!id) continue;
      const found = await client.query('select 1 from contacts where id = $1 and not deleted', [id]);
      if (!found.rowCount) throw badRequest(message, [{ path, message }]);
    }
    const { rows } = await client.query<{ id: string }>(
      'insert into member_trip_authorizations (passenger_id, bill_to_id, member_id, type, facility_id) values ($1, $2, $3, $4, $5) returning id',
      [a.passengerId, a.billToId ?? null, a.memberId, a.type, a.facilityId ?? null],
    );
    const created = (await client.query(`${AUTHORIZATION_SELECT} where m.id = $1`, [rows[0]!.id])).rows.map(presentAuthorization)[0]!;
    await writeAudit(client, { ...auditActor(req), activityType: 'member-trip-authorization', table: 'member_trip_authorizations', recordId: created.id, after: created });
    return created;
  });
}

export async function removeAuthorization(pool: Pool, req: FastifyRequest, id: string): Promise<{ id: string; deleted: true }> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query(`${AUTHORIZATION_SELECT} where m.id = $1 and not m.deleted for update of m`, [id]);
    if (!rows[0]) throw notFound(CONTACT_MSG.AUTHORIZATION_NOT_FOUND);
    await client.query('update member_trip_authorizations set deleted = true where id = $1', [id]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'member-trip-authorization-remove',
      table: 'member_trip_authorizations',
      recordId: id,
      before: presentAuthorization(rows[0]),
      after: { deleted: true },
    });
    return { id, deleted: true as const };
  });
}
