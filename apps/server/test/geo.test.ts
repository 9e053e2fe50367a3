import { GEO_MSG, type AddressOption, type GeocodeResult, type NearbyPlace } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeocodeServiceError, type GeoServices } from '../src/platform/providers/geo.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createTrip, PAST, signIn, TODAY } from './trip-factories.ts';
import { addContactAddress } from './contact-details-factories.ts';

let db: TestDatabase;
let t: TestApp;
let failing: TestApp;
let staff: Browser;
let staffOfFailing: Browser;
let affiliate: Browser;
let caseManager: Browser;
let rider: Created;
let home: string;
let clinic: string;
let unplaced: string;

const ABQ = { lat: 35.0844, lng: -106.6504 };
const SANTA_FE = { lat: 35.687, lng: -105.9378 };

/** The offline services, but a geocoder whose service is down. */
const down: GeoServices = {
  ...geoServices(),
  geocoder: {
    geocode: async () => {
      throw new GeocodeServiceError('the geocoding service did not answer within 3 s');
    },
  },
};

async function address(values: { contactId?: string; label?: string; text: string; at?: { lat: number; lng: number }; zip?: string }) {
  const at = { completeAddress: values.text, lat: values.at?.lat ?? null, lng: values.at?.lng ?? null, zip: values.zip, geocodeQuality: values.at ? ('exact' as const) : null };
  return addContactAddress(db.pool, values.contactId ?? null, at, values.label ?? 'Other');
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  failing = await buildTestApp(db.pool, undefined, {}, { geo: down });
  const staffUser = await createContact(db.pool, { types: ['SecureEmployee'] });
  staff = await signIn(t.app, staffUser);
  staffOfFailing = await signIn(failing.app, staffUser);
  affiliate = await signIn(t.app, (await createPartner(db.pool)).user);
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
  rider = await createContact(db.pool, { types: ['Passenger'], username: null, name: 'Rosa Chavez' });
  home = await address({ contactId: rider.id, label: 'Home', text: '5 Rio Grande Blvd NW, Albuquerque, NM 87104', at: ABQ, zip: '87104' });
  clinic = await address({ text: '1100 Central Ave SE, Santa Fe, NM 87505', at: SANTA_FE, zip: '87505' });
  unplaced = await address({ text: 'Behind the old mill' });
  const older = await createTrip(db.pool, { serviceDate: PAST, legs: [{ passengerId: rider.id }] });
  const newer = await createTrip(db.pool, { serviceDate: TODAY, legs: [{ passengerId: rider.id }] });
  await db.pool.query('update trip_legs set location_first_id = $2, location_second_id = $3 where id = $1', [older.legIds[0], home, unplaced]);
  await db.pool.query('update trip_legs set location_first_id = $2, location_second_id = $3 where id = $1', [newer.legIds[0], home, clinic]);
  const pharmacyAt = (text: string, at: { lat: number; lng: number }) => address({ text, at });
  const near = await pharmacyAt('400 Gold Ave SW, Albuquerque, NM 87102', { lat: ABQ.lat + 0.01, lng: ABQ.lng });
  const nearer = await pharmacyAt('300 Central Ave SW, Albuquerque, NM 87102', { lat: ABQ.lat + 0.002, lng: ABQ.lng });
  const outside = await pharmacyAt('9 Far Rd, Albuquerque, NM 87111', { lat: ABQ.lat + 0.06, lng: ABQ.lng });
  for (const [name, id] of [['Gold Pharmacy', near], ['Central Drug', nearer], ['Far Pharmacy', outside]] as const) {
    await db.pool.query(`insert into places (type, name, phone, address_id) values ('pharmacy', $1, '(505) 555-0100', $2)`, [name, id]);
  }
});
afterAll(async () => {
  await t.app.close();
  await failing.app.close();
  await db.drop();
});

const addressCount = async () => Number((await db.pool.query('select count(*) from addresses')).rows[0].count);

/** 401 without a session, 403 for an Affiliate and a Case Manager. */
async function staffOnly(method: 'GET' | 'POST', url: string, body?: unknown) {
  expect((await new Browser(t.app).request(method, url, { body })).statusCode).toBe(401);
  for (const other of [affiliate, caseManager]) {
    const res = await other.request(method, url, { body });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  }
}

describe('GET api/v1/geocode-address', () => {
  const url = (address: string) => `/api/api/v1/geocode-address?address=${encodeURIComponent(address)}`;

  it('is for staff only', () => staffOnly('GET', url('1 Main St, Albuquerque, NM 87102')));

  it('answers 400 with the field path for a missing or too long address', async () => {
    for (const bad of ['/api/api/v1/geocode-address', url('   '), url('x'.repeat(301))]) {
      const res = await staff.get(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('address');
    }
  });

  it('places an address at its ZIP centre with the parts it knows', async () => {
    const res = await staff.get(url('1100 Central Ave SE, Albuquerque, NM 87106'));
    expect(res.statusCode).toBe(200);
    const r = res.json() as GeocodeResult;
    expect(r).toMatchObject({ quality: 'zip-centroid', zip: '87106', city: 'Albuquerque', state: 'NM', county: '35001', warning: null, failed: false });
    expect(r.lat).toBeCloseTo(35.07, 1);
    expect(r.street).toBe('1100 Central Ave SE');
  });

  it('reads a coordinate pair as the point itself (rule 140)', async () => {
    const r = (await staff.get(url('35.1,-106.6'))).json() as GeocodeResult;
    expect(r).toMatchObject({ lat: 35.1, lng: -106.6, quality: 'exact', warning: null });
  });

  it("warns 'Unable to geocode {text}' for what it cannot place", async () => {
    const r = (await staff.get(url('Behind the old mill'))).json() as GeocodeResult;
    expect(r).toMatchObject({ lat: null, lng: null, quality: 'none', failed: false, warning: 'Unable to geocode Behind the old mill' });
  });

  it("answers 'Error geocoding {text}: {message}' when the service fails", async () => {
    const r = (await staffOfFailing.get(url('1 Main St, Taos, NM 87571'))).json() as GeocodeResult;
    expect(r).toMatchObject({ quality: 'none', failed: true, lat: null });
    expect(r.warning).toBe('Error geocoding 1 Main St, Taos, NM 87571: the geocoding service did not answer within 3 s');
  });
});

describe('POST api/v1/geocode-address', () => {
  const url = '/api/api/v1/geocode-address';

  it('is for staff only', () => staffOnly('POST', url, { address: '1 Main St, Albuquerque, NM 87102' }));

  it('answers 400 for an address of the wrong shape', async () => {
    for (const body of [{}, { address: 12 }, { address: { zip: 'x'.repeat(11) } }]) {
      const res = await staff.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toMatch(/^address/);
    }
  });

  it('places an address given as parts and keeps its suite, writing nothing', async () => {
    const before = await addressCount();
    const res = await staff.post(url, { address: { street: '2 Plaza', suite: 'Apt 4', city: 'Santa Fe', state: 'NM', zip: '87501' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completeAddress: '2 Plaza, Santa Fe, NM 87501', suite: 'Apt 4', zip: '87501', quality: 'zip-centroid' });
    expect(await addressCount()).toBe(before);
  });
});

describe('GET api/v1/distance', () => {
  const points = `origin=${ABQ.lat},${ABQ.lng}&destination=${SANTA_FE.lat},${SANTA_FE.lng}`;

  it('is for staff only', () => staffOnly('GET', `/api/api/v1/distance?${points}`));

  it('answers 400 without two points, for a point that is not lat,lng and for a bad time', async () => {
    const cases: [string, string][] = [
      ['', 'origin'],
      [`origin=${ABQ.lat},${ABQ.lng}`, 'origin'],
      [`origin=here&destination=${SANTA_FE.lat},${SANTA_FE.lng}`, 'origin'],
      [`origin=91,0&destination=0,0`, 'origin'],
      [`ids=${home}`, 'ids'],
      [`${points}&arrivalTime=tomorrow`, 'arrivalTime'],
    ];
    for (const [q, path] of cases) {
      const res = await staff.get(`/api/api/v1/distance?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('answers 404 for an address id that names no address', async () => {
    const res = await staff.get(`/api/api/v1/distance?ids=${home},00000000-0000-4000-8000-000000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(GEO_MSG.UNKNOWN_ADDRESS);
  });

  it('drives great-circle × 1.3 at 40 km/h between points or saved addresses', async () => {
    const a = (await staff.get(`/api/api/v1/distance?${points}&departureTime=2026-11-24T09:00:00-07:00`)).json();
    expect(a.meters).toBeGreaterThan(92_000 * 1.3);
    expect(a.meters).toBeLessThan(94_000 * 1.3);
    expect(a.seconds).toBe(Math.round(a.meters / (40_000 / 3600)));
    expect(a.secondsNoTraffic).toBe(a.seconds);
    const b = (await staff.get(`/api/api/v1/distance?ids=${home},${clinic}`)).json();
    expect(b).toEqual(a);
  });

  it('answers nulls when an address has no location', async () => {
    const res = await staff.get(`/api/api/v1/distance?ids=${home},${unplaced}`);
    expect(res.json()).toEqual({ meters: null, seconds: null, secondsNoTraffic: null });
  });
});

describe('GET address-options', () => {
  it('is for staff only', () => staffOnly('GET', `/api/address-options?passengerId=${rider.id}`));

  it('answers 400 without a passenger and 404 for one that does not exist', async () => {
    expect((await staff.get('/api/address-options')).json().details[0].path).toBe('passengerId');
    for (const id of ['nobody', '00000000-0000-4000-8000-000000000000']) {
      const res = await staff.get(`/api/address-options?passengerId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Unknown passenger');
    }
  });

  it("lists the passenger's own addresses, then the stops of their trips, newest first", async () => {
    const rows = (await staff.get(`/api/address-options?passengerId=${rider.id}`)).json() as AddressOption[];
    expect(rows.map((r) => [r.id, r.source, r.quality])).toEqual([
      [home, 'contact', 'exact'],
      [clinic, 'trip', 'exact'],
      [unplaced, 'trip', 'none'],
    ]);
    expect(rows[0]).toMatchObject({ label: 'Home', text: '5 Rio Grande Blvd NW, Albuquerque, NM 87104', lat: ABQ.lat, zip: '87104' });
  });
});

describe('GET autocomplete-cities', () => {
  it('is for staff only', () => staffOnly('GET', '/api/autocomplete-cities?q=Albu'));

  it('answers 400 for fewer than 2 letters or a state that is not a two-letter code', async () => {
    for (const [q, path] of [['q=A', 'q'], ['q=Albu&state=New%20Mexico', 'state'], ['', 'q']]) {
      const res = await staff.get(`/api/autocomplete-cities?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe(path);
    }
  });

  it('finds cities by the start of their name, in a state when given', async () => {
    const any = (await staff.get('/api/autocomplete-cities?q=las%20cru')).json();
    expect(any[0]).toMatchObject({ city: 'Las Cruces', state: 'NM' });
    const inState = (await staff.get('/api/autocomplete-cities?q=Albuquerque&state=nm')).json();
    expect(inState).toEqual([{ city: 'Albuquerque', state: 'NM', zip: expect.stringMatching(/^871\d\d$/), lat: expect.any(Number), lng: expect.any(Number) }]);
    expect((await staff.get('/api/autocomplete-cities?q=Albuquerque&state=TX')).json()).toEqual([]);
  });
});

describe('POST places/nearby', () => {
  const body = { type: 'pharmacy', location: ABQ };

  it('is for staff only', () => staffOnly('POST', '/api/places/nearby', body));

  it('answers 400 for an unknown type or a location off the globe', async () => {
    for (const [b, path] of [
      [{ ...body, type: 'bakery' }, 'type'],
      [{ ...body, location: { lat: 95, lng: 0 } }, 'location.lat'],
      [{ type: 'pharmacy' }, 'location'],
    ] as const) {
      const res = await staff.post('/api/places/nearby', b);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe(path);
    }
  });

  it('lists the stored places within 0.05° of the location, nearest first', async () => {
    const rows = (await staff.post('/api/places/nearby', body)).json() as NearbyPlace[];
    expect(rows.map((r) => r.name)).toEqual(['Central Drug', 'Gold Pharmacy']);
    expect(rows[0]).toMatchObject({ type: 'pharmacy', phone: '(505) 555-0100', text: '300 Central Ave SW, Albuquerque, NM 87102' });
    expect(rows[0]!.meters).toBeGreaterThan(200);
    expect(rows[0]!.meters).toBeLessThan(250);
  });
});
