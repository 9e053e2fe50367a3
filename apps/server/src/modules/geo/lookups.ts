/**
 * What the address field chooses from (spec 2 §7, 3 §7): a passenger's saved addresses, cities by
 * name, and stored places near a point.
 */
import { GEO_MSG, greatCircleMeters, nearbyBox, type AddressOption, type CityOption, type NearbyPlace } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { notFound } from '../../platform/errors.ts';
import { citiesStartingWith } from '../../platform/providers/geo-zip.ts';
import { UUID } from './addresses.ts';
import { prepared } from '../../platform/db/prepared.ts';

/** The most stops of recent trips offered after the passenger's own addresses. */
const RECENT_STOPS = 20;
const CITY_OPTIONS = 20;
const NEARBY_PLACES = 50;

const ADDRESS_TEXT = `coalesce(a.complete_address, concat_ws(', ', a.street, a.city, nullif(concat_ws(' ', a.state, a.zip), '')), a.name, '')`;
const QUALITY = `case when a.lat is null or a.lng is null then 'none' else coalesce(a.geocode_quality, 'exact') end`;

/** The passenger's own addresses (by label), then the distinct stops of their trips, newest trip first. */
export async function addressOptions(pool: Pool | PoolClient, passengerId: string): Promise<AddressOption[]> {
  if (!UUID.test(passengerId)) throw notFound(GEO_MSG.UNKNOWN_PASSENGER);
  const passenger = await pool.query('select 1 from contacts where id = $1 and not deleted', [passengerId]);
  if (passenger.rowCount === 0) throw notFound(GEO_MSG.UNKNOWN_PASSENGER);
  const { rows } = await pool.query<AddressOption>(
    prepared(`with own as (
       select a.id, j.label, a.name, ${ADDRESS_TEXT} as text, a.lat, a.lng, a.zip, ${QUALITY} as quality,
              'contact' as source, 0 as part, j.label as sort_label, null::date as used
         from join_contact_addresses j join addresses a on a.id = j.address_id
        where j.contact_id = $1 and not j.deleted
     ), stops as (
       select distinct on (a.id) a.id, null as label, a.name, ${ADDRESS_TEXT} as text, a.lat, a.lng, a.zip,
              ${QUALITY} as quality, 'trip' as source, 1 as part, null as sort_label, d.service_date as used
         from trip_legs l
         join drive_assignments d on d.id = l.drive_assignment_id
         join addresses a on a.id in (l.location_first_id, l.location_second_id)
        where l.passenger_id = $1
          and not exists (select 1 from join_contact_addresses oj where oj.address_id = a.id and oj.contact_id = $1 and not oj.deleted)
        order by a.id, d.service_date desc
     )
     select id, label, name, text, lat, lng, zip, quality, source from (
       select * from own
       union all
       select * from (select * from stops order by used desc limit ${RECENT_STOPS}) recent
     ) o
     where text <> ''
     order by part, sort_label, used desc nulls last, text`,
    [passengerId]),
  );
  return rows;
}

/** Cities by the start of their name, in a state when given. */
export function autocompleteCities(q: string, state: string | undefined): CityOption[] {
  return citiesStartingWith(q, state, CITY_OPTIONS);
}

/** Stored places of a type within the box of ±0.05° around a point, nearest first. */
export async function placesNearby(pool: Pool, type: NearbyPlace['type'], at: { lat: number; lng: number }): Promise<NearbyPlace[]> {
  const box = nearbyBox(at);
  const { rows } = await pool.query<Omit<NearbyPlace, 'meters'>>(
    `select p.id, p.type, p.name, p.phone, a.id as "addressId", ${ADDRESS_TEXT} as text, a.lat, a.lng
       from places p join addresses a on a.id = p.address_id
      where p.type = $1 and a.lat between $2 and $3 and a.lng between $4 and $5`,
    [type, box.minLat, box.maxLat, box.minLng, box.maxLng],
  );
  return rows
    .map((r) => ({ ...r, meters: greatCircleMeters(at, r) }))
    .sort((a, b) => a.meters - b.meters || a.name.localeCompare(b.name))
    .slice(0, NEARBY_PLACES);
}
