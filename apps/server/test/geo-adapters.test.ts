import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimateDrive } from '@tripline/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { GeocodeServiceError } from '../src/platform/providers/geo.ts';
import { AnswerCache } from '../src/platform/providers/geo-http.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { httpGeocoder } from '../src/platform/providers/geocoder-http.ts';
import { zipGeocoder } from '../src/platform/providers/geocoder-zip.ts';
import { greatCircleRouter } from '../src/platform/providers/router-great-circle.ts';
import { OSRM_TABLE_BLOCK, osrmRouter } from '../src/platform/providers/router-osrm.ts';

/**
 * The geographic adapters against a fake service on loopback, started here: no test reaches the
 * network. The fake answers each path with what the test set, and records what was asked.
 */
type Answer = { status?: number; body?: unknown; delayMs?: number; raw?: string };
let server: http.Server;
let base: string;
let answer: (url: URL) => Answer;
let asked: URL[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url);
    const a = answer(url);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(a.raw ?? JSON.stringify(a.body ?? null));
    }, a.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  asked = [];
  answer = () => ({ body: [] });
});

const NOMINATIM_HIT = [
  {
    lat: '35.0801',
    lon: '-106.6495',
    display_name: '400, Gold Avenue Southwest, Albuquerque, Bernalillo County, New Mexico, 87102, United States',
    osm_type: 'way',
    osm_id: 123,
    addresstype: 'building',
    address: { house_number: '400', road: 'Gold Avenue Southwest', city: 'Albuquerque', state: 'New Mexico', 'ISO3166-2-lvl4': 'US-NM', postcode: '87102' },
  },
];

describe('the Nominatim geocoder', () => {
  it('asks the search address for one US place and reads it', async () => {
    answer = () => ({ body: NOMINATIM_HIT });
    const g = httpGeocoder(`${base}/search`);
    const r = await g.geocode('400 Gold Ave SW, Albuquerque');
    expect(r).toEqual({
      lat: 35.0801,
      lng: -106.6495,
      quality: 'exact',
      formattedAddress: NOMINATIM_HIT[0]!.display_name,
      street: '400 Gold Avenue Southwest',
      city: 'Albuquerque',
      state: 'NM',
      zip: '87102',
      countyFips: '35001',
      placeId: 'way/123',
    });
    expect(asked[0]!.pathname).toBe('/search');
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({ q: '400 Gold Ave SW, Albuquerque', format: 'jsonv2', countrycodes: 'us', limit: '1' });
  });

  it('calls a place without a house number approximate, and an empty answer not found', async () => {
    answer = () => ({ body: [{ ...NOMINATIM_HIT[0], addresstype: 'postcode', address: { postcode: '87102', state: 'New Mexico' } }] });
    expect((await httpGeocoder(`${base}/search`).geocode('87102'))?.quality).toBe('zip-centroid');
    answer = () => ({ body: [] });
    expect(await httpGeocoder(`${base}/search`).geocode('Nowhere at all')).toBeNull();
  });

  it('keeps found and not-found answers, so the same text is asked once', async () => {
    const g = httpGeocoder(`${base}/search`);
    answer = () => ({ body: NOMINATIM_HIT });
    await g.geocode('400 Gold Ave SW');
    await g.geocode('  400  gold ave sw ');
    answer = () => ({ body: [] });
    await g.geocode('Nowhere');
    await g.geocode('nowhere');
    expect(asked).toHaveLength(2);
  });

  it('fails with GeocodeServiceError after 3 s (here 200 ms), on an error status and on a body that is not JSON, keeping none of them', async () => {
    const g = httpGeocoder(`${base}/search`, { timeoutMs: 200 });
    answer = () => ({ body: NOMINATIM_HIT, delayMs: 1000 });
    await expect(g.geocode('slow')).rejects.toThrow(new GeocodeServiceError('the geocoding service did not answer within 0.2 s'));
    answer = () => ({ status: 503, body: { error: 'busy' } });
    await expect(g.geocode('busy')).rejects.toThrow('the geocoding service answered 503');
    answer = () => ({ raw: '<html>' });
    await expect(g.geocode('html')).rejects.toBeInstanceOf(GeocodeServiceError);
    answer = () => ({ body: NOMINATIM_HIT });
    expect(await g.geocode('busy')).not.toBeNull();
  });

  it('fails with GeocodeServiceError when nothing listens', async () => {
    const g = httpGeocoder('http://127.0.0.1:9/search');
    await expect(g.geocode('x')).rejects.toThrow('the geocoding service could not be reached');
  });
});

describe('the Pelias geocoder', () => {
  it('asks /v1/search with text and reads the first feature', async () => {
    answer = () => ({
      body: {
        features: [
          {
            geometry: { coordinates: [-105.9378, 35.687] },
            properties: { gid: 'openaddresses:address:1', label: '2 Plaza, Santa Fe, NM, USA', housenumber: '2', street: 'Plaza', locality: 'Santa Fe', region_a: 'NM', postalcode: '87501', layer: 'address', accuracy: 'point' },
          },
        ],
      },
    });
    const r = await httpGeocoder(`${base}/v1/search`).geocode('2 Plaza, Santa Fe');
    expect(r).toMatchObject({ lat: 35.687, lng: -105.9378, quality: 'exact', street: '2 Plaza', city: 'Santa Fe', state: 'NM', zip: '87501', countyFips: '35049', placeId: 'openaddresses:address:1' });
    expect(asked[0]!.searchParams.get('text')).toBe('2 Plaza, Santa Fe');
  });

  it('calls a locality centroid approximate and no features not found', async () => {
    answer = () => ({ body: { features: [{ geometry: { coordinates: [-105.9, 35.6] }, properties: { layer: 'locality', accuracy: 'centroid' } }] } });
    expect((await httpGeocoder(`${base}/v1/search`).geocode('Santa Fe'))?.quality).toBe('zip-centroid');
    answer = () => ({ body: { features: [] } });
    expect(await httpGeocoder(`${base}/v1/search`).geocode('Nowhere')).toBeNull();
  });
});

describe('the offline ZIP geocoder', () => {
  it('places a ZIP or a city and state at a ZIP centre, and nothing else', async () => {
    const g = zipGeocoder();
    expect(await g.geocode('1 Main St, Las Cruces, NM 88001-1234')).toMatchObject({ zip: '88001', city: 'Las Cruces', state: 'NM', quality: 'zip-centroid', street: '1 Main St' });
    expect(await g.geocode('Santa Fe, NM')).toMatchObject({ state: 'NM', city: 'Santa Fe', quality: 'zip-centroid' });
    expect(await g.geocode('1 Main St, 00000')).toBeNull();
    expect(await g.geocode('the blue house')).toBeNull();
  });
});

const A = { lat: 35.0844, lng: -106.6504 };
const B = { lat: 35.687, lng: -105.9378 };

describe('the OSRM router', () => {
  it('drives by the route service, rounding its figures', async () => {
    answer = () => ({ body: { code: 'Ok', routes: [{ distance: 104_512.4, duration: 3900.6 }] } });
    expect(await osrmRouter(`${base}/`).drive(A, B)).toEqual({ meters: 104_512, seconds: 3901, secondsNoTraffic: 3901 });
    expect(asked[0]!.pathname).toBe('/route/v1/driving/-106.650400,35.084400;-105.937800,35.687000');
  });

  it('estimates from the straight line when OSRM is slow, fails or finds no route, and says why', async () => {
    const why: string[] = [];
    const r = osrmRouter(base, { speedKmh: 50, timeoutMs: 200, onFallback: (w) => why.push(w) });
    for (const a of [{ delayMs: 1000 }, { status: 500 }, { body: { code: 'NoRoute', routes: [] } }]) {
      answer = () => a;
      expect(await r.drive(A, B)).toEqual(estimateDrive(A, B, 50));
    }
    expect(why).toEqual([
      'the routing service did not answer within 0.2 s',
      'the routing service answered 500',
      'the routing service found no route (NoRoute)',
    ]);
  });

  it('builds the matrix from table calls of at most 50 × 50 points, estimating the cells OSRM leaves empty', async () => {
    answer = (url) => {
      const sources = url.searchParams.get('sources')!.split(';');
      const destinations = url.searchParams.get('destinations')!.split(';');
      const cell = (i: number, j: number) => (i === 0 && j === 0 ? null : 1000 * Number(sources[i]) + Number(destinations[j]));
      const grid = sources.map((_, i) => destinations.map((_, j) => cell(i, j)));
      return { body: { code: 'Ok', durations: grid, distances: grid } };
    };
    const points = Array.from({ length: OSRM_TABLE_BLOCK + 5 }, (_, i) => ({ lat: 35 + i / 1000, lng: -106 }));
    const m = await osrmRouter(base).table(points);
    expect(asked).toHaveLength(4);
    expect(m).toHaveLength(points.length);
    expect(m.every((row) => row.length === points.length)).toBe(true);
    expect(m[0]![0]).toEqual(estimateDrive(points[0]!, points[0]!));
    // point 1 to point 2 lies in the first block: source index 1, destination index 50 + 2
    expect(m[1]![2]!.meters).toBe(1000 * 1 + (OSRM_TABLE_BLOCK + 2));
    // point 52 to point 3 lies in the block of sources 50.. and destinations 0..
    expect(m[52]![3]!.seconds).toBe(1000 * 2 + (5 + 3));
  });
});

describe('configuration picks the adapters', () => {
  it('uses the offline ones by default, at ROUTING_SPEED_KMH', async () => {
    const config = loadConfig({ ROUTING_SPEED_KMH: '60' });
    expect(config).toMatchObject({ geocoderUrl: undefined, routingOsrmUrl: undefined, routingSpeedKmh: 60 });
    const geo = geoServices(config);
    expect(await geo.router.drive(A, B)).toEqual(estimateDrive(A, B, 60));
    expect(await greatCircleRouter().table([A, B])).toEqual([
      [estimateDrive(A, A), estimateDrive(A, B)],
      [estimateDrive(B, A), estimateDrive(B, B)],
    ]);
    expect((await geo.geocoder.geocode('Taos, NM 87571'))?.quality).toBe('zip-centroid');
  });

  it('uses GEOCODER_URL and ROUTING_OSRM_URL when set', async () => {
    const geo = geoServices(loadConfig({ GEOCODER_URL: `${base}/search`, ROUTING_OSRM_URL: base }));
    answer = (url) => (url.pathname === '/search' ? { body: NOMINATIM_HIT } : { body: { code: 'Ok', routes: [{ distance: 10, duration: 2 }] } });
    expect((await geo.geocoder.geocode('400 Gold'))?.placeId).toBe('way/123');
    expect(await geo.router.drive(A, B)).toEqual({ meters: 10, seconds: 2, secondsNoTraffic: 2 });
  });

  it('refuses settings that cannot work', () => {
    expect(() => loadConfig({ ROUTING_SPEED_KMH: '0' })).toThrow('ROUTING_SPEED_KMH must be a speed in km/h above 0 and at most 200, not "0"');
    expect(() => loadConfig({ GEOCODER_URL: 'nominatim.local' })).toThrow('GEOCODER_URL must be an http or https address, not "nominatim.local"');
    expect(() => loadConfig({ ROUTING_OSRM_URL: 'ftp://osrm' })).toThrow('ROUTING_OSRM_URL must be an http or https address');
  });
});

describe('the answer cache', () => {
  it('forgets the least recently used beyond its size and each answer after its time', () => {
    let now = 0;
    const c = new AnswerCache<number>(2, 1000, () => now);
    c.set('a', 1);
    c.set('b', 2);
    c.get('a');
    c.set('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([{ value: 1 }, undefined, { value: 3 }]);
    now = 1000;
    expect(c.get('a')).toBeUndefined();
  });
});
