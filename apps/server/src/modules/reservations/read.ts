import type { ReservationDetail, ReservationRequest } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { notFound } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { findTrip, isUuid } from '../trips/repository.ts';

type Db = Pool | PoolClient;

/** How the editor names a reservation: its id, its reference number or one of its legs. */
export type ReservationKey = { id?: string; referenceNumber?: string; tripLegId?: string };

/** The id of the reservation a key names within the caller's scope, or null. */
export async function reservationId(db: Db, user: SessionUser | null, key: ReservationKey): Promise<string | null> {
  const params: unknown[] = [];
  const scope = user ? tripScope(user, params) : 'true';
  let match: string;
  if (key.id) {
    if (!isUuid(key.id)) return null;
    params.push(key.id);
    match = `da.id = $${params.length}`;
  } else if (key.referenceNumber) {
    params.push(key.referenceNumber);
    match = `da.reference_number = $${params.length}`;
  } else if (key.tripLegId && isUuid(key.tripLegId)) {
    params.push(key.tripLegId);
    match = `da.id = (select drive_assignment_id from trip_legs where id = $${params.length})`;
  } else {
    return null;
  }
  const { rows } = await db.query<{ id: string }>(`select da.id from drive_assignments da where ${scope} and ${match}`, params);
  return rows[0]?.id ?? null;
}

/** A reservation with what only the editor reads (series key, booking times), or null. */
export async function findReservation(db: Db, user: SessionUser | null, id: string): Promise<ReservationDetail | null> {
  const trip = await findTrip(db, user, id);
  if (!trip) return null;
  const { rows } = await db.query<{ dupe: string | null; created: string; override: string | null; by: string | null }>(
    `select da.dupe_reference_key as dupe, to_json(da.created_at) #>> '{}' as created,
            to_json(da.created_override) #>> '{}' as override, c.name as by
       from drive_assignments da left join contacts c on c.id = da.created_by where da.id = $1`,
    [id],
  );
  const r = rows[0];
  const ids = [...new Set(trip.tripLegs.map((l) => l.passengerId).filter((p): p is string => !!p))];
  const passengers = await db.query<ReservationDetail['passengers'][number]>(
    `select id, contact_number::int as "contactNumber", member_id as "memberId", types from contacts where id = any($1::uuid[])`,
    [ids],
  );
  return { ...trip, dupeReferenceKey: r.dupe, createdAt: r.created, createdOverride: r.override, createdByName: r.by, passengers: passengers.rows };
}

/** GET drive-assignments-detailed: the reservation a key names, or 404 (missing and out of scope alike). */
export async function reservationByKey(db: Db, user: SessionUser, key: ReservationKey): Promise<ReservationDetail> {
  const id = await reservationId(db, user, key);
  const found = id ? await findReservation(db, user, id) : null;
  if (!found) throw notFound();
  return found;
}

/** GET reservation-requests: what was asked of a reservation, oldest first. */
export async function reservationRequests(db: Db, user: SessionUser, referenceNumber: string): Promise<ReservationRequest[]> {
  const id = await reservationId(db, user, { referenceNumber });
  if (!id) throw notFound();
  const { rows } = await db.query<ReservationRequest>(
    `select r.id, r.kind, to_json(r.requested_at) #>> '{}' as "requestedAt", c.name as "requestedBy", r.request
       from reservation_requests r left join contacts c on c.id = r.requested_by
      where r.drive_assignment_id = $1 order by r.requested_at, r.id`,
    [id],
  );
  return rows;
}

/** Records what a booking or save asked, as sent (before the server's own computations). */
export async function recordRequest(
  client: PoolClient,
  trip: { id: string; referenceNumber: string },
  kind: 'create' | 'update',
  userId: string,
  request: unknown,
): Promise<void> {
  await client.query(
    `insert into reservation_requests (drive_assignment_id, reference_number, kind, requested_by, request) values ($1, $2, $3, $4, $5)`,
    [trip.id, trip.referenceNumber, kind, userId, JSON.stringify(request)],
  );
}

/** Whether this user booked this reservation id before (a retried booking). */
export async function bookedBy(db: Db, id: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from reservation_requests where drive_assignment_id = $1 and kind = 'create' and requested_by = $2`, [id, userId]);
  return rows.length > 0;
}
