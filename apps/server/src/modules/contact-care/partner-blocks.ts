import { partnerRefusal, type BlacklistPeriod, type HoldPeriod, type TripToAssign } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';

type Db = Pool | PoolClient;

export interface TripForRefusal extends TripToAssign {
  id: string;
}

/** The trips' service dates and passengers, as partnerRefusal reads them. */
export async function tripsForRefusal(db: Db, tripIds: readonly string[]): Promise<TripForRefusal[]> {
  if (tripIds.length === 0) return [];
  const { rows } = await db.query<TripForRefusal>(
    `select da.id, da.reference_number as "referenceNumber", to_char(da.service_date, 'YYYY-MM-DD') as "serviceDate",
            coalesce((select json_agg(distinct jsonb_build_object('id', p.id, 'name', p.name))
                        from trip_legs tl join contacts p on p.id = tl.passenger_id
                       where tl.drive_assignment_id = da.id), '[]') as passengers
       from drive_assignments da
      where da.id = any($1::uuid[])`,
    [tripIds],
  );
  return rows;
}

/** The holds and blacklist entries of these partners that may still refuse a trip on or after `from`. */
export async function partnerBlocks(db: Db, partnerIds: readonly string[], from: string): Promise<{ holds: HoldPeriod[]; blacklists: BlacklistPeriod[] }> {
  if (partnerIds.length === 0) return { holds: [], blacklists: [] };
  const holds = await db.query<HoldPeriod>(
    `select provider_id as "providerId", type, to_char(begin_date, 'YYYY-MM-DD') as "beginDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
       from provider_holds where provider_id = any($1::uuid[]) and end_date >= $2::date`,
    [partnerIds, from],
  );
  const blacklists = await db.query<BlacklistPeriod>(
    `select partner_id as "partnerId", passenger_id as "passengerId", requested_by as "requestedBy",
            to_char(end_date, 'YYYY-MM-DD') as "endDate", deleted
       from blacklists where partner_id = any($1::uuid[]) and not deleted and (end_date is null or end_date >= $2::date)`,
    [partnerIds, from],
  );
  return { holds: holds.rows, blacklists: blacklists.rows };
}

const earliest = (trips: readonly TripForRefusal[]) => trips.reduce((min, t) => (t.serviceDate < min ? t.serviceDate : min), '9999-12-31');

/**
 * Why each partner may not take the trips (core partnerRefusal: a hold or a blacklist entry), the
 * first refusal per partner; partners that may take them all are absent.
 */
export async function refusalsByPartner(
  db: Db,
  partners: readonly { id: string; name: string }[],
  tripIds: readonly string[],
): Promise<Map<string, string>> {
  const trips = await tripsForRefusal(db, tripIds);
  const out = new Map<string, string>();
  if (trips.length === 0) return out;
  const { holds, blacklists } = await partnerBlocks(db, partners.map((p) => p.id), earliest(trips));
  if (holds.length === 0 && blacklists.length === 0) return out;
  for (const p of partners) {
    for (const t of trips) {
      const reason = partnerRefusal(t, p, holds, blacklists);
      if (reason) {
        out.set(p.id, reason);
        break;
      }
    }
  }
  return out;
}

/**
 * Refuses (400, nothing written) giving a partner any of these trips while it is held or a
 * passenger has it on their blacklist; each refused trip is listed in the details. Inside the
 * assigning transaction the partner's row is share-locked, so a hold being placed at the same
 * moment waits for the assignment or is seen by it.
 */
export async function assertPartnerMayTake(client: PoolClient, partner: { id: string; name: string }, tripIds: readonly string[]): Promise<void> {
  if (tripIds.length === 0) return;
  await client.query('select 1 from contacts where id = $1 for share', [partner.id]);
  const trips = await tripsForRefusal(client, tripIds);
  const { holds, blacklists } = await partnerBlocks(client, [partner.id], earliest(trips));
  const refused = trips.flatMap((t) => {
    const reason = partnerRefusal(t, partner, holds, blacklists);
    return reason ? [{ path: t.referenceNumber, message: reason }] : [];
  });
  if (refused.length > 0) throw badRequest(refused[0].message, refused);
}

/**
 * Refuses (400) putting a passenger on a trip its partner may not carry for them: a passenger who
 * was not on the trip before (`newPassengerIds`) and has the trip's partner on their blacklist.
 * Holds are left out: the trip is the partner's already, so no new trip is given to it.
 */
export async function assertNewPassengersMayRide(client: PoolClient, tripId: string, newPassengerIds: ReadonlySet<string>): Promise<void> {
  if (newPassengerIds.size === 0) return;
  const { rows } = await client.query<{ id: string; name: string }>(
    `select p.id, p.name from drive_assignments da join contacts p on p.id = da.farmout_contact_id where da.id = $1`,
    [tripId],
  );
  const partner = rows[0];
  if (!partner) return;
  const [trip] = await tripsForRefusal(client, [tripId]);
  if (!trip) return;
  const { blacklists } = await partnerBlocks(client, [partner.id], trip.serviceDate);
  const reason = partnerRefusal({ ...trip, passengers: trip.passengers.filter((p) => newPassengerIds.has(p.id)) }, partner, [], blacklists);
  if (reason) throw badRequest(reason, [{ path: trip.referenceNumber, message: reason }]);
}
