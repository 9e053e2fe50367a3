import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createTrip, signIn } from './trip-factories.ts';
import { addContactAddress } from './contact-details-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;
let caseManager: Browser;
let billTo: Created;
let rosa: Created;
let ramon: Created;
let clinicNear: Awaited<ReturnType<typeof place>>;
let clinicFar: Awaited<ReturnType<typeof place>>;

const search = (b: Browser, qs: string) => b.get(`/api/admin/autocomplete-contact?${qs}`);
const names = async (b: Browser, qs: string) => (await search(b, qs)).json().map((c: { name: string }) => c.name);

async function passenger(name: string, memberId: string, dob: string, coveredBy?: string) {
  const p = await createContact(db.pool, { name, types: ['S/N Passenger'], username: null });
  await db.pool.query('update contacts set member_id = $2, date_of_birth = $3 where id = $1', [p.id, memberId, dob]);
  await addContactAddress(db.pool, p.id, { city: 'Albuquerque', zip: '87110', lat: 35.1, lng: -106.6 });
  if (coveredBy) await db.pool.query('insert into coverages (contact_id, bill_to_id, member_id) values ($1, $2, $3)', [p.id, coveredBy, memberId]);
  return p;
}

async function place(name: string, lat: number, lng: number) {
  const c = await createContact(db.pool, { name, types: ['Facility'], username: null });
  return { ...c, addressId: await addContactAddress(db.pool, c.id, { city: 'Albuquerque', lat, lng }, 'Office') };
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partnerUser = await signIn(t.app, (await createPartner(db.pool)).user);
  billTo = await createContact(db.pool, { name: 'Sandia Regional Hospital', types: ['Bill To'], username: null });
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo.id] }));
  rosa = await passenger('Rosa Montoya', 'NM7001001', '1948-03-02', billTo.id);
  ramon = await passenger('Ramon Montoya Baca', 'NM7001002', '1951-07-19');
  const gone = await passenger('Rosalind Montoya', 'NM7001003', '1960-01-01', billTo.id);
  await db.pool.query('update contacts set deleted = true where id = $1', [gone.id]);
  await createContact(db.pool, { name: 'Montoya Dispatch Desk', types: ['SecureEmployee'], ldapGroups: ['Dispatch'], username: null });
  clinicNear = await place('Montoya Clinic Downtown', 35.0844, -106.6504);
  clinicFar = await place('Montoya Clinic Las Cruces', 32.3199, -106.7637);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET admin/autocomplete-contact', () => {
  it('401 → 400 → 403', async () => {
    expect((await search(new Browser(t.app), 'query=Montoya')).statusCode).toBe(401);
    const short = await search(staff, 'query=Mo');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Type at least 3 characters', details: [{ path: 'query' }] });
    expect((await search(staff, 'query=Montoya&type=Nobody')).json().message).toMatch(/^Unknown contact type/);
    expect((await search(staff, 'query=Montoya&proximity=5')).json()).toMatchObject({ message: 'proximity needs an origin', details: [{ path: 'origin' }] });
    expect((await search(staff, 'query=Montoya&origin=95,0')).json().message).toBe('origin is outside the map');
    expect((await search(partnerUser, 'query=Montoya')).statusCode).toBe(403);
  });
  it('finds passengers by name prefix or word, contact number and member id; deleted contacts never', async () => {
    expect(await names(staff, 'query=ros&type=S/N Passenger')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'query=montoya&type=S/N Passenger')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect(await names(staff, 'query=baca&type=S/N Passenger')).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, `query=${ramon.contactNumber}`)).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, 'query=nm7001001')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'query=NM7001003')).toEqual([]);
  });
  it('answers what the passenger picker shows', async () => {
    expect((await search(staff, 'query=Rosa Mon')).json()).toEqual([
      {
        id: rosa.id,
        contactNumber: rosa.contactNumber,
        name: 'Rosa Montoya',
        types: ['S/N Passenger'],
        memberId: 'NM7001001',
        dob: '1948-03-02',
        city: 'Albuquerque',
        addressId: expect.any(String),
        distanceMiles: null,
      },
    ]);
  });
  it('S/N Passenger also finds members typed Passenger; empClass and billToId narrow', async () => {
    await db.pool.query(`update contacts set types = '{Passenger}' where id = $1`, [ramon.id]);
    expect(await names(staff, 'query=montoya&type=S/N Passenger')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect(await names(staff, 'query=montoya&empClass=Dispatch')).toEqual(['Montoya Dispatch Desk']);
    expect(await names(staff, `query=montoya&billToId=${billTo.id}`)).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'query=montoya&locationType=Residence')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
  });
  it('orders by distance from origin and keeps those within proximity miles', async () => {
    const near = await search(staff, 'query=montoya clinic&origin=35.08,-106.65&proximity=50');
    expect(near.json()).toMatchObject([{ name: clinicNear.name, distanceMiles: 0.3 }]);
    expect(await names(staff, 'query=montoya clinic&origin=32.3,-106.7')).toEqual([clinicFar.name, clinicNear.name]);
  });
  it("puts places the passenger has been driven to first", async () => {
    const trip = await createTrip(db.pool, { legs: [{ passengerId: rosa.id }] });
    await db.pool.query('update trip_legs set location_second_id = $2 where id = $1', [trip.legIds[0], clinicFar.addressId]);
    expect(await names(staff, `query=montoya clinic&passengerId=${rosa.id}`)).toEqual([clinicFar.name, clinicNear.name]);
  });
  it('a case manager finds only passengers covered by their bill-tos', async () => {
    expect(await names(caseManager, 'query=montoya')).toEqual(['Rosa Montoya']);
    expect(await names(caseManager, `query=${ramon.contactNumber}`)).toEqual([]);
  });
});
