import type { Pool } from 'pg';

/** The columns of an address row a test may set (spec 3 §3 immutableAddress). */
export interface AddressFields {
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  completeAddress?: string;
  lat?: number | null;
  lng?: number | null;
  geocodeQuality?: 'exact' | 'zip-centroid' | null;
}

/**
 * Writes one address row and, when a contact is given, joins it to that contact under a label
 * (spec 3 §3 joinContactAddresses). Answers the address row's id.
 */
export async function addContactAddress(pool: Pool, contactId: string | null, a: AddressFields, label = 'Home'): Promise<string> {
  const { rows } = await pool.query(
    `with a as (
       insert into addresses (label, street, city, state, zip, complete_address, lat, lng, geocode_quality)
       values ($2, $3, $4, $5, $6, $7, $8, $9, $10) returning id
     ), j as (
       insert into join_contact_addresses (contact_id, address_id, label, sort_order)
       select $1::uuid, a.id, $2, (select count(*) from join_contact_addresses x where x.contact_id = $1::uuid)
         from a where $1::uuid is not null
     )
     select id from a`,
    [contactId, label, a.street ?? null, a.city ?? null, a.state ?? null, a.zip ?? null, a.completeAddress ?? null, a.lat ?? null, a.lng ?? null, a.geocodeQuality ?? null],
  );
  return rows[0].id;
}
