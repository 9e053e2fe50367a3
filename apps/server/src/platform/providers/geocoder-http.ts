/**
 * A geocoder on a Nominatim or Pelias server (GEOCODER_URL, its search address: a path ending in
 * /v1/search is Pelias, anything else Nominatim). Answers within 3 s or counts as failed; found
 * and not-found answers are kept for a day, failures are not kept.
 */
import type { Geocoded, GeocodeQuality, Geocoder } from './geo.ts';
import { AnswerCache, GEO_SERVICE_TIMEOUT_MS, getJson } from './geo-http.ts';
import { lookupZip } from './geo-zip.ts';

const CACHE_SIZE = 5000;
const CACHE_TTL_MS = 24 * 3600_000;

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
};

function placed(lat: number | null, lng: number | null, parts: Omit<Geocoded, 'lat' | 'lng' | 'countyFips'>): Geocoded | null {
  if (lat == null || lng == null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const zip = parts.zip ? (/^\d{5}/.exec(parts.zip)?.[0] ?? null) : null;
  return { ...parts, zip, lat, lng, countyFips: zip ? (lookupZip(zip)?.countyFips ?? null) : null };
}

/** Nominatim's jsonv2 answer: an array of places, best first. */
export function fromNominatim(body: unknown, text: string): Geocoded | null {
  const first = Array.isArray(body) ? (body[0] as Obj | undefined) : undefined;
  if (!first) return null;
  const a = (first.address ?? {}) as Obj;
  const iso = str(a['ISO3166-2-lvl4']);
  const quality: GeocodeQuality = a.house_number || first.addresstype === 'building' || first.addresstype === 'house' ? 'exact' : 'zip-centroid';
  return placed(num(first.lat), num(first.lon), {
    quality,
    formattedAddress: str(first.display_name) ?? text,
    street: [str(a.house_number), str(a.road)].filter(Boolean).join(' ') || null,
    city: str(a.city) ?? str(a.town) ?? str(a.village) ?? str(a.hamlet),
    state: iso?.startsWith('US-') ? iso.slice(3) : str(a.state),
    zip: str(a.postcode),
    placeId: first.osm_type && first.osm_id != null ? `${String(first.osm_type)}/${String(first.osm_id)}` : null,
  });
}

/** Pelias's answer: a GeoJSON FeatureCollection, best first. */
export function fromPelias(body: unknown, text: string): Geocoded | null {
  const features = (body as Obj | null)?.features;
  const first = Array.isArray(features) ? (features[0] as Obj | undefined) : undefined;
  if (!first) return null;
  const p = (first.properties ?? {}) as Obj;
  const coords = ((first.geometry ?? {}) as Obj).coordinates;
  const [lng, lat] = Array.isArray(coords) ? coords.map(num) : [null, null];
  const exact = (p.layer === 'address' || p.layer === 'venue') && p.accuracy === 'point';
  return placed(lat ?? null, lng ?? null, {
    quality: exact ? 'exact' : 'zip-centroid',
    formattedAddress: str(p.label) ?? text,
    street: [str(p.housenumber), str(p.street)].filter(Boolean).join(' ') || null,
    city: str(p.locality),
    state: str(p.region_a),
    zip: str(p.postalcode),
    placeId: str(p.gid),
  });
}

export function httpGeocoder(searchUrl: string, options: { timeoutMs?: number; now?: () => number } = {}): Geocoder {
  const base = new URL(searchUrl);
  const pelias = /\/v1\/search\/?$/.test(base.pathname);
  const cache = new AnswerCache<Geocoded | null>(CACHE_SIZE, CACHE_TTL_MS, options.now);
  const service = 'geocoding service';
  return {
    async geocode(text) {
      const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
      const hit = cache.get(key);
      if (hit) return hit.value;
      const url = new URL(base);
      if (pelias) {
        url.searchParams.set('text', text);
        url.searchParams.set('size', '1');
        url.searchParams.set('boundary.country', 'USA');
      } else {
        url.searchParams.set('q', text);
        url.searchParams.set('format', 'jsonv2');
        url.searchParams.set('addressdetails', '1');
        url.searchParams.set('countrycodes', 'us');
        url.searchParams.set('limit', '1');
      }
      const body = await getJson(url, service, options.timeoutMs ?? GEO_SERVICE_TIMEOUT_MS);
      const found = pelias ? fromPelias(body, text) : fromNominatim(body, text);
      cache.set(key, found);
      return found;
    },
  };
}
