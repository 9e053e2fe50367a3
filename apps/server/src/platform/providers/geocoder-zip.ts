/**
 * The default geocoder, offline: an address is placed at the centroid of its ZIP code (quality
 * 'zip-centroid'); without a ZIP, a 'City, ST' ending is placed at the city's first ZIP centroid.
 * Texts with neither cannot be placed.
 */
import type { Geocoded, Geocoder } from './geo.ts';
import { lookupZip, zipsOfCity, type ZipPlace } from './geo-zip.ts';

const ZIP_AT_END = /\b(\d{5})(?:-\d{4})?\s*(?:,?\s*(?:USA?|United States))?\s*$/i;
const CITY_STATE_AT_END = /(?:^|,)\s*([A-Za-z][A-Za-z .'-]*?)\s*,?\s+([A-Za-z]{2})\s*$/;

/** The place of the ZIP or the 'City, ST' at the end of an address text, or null. */
export function zipPlaceOfText(text: string): ZipPlace | null {
  const zip = ZIP_AT_END.exec(text)?.[1];
  if (zip) return lookupZip(zip);
  const cityState = CITY_STATE_AT_END.exec(text);
  if (!cityState) return null;
  return zipsOfCity(cityState[1]!, cityState[2]!.toUpperCase())[0] ?? null;
}

export function zipGeocoder(): Geocoder {
  return {
    async geocode(text) {
      const place = zipPlaceOfText(text.trim());
      if (!place) return null;
      const first = text.split(',')[0]!.trim();
      const street = /\d/.test(first) && !first.includes(place.zip) ? first : null;
      const geocoded: Geocoded = {
        lat: place.lat,
        lng: place.lng,
        quality: 'zip-centroid',
        formattedAddress: text.trim(),
        street,
        city: place.city,
        state: place.state,
        zip: place.zip,
        countyFips: place.countyFips,
      };
      return geocoded;
    },
  };
}
