import { DIVISION_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { auditRows, createPartner, division, signIn } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let admin: Browser;
let staff: Browser;
let partner: Browser;
let nm01: string;

const divisionRow = async (id: string) => (await db.pool.query('select code, name, state, time_zone, mod_count from divisions where id = $1', [id])).rows[0];
const countyDivision = async (fips: string) => (await db.pool.query('select division_id from counties where fips = $1', [fips])).rows[0]?.division_id ?? null;
const divisionCount = async () => (await db.pool.query('select count(*)::int as n from divisions')).rows[0].n as number;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  nm01 = await division(db.pool);
  await db.pool.query(
    `insert into counties (fips, name, state, division_id) values ('35001', 'Bernalillo', 'NM', $1), ('35043', 'Sandoval', 'NM', $1), ('35049', 'Santa Fe', 'NM', null)`,
    [nm01],
  );
  admin = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], adminAccess: true }));
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partner = await signIn(t.app, (await createPartner(db.pool)).user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const gallup = { code: 'NM04', name: 'Gallup', state: 'NM', timeZone: 'America/Denver' };

describe('GET divisions', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).get('/api/divisions')).statusCode).toBe(401);
  });
  it('answers 403 to a passenger', async () => {
    const p = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    expect((await p.get('/api/divisions')).statusCode).toBe(403);
  });
  it('lists every division with its counties, for staff and partners', async () => {
    for (const b of [staff, partner]) {
      const res = await b.get('/api/divisions');
      expect(res.statusCode).toBe(200);
      expect(res.json().find((d: { code: string }) => d.code === 'NM01')).toMatchObject({
        id: nm01,
        name: 'Albuquerque',
        timeZone: 'America/Denver',
        counties: [
          { fips: '35001', name: 'Bernalillo', state: 'NM' },
          { fips: '35043', name: 'Sandoval', state: 'NM' },
        ],
      });
    }
  });
});

describe('POST divisions', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).post('/api/divisions', gallup)).statusCode).toBe(401);
  });

  it('answers 400 with the field text and writes nothing', async () => {
    const before = await divisionCount();
    const res = await admin.post('/api/divisions', { ...gallup, code: 'NM4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: DIVISION_MSG.CODE_PATTERN, details: [{ path: 'code' }] });
    const zone = await admin.post('/api/divisions', { ...gallup, timeZone: 'Mars/Olympus' });
    expect(zone.json().message).toBe('Choose the time zone of the division');
    const county = await admin.post('/api/divisions', { ...gallup, counties: [{ fips: '99001', name: 'Nowhere' }] });
    expect(county.json().message).toBe(DIVISION_MSG.COUNTY_FIPS);
    expect(await divisionCount()).toBe(before);
  });

  it('answers 403 to staff without adminAccess, and the division stays as it was', async () => {
    const before = await divisionRow(nm01);
    const res = await staff.post('/api/divisions', { ...gallup, id: nm01, code: 'NM01', modCount: before.mod_count, name: 'Changed' });
    expect(res.statusCode).toBe(403);
    expect((await partner.post('/api/divisions', gallup)).statusCode).toBe(403);
    expect(await divisionRow(nm01)).toEqual(before);
  });

  it('answers 404 for a division that does not exist', async () => {
    const res = await admin.post('/api/divisions', { ...gallup, id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', modCount: 0 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DIVISION_MSG.NOT_FOUND);
  });

  it('adds a division with its counties (a county new to the operator is recorded) and audits it', async () => {
    const res = await admin.post('/api/divisions', { ...gallup, code: 'nm04', counties: [{ fips: '35031', name: 'McKinley' }] });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ code: 'NM04', name: 'Gallup', modCount: 0, counties: [{ fips: '35031', name: 'McKinley', state: 'NM' }] });
    const audit = await auditRows(db.pool, 'divisions', saved.id);
    expect(audit).toEqual([expect.objectContaining({ activity_type: 'division-save', before: null, after: saved })]);
  });

  it('refuses a code another division has', async () => {
    const res = await admin.post('/api/divisions', { ...gallup, code: 'NM01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Division NM01 already exists');
  });

  it("answers 409 with the server's copy for a stale modCount and changes nothing", async () => {
    const current = (await admin.get('/api/divisions')).json().find((d: { id: string }) => d.id === nm01);
    const first = await admin.post('/api/divisions', { ...current, name: 'Albuquerque Metro' });
    expect(first.statusCode).toBe(200);
    expect(first.json().modCount).toBe(current.modCount + 1);
    const before = await divisionRow(nm01);
    const stale = await admin.post('/api/divisions', { ...current, name: 'Duke City' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Could not update record NM01, your changes have been rolled back. Try saving the record again', current: { name: 'Albuquerque Metro', modCount: before.mod_count } });
    expect(await divisionRow(nm01)).toEqual(before);
  });

  it('moves a county from another division, which counts as a change to that one too', async () => {
    const all = (await admin.get('/api/divisions')).json();
    const nm04 = all.find((d: { code: string }) => d.code === 'NM04');
    const nm01Before = all.find((d: { code: string }) => d.code === 'NM01');
    const res = await admin.post('/api/divisions', { ...nm04, counties: [...nm04.counties, { fips: '35043', name: 'Sandoval' }] });
    expect(res.statusCode).toBe(200);
    expect(await countyDivision('35043')).toBe(nm04.id);
    expect((await divisionRow(nm01)).mod_count).toBe(nm01Before.modCount + 1);
    const audit = await auditRows(db.pool, 'divisions', nm01);
    expect(audit.at(-1)).toMatchObject({ before: { counties: nm01Before.counties }, after: { counties: [{ fips: '35001' }] } });
  });

  it('a county left out of the list belongs to no division (its name is kept)', async () => {
    const nm04 = (await admin.get('/api/divisions')).json().find((d: { code: string }) => d.code === 'NM04');
    const res = await admin.post('/api/divisions', { ...nm04, counties: nm04.counties.filter((c: { fips: string }) => c.fips !== '35031') });
    expect(res.json().counties.map((c: { fips: string }) => c.fips)).toEqual(['35043']);
    expect(await countyDivision('35031')).toBeNull();
    expect((await db.pool.query("select name from counties where fips = '35031'")).rows[0].name).toBe('McKinley');
  });
});

describe('GET zip-codes', () => {
  it('answers 401 without a session and 400 for a ZIP that is not 5 digits', async () => {
    expect((await new Browser(t.app).get('/api/zip-codes?zip=87102')).statusCode).toBe(401);
    const res = await staff.get('/api/zip-codes?zip=8710');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A ZIP code is 5 digits');
  });
  it('answers 404 for a ZIP nobody knows', async () => {
    const res = await staff.get('/api/zip-codes?zip=00000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('ZIP 00000 is not a known US ZIP code');
  });
  it("answers the ZIP's city, county and division", async () => {
    const res = await partner.get('/api/zip-codes?zip=87102');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      zip: '87102',
      city: 'Albuquerque',
      state: 'NM',
      countyFips: '35001',
      county: 'Bernalillo',
      division: { id: nm01, code: 'NM01', name: 'Albuquerque Metro', timeZone: 'America/Denver' },
    });
  });
  it('answers no division for a county outside every division', async () => {
    const res = await staff.get('/api/zip-codes?zip=87501');
    expect(res.json()).toMatchObject({ city: 'Santa Fe', county: 'Santa Fe', countyFips: '35049', division: null });
  });
});
