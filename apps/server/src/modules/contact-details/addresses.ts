/**
 * A contact's addresses as saved (spec 3 §2, §3, §5): each is a join (label, order) to an address
 * row that is never edited. A changed address is a new row the join is re-pointed at, so a trip leg
 * that names the old row keeps the place it was booked with; a removed one marks its join deleted.
 * New rows are geocoded (rule 139) unless the user placed them by hand in the lat/lng picker.
 */
import { GEO_MSG, shouldGeocode, type JoinAddressInput } from '@tripline/core';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import type { Geocoded, GeoServices } from '../../platform/providers/geo.ts';
import { addressLine, geocodeText } from '../geo/geocode.ts';

type JoinInput = z.output<typeof JoinAddressInput>;
type AddressParts = JoinInput['immutableAddress'];

interface ExistingJoin {
  id: string;
  address_id: string;
  label: string;
  street: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  custom_lat_lng: boolean;
}

const PARTS = ['street', 'suite', 'city', 'state', 'zip', 'country'] as const;

/** The typed parts differ from the row's, or a hand-placed point moved. */
function changed(row: ExistingJoin, a: AddressParts): boolean {
  if (PARTS.some((k) => (row[k] ?? null) !== (a[k] ?? null))) return true;
  if (a.hasCustomLatLng !== row.custom_lat_lng) return true;
  return a.hasCustomLatLng && (a.lat !== row.lat || a.lng !== row.lng);
}

interface Placed {
  place: Pick<Geocoded, 'lat' | 'lng' | 'quality' | 'countyFips' | 'formattedAddress'> | null;
  custom: boolean;
  error: string | null;
  warning: string | null;
}

/** Where a typed address lies: the user's point, the geocoder's answer, or nowhere (rule 139). */
async function place(geo: GeoServices, a: AddressParts): Promise<Placed> {
  const text = addressLine({ street: a.street ?? undefined, city: a.city ?? undefined, state: a.state ?? undefined, zip: a.zip ?? undefined });
  if (a.hasCustomLatLng && a.lat != null && a.lng != null) {
    return { place: { lat: a.lat, lng: a.lng, quality: 'exact', countyFips: null, formattedAddress: text }, custom: true, error: null, warning: null };
  }
  if (!shouldGeocode({ street: a.street, city: a.city, zip: a.zip })) {
    return { place: null, custom: false, error: null, warning: text ? GEO_MSG.unableToGeocode(text) : null };
  }
  const outcome = await geocodeText(geo.geocoder, text);
  return { place: outcome.place, custom: false, error: outcome.failed ? outcome.warning : null, warning: outcome.warning };
}

async function insertAddress(client: PoolClient, a: AddressParts, label: string, p: Placed): Promise<string> {
  const text = addressLine({ street: [a.street, a.suite].filter(Boolean).join(' ') || undefined, city: a.city ?? undefined, state: a.state ?? undefined, zip: a.zip ?? undefined });
  const { rows } = await client.query<{ id: string }>(
    `insert into addresses (label, street, suite, city, state, zip, country, complete_address, google_formatted_address,
                            lat, lng, county_fips, geocode_quality, custom_lat_lng, geocode_error)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, (select fips from counties where fips = $12), $13, $14, $15)
     returning id`,
    [
      label,
      a.street,
      a.suite,
      a.city,
      a.state,
      a.zip,
      a.country,
      text || null,
      p.place && !p.custom ? p.place.formattedAddress : null,
      p.place?.lat ?? null,
      p.place?.lng ?? null,
      p.place?.countyFips ?? null,
      p.place?.quality ?? null,
      p.custom,
      p.error,
    ],
  );
  return rows[0]!.id;
}

/**
 * Makes the contact's addresses those given, in that order; answers the geocoding warnings of new
 * rows ('Unable to geocode {text}', 'Error geocoding {text}: {message}').
 */
export async function saveContactAddresses(
  client: PoolClient,
  geo: GeoServices,
  contactId: string,
  inputs: readonly JoinInput[],
): Promise<string[]> {
  const { rows: existing } = await client.query<ExistingJoin>(
    `select j.id, j.address_id, j.label, a.street, a.suite, a.city, a.state, a.zip, a.country, a.lat, a.lng, a.custom_lat_lng
       from join_contact_addresses j join addresses a on a.id = j.address_id
      where j.contact_id = $1 and not j.deleted`,
    [contactId],
  );
  const byId = new Map(existing.map((j) => [j.id, j]));
  const kept = new Set<string>();
  const warnings: string[] = [];
  for (const [i, input] of inputs.entries()) {
    const old = input.id ? byId.get(input.id) : undefined;
    if (input.id && !old) {
      throw badRequest(GEO_MSG.UNKNOWN_ADDRESS, [{ path: `joinContactAddresses.${i}.id`, message: GEO_MSG.UNKNOWN_ADDRESS }]);
    }
    if (old && !changed(old, input.immutableAddress)) {
      kept.add(old.id);
      await client.query('update join_contact_addresses set label = $2, sort_order = $3 where id = $1', [old.id, input.label, i]);
      continue;
    }
    const placed = await place(geo, input.immutableAddress);
    if (placed.warning) warnings.push(placed.warning);
    const addressId = await insertAddress(client, input.immutableAddress, input.label, placed);
    if (old) {
      kept.add(old.id);
      await client.query('update join_contact_addresses set address_id = $2, label = $3, sort_order = $4 where id = $1', [old.id, addressId, input.label, i]);
    } else {
      await client.query('insert into join_contact_addresses (contact_id, address_id, label, sort_order) values ($1, $2, $3, $4)', [contactId, addressId, input.label, i]);
    }
  }
  const removed = existing.filter((j) => !kept.has(j.id)).map((j) => j.id);
  if (removed.length) await client.query('update join_contact_addresses set deleted = true where id = any($1::uuid[])', [removed]);
  return warnings;
}
