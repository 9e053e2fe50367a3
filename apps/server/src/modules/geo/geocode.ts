/**
 * Placing a typed address (spec 3 §5, §8; rules 138–140): a coordinate pair is taken as it is,
 * otherwise the configured geocoder is asked. Not found: 'Unable to geocode {text}'; the service
 * failing: 'Error geocoding {text}: {message}', and the address counts as not geocoded.
 */
import { GEO_MSG, parseLatLng, type GeocodeResult } from '@tripline/core';
import type { Geocoded, Geocoder } from '../../platform/providers/geo.ts';
import { zipPlaceOfText } from '../../platform/providers/geocoder-zip.ts';

export interface GeocodeOutcome {
  place: Geocoded | null;
  /** Why it was not placed, in the spec's words; null when placed. */
  warning: string | null;
  /** The service failed (rather than found nothing). */
  failed: boolean;
  /** The text was a coordinate pair: a placing by hand. */
  custom: boolean;
}

/**
 * A point given with a text: its ZIP, city and county come from the text's ZIP, when it names
 * one. A point that is exactly that ZIP's centre is a ZIP-centroid placing sent back, not the
 * user's own.
 */
export function pointOfText(text: string, at: { lat: number; lng: number }): Geocoded {
  const zip = zipPlaceOfText(text);
  const atCentre = !!zip && Math.abs(zip.lat - at.lat) < 1e-6 && Math.abs(zip.lng - at.lng) < 1e-6;
  return {
    ...at,
    quality: atCentre ? 'zip-centroid' : 'exact',
    formattedAddress: text,
    street: null,
    city: zip?.city ?? null,
    state: zip?.state ?? null,
    zip: zip?.zip ?? null,
    countyFips: zip?.countyFips ?? null,
  };
}

export async function geocodeText(geocoder: Geocoder, text: string): Promise<GeocodeOutcome> {
  const pair = parseLatLng(text);
  if (pair) return { place: pointOfText(text, pair), warning: null, failed: false, custom: true };
  try {
    const place = await geocoder.geocode(text);
    if (place) return { place, warning: null, failed: false, custom: false };
    return { place: null, warning: GEO_MSG.unableToGeocode(text), failed: false, custom: false };
  } catch (e) {
    const message = e instanceof Error && e.message ? e.message : 'the geocoding service failed';
    return { place: null, warning: GEO_MSG.errorGeocoding(text, message), failed: true, custom: false };
  }
}

/** The answer of GET/POST api/v1/geocode-address. */
export function geocodeAnswer(text: string, outcome: GeocodeOutcome, suite: string | null = null): GeocodeResult {
  const p = outcome.place;
  return {
    completeAddress: p?.formattedAddress ?? null,
    street: p?.street ?? null,
    suite,
    apartment: suite,
    city: p?.city ?? null,
    state: p?.state ?? null,
    country: p ? 'US' : null,
    county: p?.countyFips ?? null,
    zip: p?.zip ?? null,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    googleId: p?.placeId ?? null,
    quality: p?.quality ?? 'none',
    warning: outcome.warning,
    failed: outcome.failed,
  };
}

/** The one line of an address given as parts: 'street, city, ST zip'. */
export function addressLine(a: { street?: string; city?: string; state?: string; zip?: string; country?: string }): string {
  const stateZip = [a.state, a.zip].filter(Boolean).join(' ');
  return [a.street, a.city, stateZip, a.country].filter((s) => s && s.trim() !== '').join(', ');
}
