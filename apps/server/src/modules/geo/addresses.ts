/**
 * A leg's stop as saved (spec 2 §2–§3, 3 §5): an address row that exists is used as it is; a typed
 * text becomes a NEW address row the leg points at, geocoded unless the user placed it by hand.
 * Rows are never edited afterwards, so a contact's own address is never changed by a trip.
 */
import { GEO_MSG, shouldGeocodeText, type GeocodeQuality, type LegAddressInput } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';
import type { Geocoded, GeoServices } from '../../platform/providers/geo.ts';
import { lookupZip } from '../../platform/providers/geo-zip.ts';
import { geocodeText, pointOfText, type GeocodeOutcome } from './geocode.ts';
import { prepared } from '../../platform/db/prepared.ts';

export interface SavedAddress {
  id: string | null;
  lat: number | null;
  lng: number | null;
  zip: string | null;
  countyFips: string | null;
  quality: GeocodeQuality | null;
  /** 'Unable to geocode {text}' or 'Error geocoding {text}: {message}' when the row was saved without a location. */
  warning: string | null;
}

const NO_ADDRESS: SavedAddress = { id: null, lat: null, lng: null, zip: null, countyFips: null, quality: null, warning: null };
/** A record id as the database stores it; any other text names no row. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AddressRow {
  id: string;
  lat: number | null;
  lng: number | null;
  zip: string | null;
  county_fips: string | null;
  geocode_quality: 'exact' | 'zip-centroid' | null;
}

const saved = (r: AddressRow, warning: string | null = null): SavedAddress => ({
  id: r.id,
  lat: r.lat,
  lng: r.lng,
  zip: r.zip,
  countyFips: r.county_fips,
  quality: r.lat == null || r.lng == null ? 'none' : (r.geocode_quality ?? 'exact'),
  warning,
});

/** An address row by id, or null (ids that are not UUIDs name no row). */
export async function findAddress(db: Pool | PoolClient, id: string): Promise<AddressRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<AddressRow>(
    'select id, lat, lng, zip, county_fips, geocode_quality from addresses where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** How a typed text is placed: by the user's lat/lng, by the geocoder (rule 139), or not at all. */
async function placeText(geo: GeoServices, text: string, lat: number | null | undefined, lng: number | null | undefined): Promise<GeocodeOutcome> {
  if (lat != null && lng != null) {
    const place = pointOfText(text, { lat, lng });
    return { place, warning: null, failed: false, custom: place.quality === 'exact' };
  }
  if (!shouldGeocodeText(text)) return { place: null, warning: GEO_MSG.unableToGeocode(text), failed: false, custom: false };
  return geocodeText(geo.geocoder, text);
}

/**
 * Saves a leg's stop. `path` names the input in a 400's details (e.g. 'legs.0.locationFirst').
 * Empty or absent: no address (id null), which is valid.
 */
export async function saveLegAddress(
  client: PoolClient,
  geo: GeoServices,
  input: LegAddressInput | null | undefined,
  path = 'address',
): Promise<SavedAddress> {
  if (!input) return NO_ADDRESS;
  if (input.id) {
    const row = await findAddress(client, input.id);
    if (!row) throw badRequest(GEO_MSG.UNKNOWN_ADDRESS, [{ path: `${path}.id`, message: GEO_MSG.UNKNOWN_ADDRESS }]);
    return saved(row);
  }
  const byHand = input.lat != null && input.lng != null;
  const text = input.text?.trim() || (byHand ? `${input.lat}, ${input.lng}` : '');
  if (!text) return NO_ADDRESS;
  const outcome = await placeText(geo, text, input.lat, input.lng);
  const row = await insertAddress(client, text, outcome.place, outcome.custom, outcome.failed ? outcome.warning : null);
  return saved(row, outcome.warning);
}

async function insertAddress(client: PoolClient, text: string, p: Geocoded | null, custom: boolean, error: string | null): Promise<AddressRow> {
  // The county is kept only when the portal knows it (addresses.county_fips names a county row).
  const { rows } = await client.query<AddressRow>(
    `insert into addresses (label, street, city, state, zip, complete_address, google_formatted_address,
                            lat, lng, county_fips, geocode_quality, custom_lat_lng, geocode_error)
     values ('Other', $1, $2, $3, $4, $5, $6, $7, $8, (select fips from counties where fips = $9), $10, $11, $12)
     returning id, lat, lng, zip, county_fips, geocode_quality`,
    [
      p?.street ?? null,
      p?.city ?? null,
      p?.state ?? null,
      p?.zip ?? null,
      text,
      p?.formattedAddress ?? null,
      p?.lat ?? null,
      p?.lng ?? null,
      p?.countyFips ?? null,
      p?.quality ?? null,
      custom,
      error,
    ],
  );
  const row = rows[0]!;
  // Without a county row the answer still says which county the ZIP lies in.
  return { ...row, county_fips: row.county_fips ?? p?.countyFips ?? null };
}

/**
 * The division of a ZIP code (spec 2 §9: 'Unable to determine division for ZIP' when none): the
 * ZIP's county from the ZIP data set, else the county of an address with that ZIP, and the
 * county's division.
 */
export async function divisionForZip(db: Pool | PoolClient, zip: string): Promise<{ id: string; code: string } | null> {
  const five = /^\d{5}/.exec(zip.trim())?.[0];
  if (!five) return null;
  const { rows } = await db.query<{ id: string; code: string }>(
    prepared(
      `select d.id, d.code
         from counties c join divisions d on d.id = c.division_id
        where c.fips = coalesce($2::text, (select a.county_fips from addresses a where a.zip = $1 and a.county_fips is not null limit 1))`,
      [five, lookupZip(five)?.countyFips ?? null],
    ),
  );
  return rows[0] ?? null;
}
