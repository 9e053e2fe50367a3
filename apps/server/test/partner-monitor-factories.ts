import type { Pool } from 'pg';

/** 10 miles, as the router measured the trip's first leg. */
export const LEG_METERS = 16093;

/**
 * Gives a partner's base and a trip's first pickup places about 12 km apart in Albuquerque, and
 * the trip's legs a measured 10 miles each, so loaded and deadhead miles are known.
 */
export async function placeForDeadhead(pool: Pool, partnerId: string, tripId: string): Promise<void> {
  await pool.query('update contacts set base_lat = 35.0844, base_lng = -106.6504 where id = $1', [partnerId]);
  const { rows } = await pool.query<{ id: string }>(
    `insert into addresses (label, street, city, state, zip, lat, lng) values ('Office', '1 Clinic Way', 'Albuquerque', 'NM', '87110', 35.1, -106.52) returning id`,
  );
  await pool.query('update trip_legs set location_first_id = $2, google_driving_distance_meters = $3 where drive_assignment_id = $1', [
    tripId,
    rows[0].id,
    LEG_METERS,
  ]);
}
