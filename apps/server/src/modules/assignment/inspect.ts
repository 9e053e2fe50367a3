import { legEtas, portalLegsOf, portalViewerOf, type DriveAssignment, type EtaRow } from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { presentsPortal } from '../portal-trips/present.ts';
import { findTrip, findTrips, isUuid } from '../trips/repository.ts';

/**
 * drive-assignment-etas (spec 2 §2 trip inspect, ETAs tab): a trip in the caller's scope, else 404.
 * A portal user gets the legs the portal shows them (a passenger never another passenger's).
 */
export async function tripEtas(deps: AppDeps, user: SessionUser, id: string): Promise<EtaRow[]> {
  const trip = await findTrip(deps.pool, user, id);
  if (!trip) throw notFound();
  return legEtas(presentsPortal(user) ? portalLegsOf(trip, portalViewerOf(user)) : trip.tripLegs);
}

/**
 * drive-assignments-by-passenger-service-date (spec 2 §2 trip inspect, related trips): the trips
 * with a leg of the passenger on that day, only those in the caller's scope, in day order.
 */
export async function tripsOfPassengerDay(deps: AppDeps, user: SessionUser, passengerId: string, serviceDate: string): Promise<DriveAssignment[]> {
  if (!isUuid(passengerId)) return [];
  const { rows } = await deps.pool.query<{ id: string }>(
    `select distinct tl.drive_assignment_id as id from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
      where tl.passenger_id = $1 and da.service_date = $2::date`,
    [passengerId, serviceDate],
  );
  return rows.length ? findTrips(deps.pool, user, { ids: rows.map((r) => r.id) }) : [];
}
