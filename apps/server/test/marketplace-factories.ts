import type { Pool } from 'pg';
import { createContact, type Created } from './factories.ts';
import { createRate } from './rate-factories.ts';
import { createPartner, createTrip, FUTURE, type CreatedTrip, type Partner, type TripSpec } from './trip-factories.ts';
import { createVehicle } from './vehicles-factories.ts';

/** Places of the tests: a home and a clinic in Albuquerque (87102, 87106) and a clinic in Santa Fe (87505, about 58 miles away). */
export const PLACES = {
  home: { street: '1402 Calle Secreta', city: 'Albuquerque', zip: '87102', lat: 35.08449, lng: -106.65111, name: null },
  clinic: { street: '801 Medical Way', city: 'Albuquerque', zip: '87106', lat: 35.0856, lng: -106.6196, name: 'Lovelace Clinic' },
  santaFe: { street: '455 St Michaels Dr', city: 'Santa Fe', zip: '87505', lat: 35.6565, lng: -105.9511, name: 'Christus St Vincent' },
} as const;
type Place = (typeof PLACES)[keyof typeof PLACES];

async function address(pool: Pool, p: Place): Promise<string> {
  const { rows } = await pool.query(
    `insert into addresses (label, name, street, city, state, zip, lat, lng) values ('Home', $1, $2, $3, 'NM', $4, $5, $6) returning id`,
    [p.name, p.street, p.city, p.zip, p.lat, p.lng],
  );
  return rows[0].id;
}

export interface OfferedSpec extends TripSpec {
  /** The instant the exclusive window ends (default: an hour before the test clock's now, open to all). */
  until?: string;
  from?: Place;
  to?: Place;
  serviceType?: string;
  /** Meters of the first leg (default 8 km). */
  meters?: number;
}

/** The test clock's now (test/app.ts): 2026-11-22 08:00 in Albuquerque. */
export const NOW_ISO = '2026-11-22T15:00:00.000Z';
export const OPEN_SINCE = '2026-11-22T14:00:00.000Z';

/**
 * A trip offered in the marketplace (default tomorrow 09:00, open to every partner), its legs
 * going from `from` to `to` (and back), with the passenger's name, phone and member id set so a
 * test can prove they never reach a partner.
 */
export async function createOfferedTrip(pool: Pool, spec: OfferedSpec = {}): Promise<CreatedTrip> {
  const trip = await createTrip(pool, { serviceDate: FUTURE, ...spec });
  const from = await address(pool, spec.from ?? PLACES.home);
  const to = await address(pool, spec.to ?? PLACES.clinic);
  await pool.query(
    `update trip_legs set location_first_id = case when leg_order = 0 then $2::uuid else $3::uuid end,
            location_second_id = case when leg_order = 0 then $3::uuid else $2::uuid end,
            google_driving_distance_meters = $4, google_driving_time = 900, member_id = 'NM-SECRET-77'
      where drive_assignment_id = $1`,
    [trip.id, from, to, spec.meters ?? 8000],
  );
  await pool.query(`update drive_assignments set marketplace_until = $2, service_type_requested = $3 where id = $1`, [
    trip.id,
    spec.until ?? OPEN_SINCE,
    spec.serviceType ?? '01',
  ]);
  const { rows } = await pool.query('select mod_count from drive_assignments where id = $1', [trip.id]);
  return { ...trip, modCount: rows[0].mod_count };
}

/** A passenger with a name, phone and member id that must not reach a partner. */
export function createPassenger(pool: Pool, name = 'Rosa Quintana'): Promise<Created> {
  return createContact(pool, { name, types: ['Passenger'], username: null, phone: { number: '5055550142' } });
}

export interface ClaimingPartnerSpec {
  billToId: string;
  /** ZIP codes served (default 87102, 87106). */
  zips?: string[];
  vehicle?: boolean;
  rate?: boolean;
  compliant?: boolean;
  serviceId?: string;
}

/** A partner ready to claim: a user, a wheelchair van, a Flat Rate for the bill-to and ZIP coverage. */
export async function createClaimingPartner(pool: Pool, spec: ClaimingPartnerSpec): Promise<Partner> {
  const p = await createPartner(pool);
  if (spec.vehicle ?? true) await createVehicle(pool, p.partner.id);
  if (spec.rate ?? true) await createRate(pool, { affiliateId: p.partner.id, billToId: spec.billToId, serviceId: spec.serviceId ?? '01' });
  for (const zip of spec.zips ?? ['87102', '87106']) {
    await pool.query('insert into partner_zip_coverage (partner_id, zip) values ($1, $2)', [p.partner.id, zip]);
  }
  if (spec.compliant === false) await pool.query('update contacts set compliant = false where id = $1', [p.partner.id]);
  return p;
}
