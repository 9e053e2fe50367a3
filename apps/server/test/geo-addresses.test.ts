import { GEO_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveLegAddress, divisionForZip } from '../src/modules/geo/addresses.ts';
import { driveBetween } from '../src/modules/geo/drive.ts';
import { inTransaction } from '../src/platform/audit.ts';
import { HttpError } from '../src/platform/errors.ts';
import { GeocodeServiceError, type GeoServices } from '../src/platform/providers/geo.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { addContactAddress } from './contact-details-factories.ts';

/** A leg's stop as saved: new immutable rows for typed text, existing rows as they are. */
let db: TestDatabase;
const geo = geoServices();
const down: GeoServices = {
  ...geo,
  geocoder: {
    geocode: async () => {
      throw new GeocodeServiceError('the geocoding service answered 503');
    },
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  const nm = await db.pool.query(`insert into divisions (code, name, state, time_zone) values ('NM01', 'Albuquerque', 'NM', 'America/Denver') returning id`);
  await db.pool.query(`insert into counties (fips, name, state, division_id) values ('35001', 'Bernalillo', 'NM', $1), ('35049', 'Santa Fe', 'NM', null)`, [nm.rows[0].id]);
});
afterAll(() => db.drop());

const save = (input: Parameters<typeof saveLegAddress>[2], services = geo, path?: string) =>
  inTransaction(db.pool, (client) => saveLegAddress(client, services, input, path));
const row = async (id: string) => (await db.pool.query('select * from addresses where id = $1', [id])).rows[0];
const count = async () => Number((await db.pool.query('select count(*) from addresses')).rows[0].count);

describe('saveLegAddress', () => {
  it('answers no address for an empty or absent stop, writing nothing', async () => {
    const before = await count();
    for (const input of [null, undefined, {}, { text: '' }, { id: null, text: '' }]) {
      expect(await save(input)).toEqual({ id: null, lat: null, lng: null, zip: null, countyFips: null, quality: null, warning: null });
    }
    expect(await count()).toBe(before);
  });

  it('writes typed text as a new row, geocoded at its ZIP centre with its county', async () => {
    const s = await save({ text: '1100 Central Ave SE, Albuquerque, NM 87106' });
    expect(s).toMatchObject({ zip: '87106', countyFips: '35001', quality: 'zip-centroid', warning: null });
    expect(s.lat).toBeCloseTo(35.07, 1);
    expect(await row(s.id!)).toMatchObject({
      complete_address: '1100 Central Ave SE, Albuquerque, NM 87106',
      county_fips: '35001',
      geocode_quality: 'zip-centroid',
      custom_lat_lng: false,
      geocode_error: null,
    });
  });

  it('uses an existing row as it is, never changing it', async () => {
    const contact = await createContact(db.pool, { types: ['Passenger'], username: null });
    const id = await addContactAddress(db.pool, contact.id, { completeAddress: '5 Rio Grande Blvd', lat: 35.1, lng: -106.68, zip: '87104' });
    const { rows } = await db.pool.query('select * from addresses where id = $1', [id]);
    const before = await count();
    expect(await save({ id: rows[0].id, text: 'ignored, the row is used' })).toEqual({
      id: rows[0].id, lat: 35.1, lng: -106.68, zip: '87104', countyFips: null, quality: 'exact', warning: null,
    });
    expect(await row(rows[0].id)).toEqual(rows[0]);
    expect(await count()).toBe(before);
  });

  it("refuses an unknown id with 400 'Unknown address' at the input's path", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const e = await save({ id }, geo, 'legs.1.locationSecond').catch((x: unknown) => x);
      expect(e).toBeInstanceOf(HttpError);
      expect(e).toMatchObject({ status: 400, message: GEO_MSG.UNKNOWN_ADDRESS, extra: { details: [{ path: 'legs.1.locationSecond.id', message: 'Unknown address' }] } });
    }
  });

  it('keeps a placing by hand as exact, taking the ZIP and county from the text', async () => {
    const s = await save({ text: 'Gate 3, 87106', lat: 35.0712, lng: -106.6201 });
    expect(s).toMatchObject({ lat: 35.0712, lng: -106.6201, zip: '87106', countyFips: '35001', quality: 'exact', warning: null });
    expect(await row(s.id!)).toMatchObject({ custom_lat_lng: true, geocode_quality: 'exact' });
    const pointOnly = await save({ lat: 35.5, lng: -106 });
    expect(await row(pointOnly.id!)).toMatchObject({ complete_address: '35.5, -106', custom_lat_lng: true });
  });

  it('knows a ZIP centre sent back with the text for what it is, not a placing by hand', async () => {
    const placed = await save({ text: '1 Plaza, Santa Fe, NM 87501' });
    const again = await save({ text: '1 Plaza, Santa Fe, NM 87501', lat: placed.lat, lng: placed.lng });
    expect(again.quality).toBe('zip-centroid');
    expect(await row(again.id!)).toMatchObject({ custom_lat_lng: false, county_fips: '35049' });
  });

  it("saves what cannot be placed without a location: 'Unable to geocode {text}'", async () => {
    for (const text of ['Behind the old mill', '12 Nowhere Rd, Atlantis']) {
      const s = await save({ text });
      expect(s).toMatchObject({ lat: null, lng: null, quality: 'none', warning: `Unable to geocode ${text}` });
      expect(await row(s.id!)).toMatchObject({ complete_address: text, lat: null, geocode_error: null });
    }
  });

  it("saves as not geocoded when the service fails: 'Error geocoding {text}: {message}'", async () => {
    const s = await save({ text: '1 Main St, Taos, NM 87571' }, down);
    expect(s).toMatchObject({ lat: null, quality: 'none', warning: 'Error geocoding 1 Main St, Taos, NM 87571: the geocoding service answered 503' });
    expect(await row(s.id!)).toMatchObject({ lat: null, geocode_quality: null, geocode_error: s.warning });
  });

  it('writes nothing when the transaction it is part of is refused afterwards', async () => {
    const before = await count();
    await expect(
      inTransaction(db.pool, async (client) => {
        await saveLegAddress(client, geo, { text: '2 Plaza, Santa Fe, NM 87501' });
        await saveLegAddress(client, geo, { id: '00000000-0000-4000-8000-000000000000' });
      }),
    ).rejects.toThrow('Unknown address');
    expect(await count()).toBe(before);
  });
});

describe('divisionForZip', () => {
  it("finds the division of the ZIP's county", async () => {
    expect(await divisionForZip(db.pool, '87106')).toMatchObject({ code: 'NM01', id: expect.any(String) });
    expect(await divisionForZip(db.pool, '87106-1234')).toMatchObject({ code: 'NM01' });
  });
  it('answers null for a county without a division, an unknown ZIP or no ZIP', async () => {
    expect(await divisionForZip(db.pool, '87501')).toBeNull();
    expect(await divisionForZip(db.pool, '00000')).toBeNull();
    expect(await divisionForZip(db.pool, 'abc')).toBeNull();
  });
});

describe('driveBetween', () => {
  it('drives between placed points and answers null when one is missing', async () => {
    const a = { lat: 35.0844, lng: -106.6504 };
    expect(await driveBetween(geo, a, { lat: 35.687, lng: -105.9378 })).toMatchObject({ meters: expect.any(Number), seconds: expect.any(Number) });
    expect(await driveBetween(geo, a, null)).toBeNull();
    expect(await driveBetween(geo, { lat: null, lng: null }, a)).toBeNull();
  });
});
