import { VEHICLE_MSG } from '@tripline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { createContact } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { apiToken, auditRows, createDriver, createPartner, createTrip, PAST, signIn, TODAY, type Partner } from './trip-factories.ts';
import { createVehicle, validVin, vehicleRow, wrongCheckDigit } from './vehicles-factories.ts';

const world = staffWorld();
let other: Partner;
let partner: Browser;
let fleetStaff: Browser;
let passenger: Browser;

beforeAll(async () => {
  other = await createPartner(world.db.pool);
  partner = await signIn(world.t.app, world.x.user);
  fleetStaff = await signIn(world.t.app, await createContact(world.db.pool, { types: ['SecureEmployee'], ldapGroups: ['FleetManagement'] }));
  passenger = await signIn(world.t.app, await createContact(world.db.pool, { types: ['S/N Passenger'] }));
});

const newVehicle = (extra: Record<string, unknown> = {}) => ({
  vehicleNumber: `N-${Math.random().toString(36).slice(2, 8)}`,
  vehicleType: 'Wheelchair Van',
  vin: validVin(),
  modelYear: 2020,
  manufacturer: 'Toyota',
  model: 'Sienna',
  ambulatorySeatingCapacity: 4,
  wheelchairSeatingCapacity: 1,
  ambulatoryAbility: ['Ambulatory', 'Wheelchair'],
  ...extra,
});
const fleetSize = async (partnerId: string) =>
  Number((await world.db.pool.query('select count(*) from vehicles where partner_id = $1', [partnerId])).rows[0].count);
const del = (b: Browser, path: string, id: string, modCount?: number) =>
  b.request('DELETE', `/api/${path}?id=${id}${modCount === undefined ? '' : `&modCount=${modCount}`}`);

describe('POST vehicles-affiliate: 401, 400, 403, 404, then the save', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(world.t.app).post('/api/vehicles-affiliate', newVehicle())).statusCode).toBe(401);
    expect((await new Browser(world.t.app).get('/api/vehicles-affiliate')).statusCode).toBe(401);
  });

  it('refuses a VIN with a wrong check digit, naming the digit, and writes nothing', async () => {
    const before = await fleetSize(world.x.partner.id);
    const { vin, should } = wrongCheckDigit(validVin());
    const res = await partner.post('/api/vehicles-affiliate', newVehicle({ vin }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`VIN ${vin} is not valid: check digit should be ${should}`);
    expect(res.json().details[0].path).toBe('vin');
    expect(await fleetSize(world.x.partner.id)).toBe(before);
  });

  it('refuses 16 characters and the letters I, O and Q', async () => {
    const vin = validVin();
    expect((await partner.post('/api/vehicles-affiliate', newVehicle({ vin: vin.slice(1) }))).json().message).toBe(VEHICLE_MSG.VIN_LENGTH);
    expect((await partner.post('/api/vehicles-affiliate', newVehicle({ vin: `${vin.slice(0, 16)}O` }))).json().message).toBe(
      'A VIN never contains the letters I, O or Q',
    );
  });

  it('refuses a take-home location without a valid employee of the partner, and a garage without a garage', async () => {
    const before = await fleetSize(world.x.partner.id);
    const missing = await partner.post('/api/vehicles-affiliate', newVehicle({ vehicleLocationType: 'TakeHomeEmployee' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('You must select a valid take-home employee, or choose a different Vehicle Location type');
    const othersDriver = await createDriver(world.db.pool, other.partner.id);
    const foreign = await partner.post('/api/vehicles-affiliate', newVehicle({ vehicleLocationType: 'TakeHomeEmployee', takeHomeEmployeeNumber: othersDriver.employeeNumber }));
    expect(foreign.json().message).toBe(VEHICLE_MSG.TAKE_HOME_EMPLOYEE);
    const garage = await partner.post('/api/vehicles-affiliate', newVehicle({ vehicleLocationType: 'Garage' }));
    expect(garage.json().message).toBe('You must select a valid garage, or choose a different Vehicle Location type');
    const noSuchGarage = await partner.post('/api/vehicles-affiliate', newVehicle({ vehicleLocationType: 'Garage', locationNumber: '999999999' }));
    expect(noSuchGarage.json().message).toBe(VEHICLE_MSG.GARAGE);
    expect(await fleetSize(world.x.partner.id)).toBe(before);
  });

  it('refuses a model year outside the last 20 years', async () => {
    const res = await partner.post('/api/vehicles-affiliate', newVehicle({ modelYear: 2006 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The model year must be one of the last 20 years (2007–2026)');
  });

  it('answers 403 to a passenger, to an Affiliate on the in-house list, and to staff without FleetManagement adding', async () => {
    expect((await passenger.post('/api/vehicles-affiliate', newVehicle())).statusCode).toBe(403);
    expect((await passenger.get('/api/vehicles-affiliate')).statusCode).toBe(403);
    expect((await partner.post('/api/vehicles-internal', newVehicle())).statusCode).toBe(403);
    const res = await world.staff.post('/api/vehicles-affiliate', newVehicle({ partnerId: world.x.partner.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VEHICLE_MSG.MAY_NOT_ADD);
  });

  it("answers 404 to an Affiliate for another partner's vehicle, leaving it unchanged", async () => {
    const theirs = await createVehicle(world.db.pool, other.partner.id);
    const row = await vehicleRow(world.db.pool, theirs.id);
    const res = await partner.post('/api/vehicles-affiliate', newVehicle({ id: theirs.id, modCount: 0, vehicleNumber: theirs.vehicleNumber, vin: theirs.vin }));
    expect(res.statusCode).toBe(404);
    expect((await del(partner, 'vehicles-affiliate', theirs.id)).statusCode).toBe(404);
    expect((await partner.get(`/api/vehicles-affiliate?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await partner.get(`/api/vehicles-affiliate?partnerId=${other.partner.id}`)).statusCode).toBe(404);
    expect((await partner.post('/api/vehicles-affiliate', newVehicle({ partnerId: other.partner.id }))).statusCode).toBe(404);
    expect(await vehicleRow(world.db.pool, theirs.id)).toEqual(row);
  });

  it('adds an Affiliate\'s vehicle to its own fleet, with an audit row, and lists it', async () => {
    const body = newVehicle({ vin: validVin().toLowerCase(), licensePlate: 'ABC-123', mpg: 24.5 });
    const res = await partner.post('/api/vehicles-affiliate', body);
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ partnerId: world.x.partner.id, vin: body.vin.toUpperCase(), mpg: 24.5, available: true, termed: false, modCount: 0 });
    const audits = await auditRows(world.db.pool, 'vehicles', saved.id);
    expect(audits.map((a) => a.activity_type)).toEqual(['vehicle-save']);
    const list = (await partner.get('/api/vehicles-affiliate')).json() as { id: string; partnerId: string }[];
    expect(list.map((v) => v.id)).toContain(saved.id);
    expect(list.every((v) => v.partnerId === world.x.partner.id)).toBe(true);
  });

  it('lets staff with FleetManagement add to a partner they name, and needs the partner', async () => {
    const noPartner = await fleetStaff.post('/api/vehicles-affiliate', newVehicle());
    expect(noPartner.statusCode).toBe(400);
    expect(noPartner.json().message).toBe(VEHICLE_MSG.PARTNER_REQUIRED);
    const res = await fleetStaff.post('/api/vehicle-affiliate', newVehicle({ partnerId: other.partner.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().partnerId).toBe(other.partner.id);
  });

  it('lets a take-home employee of the partner be named', async () => {
    const driver = await createDriver(world.db.pool, world.x.partner.id);
    const res = await partner.post('/api/vehicles-affiliate', newVehicle({ vehicleLocationType: 'TakeHomeEmployee', takeHomeEmployeeNumber: driver.employeeNumber }));
    expect(res.statusCode).toBe(200);
    expect(res.json().employee).toEqual({ id: driver.id, name: driver.name });
  });
});

describe('changing a vehicle', () => {
  it('saves with the modCount it was read at; a stale one answers 409 with the server copy and changes nothing', async () => {
    const saved = (await partner.post('/api/vehicles-affiliate', newVehicle())).json();
    const changed = await partner.post('/api/vehicles-affiliate', { ...newVehicle(), ...pick(saved), licensePlate: 'NEW-001', modCount: 0 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ licensePlate: 'NEW-001', modCount: 1 });
    const row = await vehicleRow(world.db.pool, saved.id);
    const stale = await partner.post('/api/vehicles-affiliate', { ...newVehicle(), ...pick(saved), licensePlate: 'OLD-002', modCount: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`Could not update record ${saved.vehicleNumber}, your changes have been rolled back. Try saving the record again`);
    expect(stale.json().current).toMatchObject({ id: saved.id, licensePlate: 'NEW-001', modCount: 1 });
    expect(await vehicleRow(world.db.pool, saved.id)).toEqual(row);
    const audits = await auditRows(world.db.pool, 'vehicles', saved.id);
    expect(audits[1]).toMatchObject({ before: { licensePlate: null, modCount: 0 }, after: { licensePlate: 'NEW-001', modCount: 1 } });
  });

  it('staff without FleetManagement edit any partner\'s vehicle', async () => {
    const v = await createVehicle(world.db.pool, other.partner.id);
    const res = await world.staff.post('/api/vehicles-affiliate', newVehicle({ id: v.id, modCount: 0, vehicleNumber: v.vehicleNumber, vin: v.vin, description: 'Checked' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Checked', partnerId: other.partner.id });
  });

  it('a term date before today terms the vehicle and unchecks available; today leaves it available', async () => {
    const saved = (await partner.post('/api/vehicles-affiliate', newVehicle({ termDate: TODAY }))).json();
    expect(saved).toMatchObject({ termDate: TODAY, termed: false, available: true });
    const termed = await partner.post('/api/vehicles-affiliate', { ...newVehicle(), ...pick(saved), termDate: PAST, available: true, modCount: 0 });
    expect(termed.json()).toMatchObject({ termDate: PAST, termed: true, available: false });
    const list = (await partner.get('/api/vehicles-affiliate?termed=true')).json() as { id: string }[];
    expect(list.map((v) => v.id)).toContain(saved.id);
    const active = (await partner.get('/api/vehicles-affiliate?termed=false&available=true')).json() as { id: string }[];
    expect(active.map((v) => v.id)).not.toContain(saved.id);
  });

  it('keeps one active vehicle per VIN: a second is refused until the first is deleted', async () => {
    const vin = validVin();
    const first = (await partner.post('/api/vehicles-affiliate', newVehicle({ vin }))).json();
    const second = await fleetStaff.post('/api/vehicles-affiliate', newVehicle({ vin, partnerId: other.partner.id }));
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(`VIN ${vin} already belongs to an active vehicle`);
    expect((await del(partner, 'vehicles-affiliate', first.id, first.modCount)).statusCode).toBe(200);
    expect((await fleetStaff.post('/api/vehicles-affiliate', newVehicle({ vin, partnerId: other.partner.id }))).statusCode).toBe(200);
  });
});

describe('DELETE vehicles-affiliate', () => {
  it('is refused while the vehicle is on a trip from today on; past and cancelled trips do not count', async () => {
    const v = await createVehicle(world.db.pool, world.x.partner.id);
    const today = await createTrip(world.db.pool, { partnerId: world.x.partner.id });
    const past = await createTrip(world.db.pool, { partnerId: world.x.partner.id, serviceDate: PAST });
    const cancelled = await createTrip(world.db.pool, { partnerId: world.x.partner.id, canceled: true });
    await world.db.pool.query('update drive_assignments set vehicle_id = $1 where id = any($2)', [v.id, [today.id, past.id, cancelled.id]]);
    const row = await vehicleRow(world.db.pool, v.id);
    const refused = await del(partner, 'vehicles-affiliate', v.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Vehicle ${v.vehicleNumber} is on 1 trip from today on: give it another vehicle first`);
    expect(await vehicleRow(world.db.pool, v.id)).toEqual(row);

    await world.db.pool.query('update drive_assignments set vehicle_id = null where id = $1', [today.id]);
    const res = await del(partner, 'vehicle-affiliate', v.id, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, available: false });
    expect((await auditRows(world.db.pool, 'vehicles', v.id)).map((a) => a.activity_type)).toEqual(['vehicle-delete']);
    const list = (await partner.get('/api/vehicles-affiliate')).json() as { id: string }[];
    expect(list.map((x) => x.id)).not.toContain(v.id);
    expect((await del(partner, 'vehicles-affiliate', v.id)).statusCode).toBe(404);
  });

  it('answers 409 to a stale modCount', async () => {
    const v = await createVehicle(world.db.pool, world.x.partner.id);
    expect((await del(partner, 'vehicles-affiliate', v.id, 5)).statusCode).toBe(409);
    expect((await vehicleRow(world.db.pool, v.id)).deleted).toBe(false);
  });
});

describe('vehicles-internal: the operator\'s own fleet', () => {
  it('lists and saves only in-house vehicles', async () => {
    const inHouse = await createPartner(world.db.pool, 'Secure Transportation Test');
    const own = await createVehicle(world.db.pool, inHouse.partner.id);
    const outside = await createVehicle(world.db.pool, other.partner.id);
    const list = (await world.staff.get('/api/vehicles-internal')).json() as { id: string }[];
    expect(list.map((v) => v.id)).toContain(own.id);
    expect(list.map((v) => v.id)).not.toContain(outside.id);
    const refused = await fleetStaff.post('/api/vehicles-internal', newVehicle({ partnerId: other.partner.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(VEHICLE_MSG.NOT_IN_HOUSE);
    expect((await fleetStaff.post('/api/vehicles-internal', newVehicle({ partnerId: inHouse.partner.id }))).statusCode).toBe(200);
  });

  it('lets staff filter by partner and type, and see deleted vehicles on request', async () => {
    const gone = await createVehicle(world.db.pool, other.partner.id, { deleted: true, vehicleType: 'Bus' });
    const sedan = await createVehicle(world.db.pool, other.partner.id, { vehicleType: 'Ambulatory Sedan', wheelchairSeats: 0 });
    const sedans = (await world.staff.get(`/api/vehicles-affiliate?partnerId=${other.partner.id}&vehicleType=Ambulatory%20Sedan`)).json() as { id: string }[];
    expect(sedans.map((v) => v.id)).toEqual([sedan.id]);
    const withDeleted = (await world.staff.get(`/api/vehicles-affiliate?partnerId=${other.partner.id}&includeDeleted=true`)).json() as { id: string }[];
    expect(withDeleted.map((v) => v.id)).toContain(gone.id);
    const partnerAsks = (await partner.get('/api/vehicles-affiliate?includeDeleted=true')).json() as { deleted: boolean }[];
    expect(partnerAsks.every((v) => !v.deleted)).toBe(true);
  });
});

describe("API tokens: the 'vehicles' area", () => {
  it('lists with GET on vehicles and is refused without it or for a write it does not hold', async () => {
    const reader = await apiToken(world.db.pool, world.x.user.id, { vehicles: ['GET'] });
    const other = await apiToken(world.db.pool, world.x.user.id, { trips: ['GET'] });
    const call = (token: string, method: 'GET' | 'POST', body?: unknown) =>
      world.t.app.inject({ method, url: '/api/vehicles-affiliate', headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body as object } : {}) });
    expect((await call(reader, 'GET')).statusCode).toBe(200);
    expect((await call(other, 'GET')).statusCode).toBe(403);
    expect((await call(reader, 'POST', newVehicle())).statusCode).toBe(403);
  });
});

/** The identity of a saved vehicle, for a change of it. */
function pick(v: { id: string; vehicleNumber: string; vin: string }) {
  return { id: v.id, vehicleNumber: v.vehicleNumber, vin: v.vin };
}
