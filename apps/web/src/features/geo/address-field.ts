/** What the address field offers and holds (spec 2 §2, 3 §5): pure, so it is tested without a browser. */
import { GEO_MSG, shouldGeocodeText, type AddressOption, type AddressValue, type CityOption, type GeocodeResult } from '@tripline/core';

export const EMPTY_ADDRESS: AddressValue = { id: null, text: '', lat: null, lng: null, quality: null, zip: null };

/** A typed text split for city suggestions: what comes before the last comma, and the city being typed after it. */
export function cityQueryOf(text: string): { prefix: string; q: string } | null {
  const comma = text.lastIndexOf(',');
  const prefix = comma < 0 ? '' : text.slice(0, comma).trim();
  const q = (comma < 0 ? text : text.slice(comma + 1)).trim();
  // A house number starts a street, not a city; a ZIP or a state code means the city is done.
  if (q.length < 2 || /^\d/.test(q) || /\b[A-Za-z]{2}\s+\d{5}/.test(q)) return null;
  return { prefix, q };
}

/** The typed street with a chosen city: '1200 Main St, Albuquerque, NM 87102'. */
export function withCity(prefix: string, c: CityOption): string {
  const city = `${c.city}, ${c.state} ${c.zip}`;
  return prefix ? `${prefix}, ${city}` : city;
}

/** A saved address chosen from the list: the row itself. */
export function valueOfOption(o: AddressOption): AddressValue {
  return { id: o.id, text: o.text, lat: o.lat, lng: o.lng, quality: o.quality, zip: o.zip };
}

/** A typed text as the geocoder placed it; a new row is written for it when the trip is saved. */
export function valueOfGeocode(text: string, r: GeocodeResult): AddressValue {
  const placed = r.lat != null && r.lng != null;
  return { id: null, text, lat: r.lat, lng: r.lng, quality: placed ? r.quality : 'none', zip: r.zip, custom: false };
}

/** A typed text that is not worth asking the geocoder about (rule 139): kept, not placed. */
export function unplacedValue(text: string): AddressValue {
  return { id: null, text, lat: null, lng: null, quality: 'none', zip: null, custom: false };
}

/** The typed text needs the geocoder: it changed since it was placed and names a ZIP, a city or a comma (rule 139). */
export function needsPlacing(value: AddressValue | null, text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (value && value.text === t && (value.id != null || value.quality != null)) return false;
  return shouldGeocodeText(t);
}

export interface PlacingNote {
  /** A warning shown under the field; the address is still saved. */
  warning: string | null;
  /** The geocode call failed: the field is invalid (rule 138). */
  error: string | null;
}

/** What the field says about a placing: 'Unable to geocode {text}' as a warning, a failed call as its error. */
export function placingNote(text: string, r: GeocodeResult | null, failedMessage?: string): PlacingNote {
  if (failedMessage !== undefined) return { warning: null, error: GEO_MSG.errorGeocoding(text, failedMessage) };
  if (!r) return { warning: GEO_MSG.unableToGeocode(text), error: null };
  if (r.failed) return { warning: null, error: r.warning };
  return { warning: r.warning, error: null };
}
