import {
  activityWindow,
  groupPortalTrips,
  operatorToday,
  portalTripPage,
  portalViewerOf,
  type PortalActivity,
  type PortalActivityQuery,
  type PortalTripPage,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { findTrip, findTrips, ORDER } from '../trips/repository.ts';
import { presentPortalTrips } from './present.ts';

/** The most trips one activity answer holds, the days nearest today first; `total` counts them all. */
export const ACTIVITY_MAX_TRIPS = 1000;

/**
 * The ids of the caller's trips in the window, narrowed by bill-tos, passenger and member id; all
 * of it inside the caller's row scope, so another's bill-to, passenger or member id finds nothing.
 */
async function activityIds(deps: AppDeps, user: SessionUser, q: PortalActivityQuery, from: string, to: string, today: string) {
  const params: unknown[] = [];
  const where = [tripScope(user, params), 'not da.deleted'];
  params.push(from, to);
  where.push(`da.service_date between $${params.length - 1}::date and $${params.length}::date`);
  if (q.billToIds?.length) {
    params.push(q.billToIds);
    where.push(`da.bill_to_contact_id = any($${params.length}::uuid[])`);
  }
  if (q.passengerId) {
    params.push(q.passengerId);
    where.push(`exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id and tl.passenger_id = $${params.length}::uuid)`);
  }
  if (q.memberId) {
    params.push(q.memberId);
    const m = `$${params.length}`;
    where.push(`exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id
                   and (lower(tl.member_id) = lower(${m})
                        or exists (select 1 from coverages cv where cv.contact_id = tl.passenger_id and not cv.deleted and lower(cv.member_id) = lower(${m}))))`);
  }
  params.push(today);
  const { rows } = await deps.pool.query<{ id: string; total: number }>(
    `select da.id, count(*) over ()::int as total from drive_assignments da
      where ${where.join(' and ')}
      order by abs(da.service_date - $${params.length}::date), ${ORDER}
      limit ${ACTIVITY_MAX_TRIPS}`,
    params,
  );
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

/**
 * GET case-manager-activity: one trip by id (404 when missing or out of scope), or the trips of
 * the window in the three groups of rule 185, each through the portal presenter.
 */
export async function portalActivity(deps: AppDeps, user: SessionUser, q: PortalActivityQuery): Promise<PortalActivity> {
  const now = deps.clock.now();
  const today = operatorToday(now);
  if (q.id) {
    const trip = await findTrip(deps.pool, user, q.id);
    if (!trip || trip.deleted) throw notFound('The trip was not found.');
    const [shown] = presentPortalTrips(user, [trip], now);
    return { serviceDate: trip.serviceDate, serviceDateMax: trip.serviceDate, today, total: 1, groups: groupPortalTrips([shown], today) };
  }
  const window = activityWindow(q, today);
  if ('error' in window) throw badRequest(window.error, [{ path: 'serviceDateMax', message: window.error }]);
  const { ids, total } = await activityIds(deps, user, q, window.from, window.to, today);
  const trips = ids.length ? await findTrips(deps.pool, null, { ids }) : [];
  const billTos = await caseManagerBillTos(deps, user);
  return { serviceDate: window.from, serviceDateMax: window.to, today, total, ...(billTos && { billTos }), groups: groupPortalTrips(presentPortalTrips(user, trips, now), today) };
}

/** A case manager's own bill-to accounts by name, for the home's filter; nothing for anyone else. */
async function caseManagerBillTos(deps: AppDeps, user: SessionUser): Promise<{ id: string; name: string }[] | null> {
  if (!user.types.includes('Case Manager') || user.billToIds.length === 0) return null;
  const { rows } = await deps.pool.query<{ id: string; name: string }>('select id, name from contacts where id = any($1::uuid[]) order by lower(name), id', [user.billToIds]);
  return rows;
}

/**
 * GET case-manager-trip-preview?daId: the trip page of a trip in the caller's scope (404 like a
 * missing one). Opening it is an access to health information: the audit log records who opened
 * which trip (the reference only, nothing of its content).
 */
export async function portalTrip(deps: AppDeps, req: FastifyRequest, user: SessionUser, daId: string): Promise<PortalTripPage> {
  const trip = await findTrip(deps.pool, user, daId);
  if (!trip || trip.deleted) throw notFound('The trip was not found.');
  await writeAudit(deps.pool, {
    ...auditActor(req),
    activityType: 'portal-trip-view',
    table: 'drive_assignments',
    recordId: trip.id,
    after: { referenceNumber: trip.referenceNumber },
  });
  return portalTripPage(trip, portalViewerOf(user), deps.clock.now());
}
