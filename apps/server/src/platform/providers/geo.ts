/**
 * Outside geographic services behind interfaces, the adapter picked by configuration (spec 3 §5
 * "Editors and geocoding"): a geocoder (offline from ZIP centroids by default, or a Nominatim or
 * Pelias URL), a router (great-circle distance by default, or OSRM) shared by the reservation
 * editor, the scheduling engine and dispatch ETAs, and stored places. Tests never reach the network.
 */

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** How exactly a text was placed: at the address itself, or only at its ZIP code's centre. */
export type GeocodeQuality = 'exact' | 'zip-centroid';

export interface Geocoded extends GeoPoint {
  quality: GeocodeQuality;
  /** The address as the service understood it. */
  formattedAddress: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Five-digit county FIPS code, when known. */
  countyFips: string | null;
  /** The service's own id of the place (a Nominatim OSM id, a Pelias gid), when it gives one. */
  placeId?: string | null;
}

/** The geocoding service failed (not: found nothing); its message is shown as 'Error geocoding {text}: {message}'. */
export class GeocodeServiceError extends Error {}

export interface Geocoder {
  /** The place of an address text, or null when it cannot be placed; throws GeocodeServiceError when the service fails. */
  geocode(text: string): Promise<Geocoded | null>;
}

/** A drive between two points. */
export interface Drive {
  meters: number;
  seconds: number;
  secondsNoTraffic: number;
}

export interface Router {
  /** The drive from one point to another (arriving or departing at a time, where the service knows traffic). */
  drive(from: GeoPoint, to: GeoPoint, at?: { arrival?: Date; departure?: Date }): Promise<Drive>;
  /** Every drive between the points: `table[i][j]` from point i to point j (the scheduling engine's matrix). */
  table(points: readonly GeoPoint[]): Promise<Drive[][]>;
}

export interface GeoServices {
  geocoder: Geocoder;
  router: Router;
}
