import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { VEHICLE_MSG, contract, type Endpoint } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createContact } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { createPartner, PAST, signIn, type Partner } from './trip-factories.ts';
import { createVehicle, validVin, vehicleRow, wrongCheckDigit } from './vehicles-factories.ts';

const world = staffWorld();
let partner: Browser;
let passenger: Browser;
let other: Partner;

beforeAll(async () => {
  partner = await signIn(world.t.app, world.x.user);
  passenger = await signIn(world.t.app, await createContact(world.db.pool, { types: ['S/N Passenger'] }));
  other = await createPartner(world.db.pool);
});

describe('GET vin-lookup', () => {
  const vin = validVin('5TDKZ3DC');

  it('answers 401, then 400 below 17 characters and for a wrong check digit, then 403', async () => {
    expect((await new Browser(world.t.app).get(`/api/vin-lookup?vin=${vin}`)).statusCode).toBe(401);
    const short = await partner.get(`/api/vin-lookup?vin=${vin.slice(1)}`);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('VIN lookup needs all 17 characters');
    const wrong = wrongCheckDigit(vin);
    expect((await partner.get(`/api/vin-lookup?vin=${wrong.vin}`)).json().message).toBe(`VIN ${wrong.vin} is not valid: check digit should be ${wrong.should}`);
    expect((await passenger.get(`/api/vin-lookup?vin=${vin}`)).statusCode).toBe(403);
  });

  it('decodes model year and maker offline; model and mpg stay for the user', async () => {
    const res = await partner.get(`/api/vin-lookup?vin=${vin.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modelYear: 2020, manufacturer: 'Toyota', model: null, mpg: null, source: 'local' });
  });
});

describe('GET vin-lookup through the NHTSA decoder (a local stand-in)', () => {
  let server: http.Server;
  let t: TestApp;
  let asked: string[] = [];
  let failing = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Count: 1, Results: [{ Make: 'MERCEDES-BENZ', Model: 'Sprinter', ModelYear: '2021', ErrorCode: '0' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const config = { secureCookies: false, vinDecoderUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vehicles` };
    t = await buildTestApp(world.db.pool, undefined, config);
  });
  afterAll(async () => {
    await t.app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the decoder\'s make, model and year', async () => {
    const b = await signIn(t.app, world.x.user);
    const vin = validVin('W1Y4ECHY');
    const res = await b.get(`/api/vin-lookup?vin=${vin}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modelYear: 2021, manufacturer: 'Mercedes-Benz', model: 'Sprinter', mpg: null, source: 'decoder' });
    expect(asked).toEqual([`/api/vehicles/DecodeVinValues/${vin}?format=json`]);
  });

  it('falls back to the offline answer when the decoder fails', async () => {
    failing = true;
    asked = [];
    const b = await signIn(t.app, world.x.user);
    const vin = validVin('1FTBW3XM');
    const res = await b.get(`/api/vin-lookup?vin=${vin}`);
    expect(res.json()).toMatchObject({ manufacturer: 'Ford', model: null, source: 'local' });
    expect(asked).toHaveLength(1);
  });
});

describe('look-ups of the editor', () => {
  it('vehicle-capabilities-lookup: 400 for a year of 2 digits, 404 for a vehicle not listed, else the seating', async () => {
    expect((await new Browser(world.t.app).get('/api/vehicle-capabilities-lookup?make=Toyota&model=Sienna&year=2020')).statusCode).toBe(401);
    const short = await partner.get('/api/vehicle-capabilities-lookup?make=Toyota&model=Sienna&year=20');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The year has 4 digits');
    const unknown = await partner.get('/api/vehicle-capabilities-lookup?make=Tesla&model=Model%20Y&year=2022');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No seating is known for a 2022 Tesla Model Y: enter it by hand');
    const found = await partner.get('/api/vehicle-capabilities-lookup?make=Ford&model=Transit%20350&year=2019');
    expect(found.json()).toEqual({ ambo: 6, wc: 2, gurney: true });
  });

  it('vehicle-color-options and vehicle-make-model', async () => {
    expect((await partner.get('/api/vehicle-color-options')).json()).toContain('White');
    const makes = (await world.staff.get('/api/vehicle-make-model')).json() as { make: string; models: string[] }[];
    expect(makes.find((m) => m.make === 'Chrysler')?.models).toContain('Pacifica');
    expect((await passenger.get('/api/vehicle-make-model')).statusCode).toBe(403);
  });

  it('vehicles-proxy lists the caller\'s vehicles that can drive: not termed, deleted or unavailable', async () => {
    const ok = await createVehicle(world.db.pool, world.x.partner.id);
    const termed = await createVehicle(world.db.pool, world.x.partner.id, { termDate: PAST });
    const off = await createVehicle(world.db.pool, world.x.partner.id, { available: false });
    const gone = await createVehicle(world.db.pool, world.x.partner.id, { deleted: true });
    const theirs = await createVehicle(world.db.pool, other.partner.id);
    const ids = ((await partner.get('/api/vehicles-proxy')).json() as { id: string }[]).map((v) => v.id);
    expect(ids).toContain(ok.id);
    for (const v of [termed, off, gone, theirs]) expect(ids).not.toContain(v.id);
    const staffIds = ((await world.staff.get(`/api/vehicles-proxy?partnerId=${other.partner.id}`)).json() as { id: string }[]).map((v) => v.id);
    expect(staffIds).toEqual([theirs.id]);
  });
});

describe('GET api/autocomplete/vehicles', () => {
  it('401 signed out, 400 for a long text; vehicles that can drive whose number, VIN or plate starts with the text, in scope', async () => {
    expect((await new Browser(world.t.app).get('/api/api/autocomplete/vehicles?q=a')).statusCode).toBe(401);
    expect((await partner.get(`/api/api/autocomplete/vehicles?q=${'x'.repeat(41)}`)).json().message).toBe('Search text is too long');
    const mine = await createVehicle(world.db.pool, world.x.partner.id);
    const termed = await createVehicle(world.db.pool, world.x.partner.id, { termDate: PAST });
    const theirs = await createVehicle(world.db.pool, other.partner.id);
    const found = async (b: typeof partner, q: string) => ((await b.get(`/api/api/autocomplete/vehicles?q=${encodeURIComponent(q)}`)).json() as { id: string }[]).map((v) => v.id);
    expect(await found(partner, mine.vehicleNumber.toLowerCase())).toEqual([mine.id]);
    expect(await found(partner, mine.vin!.slice(0, 8))).toContain(mine.id);
    expect(await found(partner, termed.vehicleNumber)).toEqual([]);
    expect(await found(partner, theirs.vehicleNumber)).toEqual([]);
    expect(await found(world.staff, theirs.vehicleNumber)).toEqual([theirs.id]);
    expect(await found(partner, '%')).toEqual([]);
    expect((await found(partner, '')).length).toBeLessThanOrEqual(20);
  });
});

describe('vehicle import: upload, preview, approve', () => {
  const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n');
  const header = ['Vehicle Number', 'vehicleType', 'VIN', 'modelYear', 'available', 'ambulatoryAbility', 'termDate'];
  const count = async () => Number((await world.db.pool.query('select count(*) from vehicles where partner_id = $1', [world.x.partner.id])).rows[0].count);

  it('answers 401, then 400 for missing columns, then 403 to staff without FleetManagement', async () => {
    expect((await new Browser(world.t.app).post('/api/vehicle-import-upload', { csv: 'x' })).statusCode).toBe(401);
    const res = await partner.post('/api/vehicle-import-upload', { csv: csv([['vehicleNumber', 'model'], ['A1', 'Camry']]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is missing the columns vehicleType, vin');
    expect((await world.staff.post('/api/vehicle-import-upload', { csv: csv([header]), partnerId: world.x.partner.id })).statusCode).toBe(403);
  });

  it('previews new and changed vehicles, saves them on approval, and refuses a second approval', async () => {
    const existing = await createVehicle(world.db.pool, world.x.partner.id);
    const before = await count();
    const newVin = validVin();
    const upload = await partner.post('/api/vehicle-import-upload', {
      csv: csv([header, ['IMP-1', 'Ambulatory Sedan', newVin, '2021', 'yes', 'Ambulatory', ''], [existing.vehicleNumber, 'Wheelchair Van', existing.vin!, '2020', 'yes', 'Ambulatory;Wheelchair', '11/21/2026']]),
    });
    expect(upload.statusCode).toBe(200);
    const preview = upload.json();
    expect(preview).toMatchObject({ valid: 2, invalid: 0, partnerId: world.x.partner.id });
    expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'update']);
    expect(await count()).toBe(before);

    const approved = await partner.post('/api/vehicle-import-approve', { importId: preview.importId });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ created: 1, updated: 1 });
    expect(await count()).toBe(before + 1);
    const changed = await vehicleRow(world.db.pool, existing.id);
    // cells the file leaves out keep their values
    expect(changed).toMatchObject({ available: false, mod_count: 1, manufacturer: 'Toyota', model: 'Sienna' });
    expect((await partner.post('/api/vehicle-import-approve', { importId: preview.importId })).statusCode).toBe(409);
  });

  it('lets staff with FleetManagement import for a partner they name; a vehicle changed since the preview answers 409 and nothing is saved', async () => {
    const fleet = await signIn(world.t.app, await createContact(world.db.pool, { types: ['SecureEmployee'], ldapGroups: ['FleetManagement'] }));
    const noPartner = await fleet.post('/api/vehicle-import-upload', { csv: csv([header, ['IMP-9', 'Bus', validVin(), '2021', '', '', '']]) });
    expect(noPartner.statusCode).toBe(400);
    expect(noPartner.json().message).toBe(VEHICLE_MSG.PARTNER_REQUIRED);
    const v = await createVehicle(world.db.pool, other.partner.id);
    const newVin = validVin();
    const preview = (await fleet.post('/api/vehicle-import-upload', {
      csv: csv([header, ['IMP-10', 'Bus', newVin, '2021', '', '', ''], [v.vehicleNumber, 'Bus', v.vin!, '2020', '', '', '']]),
      partnerId: other.partner.id,
    })).json();
    expect(preview).toMatchObject({ valid: 2, partnerId: other.partner.id });
    await world.db.pool.query('update vehicles set mod_count = mod_count + 1 where id = $1', [v.id]);
    const stale = await fleet.post('/api/vehicle-import-approve', { importId: preview.importId });
    expect(stale.statusCode).toBe(409);
    expect((await world.db.pool.query('select count(*)::int as n from vehicles where vin = $1', [newVin])).rows[0].n).toBe(0);
  });

  it('marks rows with problems and refuses to approve them, writing nothing; another user\'s import is 404', async () => {
    const before = await count();
    const bad = wrongCheckDigit(validVin());
    const upload = (await partner.post('/api/vehicle-import-upload', { csv: csv([header, ['IMP-2', 'Bus', bad.vin, '2021', '', '', ''], ['IMP-3', 'Bus', validVin(), '1999', '', '', '']]) })).json();
    expect(upload.invalid).toBe(2);
    expect(upload.rows[0].problems).toEqual([`vin: VIN ${bad.vin} is not valid: check digit should be ${bad.should}`]);
    expect(upload.rows[1].problems).toEqual(['The model year must be one of the last 20 years (2007–2026)']);
    const refused = await partner.post('/api/vehicle-import-approve', { importId: upload.importId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(VEHICLE_MSG.IMPORT_HAS_ERRORS);
    const stranger = await signIn(world.t.app, other.user);
    expect((await stranger.post('/api/vehicle-import-approve', { importId: upload.importId })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('who may call each vehicle endpoint (role × endpoint)', () => {
  const vehicleEndpoints = (Object.values(contract) as Endpoint[]).filter((ep) => ep.area === 'vehicles');
  const reads = vehicleEndpoints.filter((ep) => ep.method === 'GET');

  it('covers every endpoint of the area', () => {
    expect(vehicleEndpoints.length).toBe(17);
  });

  it('refuses a passenger and a case manager everything, an Affiliate the in-house fleet; lets staff read all', async () => {
    const caseManager = await signIn(world.t.app, await createContact(world.db.pool, { types: ['Case Manager'] }));
    const query = (ep: Endpoint) => (ep.path === 'vin-lookup' ? `?vin=${validVin()}` : ep.path === 'vehicle-capabilities-lookup' ? '?make=Toyota&model=Sienna&year=2020' : '');
    for (const ep of vehicleEndpoints) {
      const url = `/api/${ep.path}${ep.method === 'GET' ? query(ep) : ''}`;
      const body = ep.method === 'GET' ? undefined : {};
      for (const b of [passenger, caseManager]) {
        expect([400, 403], `${ep.method} ${ep.path}`).toContain((await b.request(ep.method, url, { body })).statusCode);
      }
    }
    for (const ep of reads) {
      const expected = ep.path === 'vehicles-internal' ? 403 : 200;
      expect((await partner.get(`/api/${ep.path}${query(ep)}`)).statusCode, ep.path).toBe(expected);
      expect((await world.staff.get(`/api/${ep.path}${query(ep)}`)).statusCode, ep.path).toBe(200);
      expect((await passenger.get(`/api/${ep.path}${query(ep)}`)).statusCode, ep.path).toBe(403);
    }
  });
});
