/** When and how an address is geocoded (spec 3 §5 "Editors and geocoding"; rules 138–141). */
import type { LatLng } from '../trips/partner-score.ts';
import type { AddressValue, GeocodeQuality } from './address.ts';
import { GEO_MSG } from './messages.ts';

export interface AddressParts {
  street?: string | null;
  city?: string | null;
  zip?: string | null;
  lat?: number | null;
  lng?: number | null;
}

const has = (s: string | null | undefined) => !!s && s.trim() !== '';

/** Rule 139: geocode when there is no lat/lng, a street exists, and there is a zip, a city or a comma in the street. */
export function shouldGeocode(a: AddressParts): boolean {
  if (a.lat != null && a.lng != null) return false;
  if (!has(a.street)) return false;
  return has(a.zip) || has(a.city) || a.street!.includes(',');
}

const ZIP_IN_TEXT = /\b\d{5}(?:-\d{4})?\b/;

/** Rule 139 for a one-line typed address: the whole text is the street, and a ZIP in it counts as the zip. */
export function shouldGeocodeText(text: string, at: { lat?: number | null; lng?: number | null } = {}): boolean {
  return shouldGeocode({ street: text, zip: ZIP_IN_TEXT.exec(text)?.[0] ?? null, ...at });
}

const PAIR = /^\s*\(?\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*\)?\s*$/;

/** Rule 140: a lat/lng search accepts a coordinate pair ('35.08, -106.65'); anything else is an address. */
export function parseLatLng(text: string): LatLng | null {
  const m = PAIR.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * Rule 138: the address field's own problem. An empty address is valid; a failed geocode call
 * (the service's error) makes it invalid. An address the geocoder could not place is only warned
 * about ('Unable to geocode {text}'): it is saved without a location.
 */
export function addressProblem(value: Pick<AddressValue, 'text' | 'id'> | null, geocodeError: string | null): string | null {
  if (!value || (value.id == null && value.text.trim() === '')) return null;
  return geocodeError;
}

/** Rule 141: a custom lat/lng is only placed after an approximate city/state search brought the map near. */
export function customLatLngProblem(approximateSearchDone: boolean): string | null {
  return approximateSearchDone ? null : GEO_MSG.APPROXIMATE_FIRST;
}

/** How the address field names the quality of a placing. */
export const GEOCODE_QUALITY_LABELS: Record<GeocodeQuality, string> = {
  exact: 'Exact',
  'zip-centroid': 'ZIP centre',
  none: 'Not placed',
};
