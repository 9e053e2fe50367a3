import { coverageStatusOn, isStaff, operatorToday, tripLimitOf, type MemberPlan } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { coveragesOf, tripsThisYear } from '../coverage/repository.ts';

const NOT_FOUND = 'The passenger was not found.';

/** One plan by id (staff): the plan's own dates and limits, no member. */
async function planById(deps: AppDeps, planId: string): Promise<MemberPlan[]> {
  const { rows } = await deps.pool.query(
    `select id, name, code, to_char(date_begin, 'YYYY-MM-DD') as date_begin, to_char(date_end, 'YYYY-MM-DD') as date_end, trip_limit_count,
            advance_notice_days_min, advance_notice_hours_min, advance_notice_days_max, included_service_types
       from plans where id = $1 and not deleted`,
    [planId],
  );
  const p = rows[0];
  if (!p) throw notFound('The plan was not found.');
  return [
    {
      planId: p.id,
      planName: p.name,
      planCode: p.code,
      coverageId: null,
      memberId: null,
      billToId: null,
      billToName: null,
      status: null,
      dateBegin: p.date_begin,
      dateEnd: p.date_end,
      tripLimitCount: p.trip_limit_count,
      tripsYTD: null,
      advanceNoticeDaysMin: p.advance_notice_days_min,
      advanceNoticeHoursMin: p.advance_notice_hours_min,
      advanceNoticeDaysMax: p.advance_notice_days_max,
      includedServiceTypes: p.included_service_types,
    },
  ];
}

/**
 * GET member-plans: a passenger's plans by contact number, each coverage with its status today,
 * its trip limit against this year's trips and its advance notice. In scope only: a passenger
 * their own, a case manager their members' coverages of their bill-tos, staff anyone's; anything
 * else answers 404 like an unknown number. Reading it is logged (health information).
 */
export async function memberPlans(deps: AppDeps, req: FastifyRequest, user: SessionUser, q: { contactNumber?: number; planId?: string }): Promise<MemberPlan[]> {
  const staff = isStaff(user);
  if (q.contactNumber === undefined) {
    if (!staff || !q.planId) throw notFound(NOT_FOUND);
    return planById(deps, q.planId);
  }
  const { rows } = await deps.pool.query<{ id: string }>('select id from contacts where contact_number = $1 and not deleted', [q.contactNumber]);
  const contactId = rows[0]?.id;
  const caseManager = user.types.includes('Case Manager');
  if (!contactId || (!staff && !caseManager && contactId !== user.id)) throw notFound(NOT_FOUND);
  const scoped = staff || contactId === user.id ? {} : { billToIds: user.billToIds };
  let records = await coveragesOf(deps.pool, contactId, scoped);
  if (!staff && contactId !== user.id && records.length === 0) throw notFound(NOT_FOUND);
  if (q.planId) records = records.filter((r) => r.planId === q.planId);
  const today = operatorToday(deps.clock.now());
  const trips = await tripsThisYear(deps.pool, contactId, [...new Set(records.map((r) => r.billTo.id))], today);
  const planIds = [...new Set(records.flatMap((r) => (r.planId ? [r.planId] : [])))];
  const codes = new Map(
    planIds.length
      ? (await deps.pool.query<{ id: string; code: string }>('select id, code from plans where id = any($1::uuid[])', [planIds])).rows.map((p) => [p.id, p.code])
      : [],
  );
  await writeAudit(deps.pool, { ...auditActor(req), activityType: 'member-plans-view', table: 'contacts', recordId: contactId, after: { contactNumber: q.contactNumber } });
  return records.map((r) => ({
    planId: r.planId,
    planName: r.plan?.name ?? null,
    planCode: r.planId ? (codes.get(r.planId) ?? null) : null,
    coverageId: r.id,
    memberId: r.terms.memberId,
    billToId: r.billTo.id,
    billToName: r.billTo.name,
    status: coverageStatusOn(r.terms, r.plan, today),
    dateBegin: r.terms.dateBegin,
    dateEnd: r.terms.dateEnd,
    tripLimitCount: tripLimitOf(r.terms, r.plan),
    tripsYTD: trips.get(r.billTo.id) ?? 0,
    advanceNoticeDaysMin: r.plan?.advanceNoticeDaysMin ?? null,
    advanceNoticeHoursMin: r.plan?.advanceNoticeHoursMin ?? null,
    advanceNoticeDaysMax: r.plan?.advanceNoticeDaysMax ?? null,
    includedServiceTypes: [...(r.plan?.includedServiceTypes ?? [])],
  }));
}
