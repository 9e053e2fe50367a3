/**
 * Decoding a VIN (spec 2 §7 vin-lookup). Offline the VIN itself gives the model year and, through
 * the bundled WMI table, the maker. With VIN_DECODER_URL set, NHTSA's public vPIC decoder (or a
 * server answering like it) adds the model; its answer wins where it has one, and when it fails
 * or takes longer than 3 s the offline answer stands.
 */
import { decodeVinLocally, type VinLookupResult } from '@tripline/core';
import { AnswerCache, GEO_SERVICE_TIMEOUT_MS, getJson } from './geo-http.ts';

export interface VinDecoder {
  /** The decoded VIN; give it a valid, normalised 17-character VIN. Never throws for a service failure. */
  decode(vin: string): Promise<VinLookupResult>;
}

/** The decoder of the configuration: offline without a URL. */
export function vinDecoder(url: string | undefined, log?: (line: string) => void): VinDecoder {
  return url ? nhtsaVinDecoder(url, { log }) : localVinDecoder();
}

export function localVinDecoder(): VinDecoder {
  return { decode: async (vin) => ({ ...decodeVinLocally(vin), source: 'local' }) };
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
};

/** vPIC writes makes in capitals (TOYOTA); the fleet writes them as the maker does (Toyota, Mercedes-Benz). */
function makeName(make: string): string {
  if (make !== make.toUpperCase() || make.length <= 3) return make;
  return make.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** The first result of vPIC's DecodeVinValues answer, as the lookup answers it; null when it names nothing. */
export function fromVpic(body: unknown): Omit<VinLookupResult, 'source'> | null {
  const results = (body as Obj | null)?.Results;
  const first = Array.isArray(results) ? (results[0] as Obj | undefined) : undefined;
  if (!first) return null;
  const make = str(first.Make);
  const model = str(first.Model);
  const year = num(first.ModelYear);
  if (!make && !model && year === null) return null;
  // vPIC carries no fuel economy: miles per gallon stays the user's to type
  return { manufacturer: make ? makeName(make) : null, model, modelYear: year !== null && Number.isInteger(year) ? year : null, mpg: null };
}

/**
 * NHTSA's vPIC decoder: GET {url}/DecodeVinValues/{vin}?format=json, where url is the API's
 * vehicles address (https://vpic.nhtsa.dot.gov/api/vehicles). Answers are kept for a day.
 */
export function nhtsaVinDecoder(url: string, options: { timeoutMs?: number; log?: (line: string) => void } = {}): VinDecoder {
  const base = url.replace(/\/+$/, '');
  const cache = new AnswerCache<Omit<VinLookupResult, 'source'> | null>(2000, 24 * 3600_000);
  return {
    async decode(vin) {
      const local = decodeVinLocally(vin);
      let found = cache.get(vin)?.value;
      if (found === undefined) {
        try {
          const address = new URL(`${base}/DecodeVinValues/${encodeURIComponent(vin)}`);
          address.searchParams.set('format', 'json');
          found = fromVpic(await getJson(address, 'VIN decoder', options.timeoutMs ?? GEO_SERVICE_TIMEOUT_MS));
          cache.set(vin, found);
        } catch (e) {
          options.log?.(`VIN decoded offline: ${e instanceof Error ? e.message : String(e)}`);
          return { ...local, source: 'local' };
        }
      }
      if (!found) return { ...local, source: 'local' };
      return {
        modelYear: found.modelYear ?? local.modelYear,
        manufacturer: found.manufacturer ?? local.manufacturer,
        model: found.model,
        mpg: found.mpg,
        source: 'decoder',
      };
    },
  };
}
