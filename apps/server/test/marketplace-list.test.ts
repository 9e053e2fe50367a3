import { gunzipSync } from 'node:zlib';
import { contract, MARKETPLACE_MSG, type MarketplaceTrip, type MarketplaceTrips } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createClaimingPartner, createOfferedTrip, createPassenger, PLACES } from './marketplace-factories.ts';
import { createBillTo } from './rate-factories.ts';
import { createPartner, createTrip, FUTURE, signIn, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let own: Partner;
let other: Partner;
let partner: Browser;
let staff: Browser;
const trips: Record<string, CreatedTrip> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const billTo = await createBillTo(db.pool);
  own = await createClaimingPartner(db.pool, { billToId: billTo.id });
  other = await createClaimingPartner(db.pool, { billToId: billTo.id, zips: ['87102'] });
  partner = await signIn(t.app, other.user);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  const rosa = await createPassenger(db.pool);
  const base = { billToId: billTo.id };
  // open to all, a round trip of Rosa's, and a second trip of hers the same day: a linked pair
  trips.open = await createOfferedTrip(db.pool, { ...base, partnerId: own.partner.id, legs: [{ passengerId: rosa.id }, { passengerId: rosa.id, pickup: '11:00:00' }] });
  trips.linked = await createOfferedTrip(db.pool, { ...base, legs: [{ passengerId: rosa.id, pickup: '14:00:00' }] });
  // reserved for its partner until 17:00 today
  trips.reserved = await createOfferedTrip(db.pool, { ...base, partnerId: own.partner.id, until: '2026-11-23T00:00:00.000Z' });
  // the pickup at 87106 is outside the other partner's coverage; Santa Fe is about 58 miles away
  trips.outOfArea = await createOfferedTrip(db.pool, { ...base, from: PLACES.clinic, to: PLACES.home });
  trips.santaFe = await createOfferedTrip(db.pool, { ...base, from: PLACES.santaFe, to: PLACES.santaFe });
  trips.noRate = await createOfferedTrip(db.pool, { billToId: (await createBillTo(db.pool, 'Other Plan')).id });
  // never listed: not offered, canceled, accepted, mass transit, declined by the other partner
  trips.notOffered = await createTrip(db.pool, { ...base, serviceDate: FUTURE });
  trips.canceled = await createOfferedTrip(db.pool, { ...base, canceled: true });
  trips.accepted = await createOfferedTrip(db.pool, { ...base, partnerId: own.partner.id, accepted: true });
  trips.massTransit = await createOfferedTrip(db.pool, { ...base, serviceType: '99' });
  trips.declined = await createOfferedTrip(db.pool, { ...base });
  await db.pool.query("insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by) values ($1, $2, 'No Availability', $3)", [
    trips.declined.id,
    other.partner.id,
    other.user.id,
  ]);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const list = async (b: Browser, query = `date=${FUTURE}&zip=87102`) => {
  const res = await b.get(`/api/marketplace-trips?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // the browser checks every answer against the contract
  const checked = contract.marketplaceTrips.response.safeParse(res.json());
  expect(checked.error).toBeUndefined();
  return res.json() as MarketplaceTrips;
};
const refs = (l: MarketplaceTrips) => l.driveAssignments.map((d) => d.referenceNumber).sort();
const byRef = (l: MarketplaceTrips, c: CreatedTrip) => l.driveAssignments.find((d) => d.referenceNumber === c.referenceNumber) as MarketplaceTrip;

describe('GET /api/marketplace-trips', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).get(`/api/marketplace-trips?date=${FUTURE}`)).statusCode).toBe(401);
  });

  it('answers 400 for a date beyond 6 days, a range over 300 miles or a ZIP that is not 5 digits', async () => {
    const cases: [string, string][] = [
      ['date=2026-11-29', MARKETPLACE_MSG.DATE],
      ['date=2026-11-21', MARKETPLACE_MSG.DATE],
      [`date=${FUTURE}&range=301`, MARKETPLACE_MSG.RANGE],
      [`date=${FUTURE}&range=0`, MARKETPLACE_MSG.RANGE],
      [`date=${FUTURE}&range=many`, MARKETPLACE_MSG.RANGE],
      [`date=${FUTURE}&zip=8710`, MARKETPLACE_MSG.ZIP],
    ];
    for (const [query, message] of cases) {
      const res = await partner.get(`/api/marketplace-trips?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    expect((await partner.get('/api/marketplace-trips?date=2026-11-28&range=300')).statusCode).toBe(200);
  });

  it("answers 403 to a case manager and 404 to a partner asking for another company's view", async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.get(`/api/marketplace-trips?date=${FUTURE}`)).statusCode).toBe(403);
    expect((await partner.get(`/api/marketplace-trips?date=${FUTURE}&affiliateId=${own.partner.id}`)).statusCode).toBe(404);
  });

  it('gives a partner every offered trip within range, redacted, with its own rate, state and Out-Of-Area', async () => {
    const l = await list(partner);
    expect(refs(l)).toEqual([trips.open, trips.linked, trips.reserved, trips.outOfArea, trips.noRate].map((c) => c.referenceNumber).sort());
    expect(l.origin).toMatchObject({ zip: '87102' });
    const open = byRef(l, trips.open);
    expect(open).toMatchObject({ state: 'available', rate: 80, outOfArea: false, serviceTypeName: '01 Ambulatory', pickupTime: '09:00:00' });
    expect(open.rateBreakdown).toMatchObject({ noRate: false, totalPennies: 8000 });
    expect(open.pickup).toEqual({ city: 'Albuquerque', zip: '87102', county: null, lat: 35.08, lng: -106.65, facilityName: null });
    expect(open.dropOff.facilityName).toBe('Lovelace Clinic');
    expect(open.distanceMiles).toBeLessThan(5);
    expect(byRef(l, trips.reserved)).toMatchObject({ state: 'reserved', reservedUntil: '2026-11-23T00:00:00.000Z' });
    expect(byRef(l, trips.outOfArea).outOfArea).toBe(true);
    expect(byRef(l, trips.noRate)).toMatchObject({ rate: 'NoRate', rateBreakdown: { noRate: true } });
    // Rosa's two trips share one key, counted; the key is not her id
    expect(open.passengerKey).toBe(byRef(l, trips.linked).passengerKey);
    expect(l.tripCountsByPassenger[open.passengerKey!]).toBe(2);
  });

  it("never carries a passenger's name, phone, member id or street, nor the trip's partner, to a partner", async () => {
    const res = await partner.get(`/api/marketplace-trips?date=${FUTURE}&range=300`);
    for (const secret of ['Rosa', 'Quintana', '5055550142', 'NM-SECRET-77', 'Calle Secreta', 'Medical Way', 'Michaels', own.partner.id, own.partner.name, '35.08449']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('applies the range from the ZIP, the search text and exact reference numbers on any date', async () => {
    expect(refs(await list(partner, `date=${FUTURE}&zip=87102&range=60`))).toContain(trips.santaFe.referenceNumber);
    expect(refs(await list(partner, `date=${FUTURE}&zip=87102&range=50`))).not.toContain(trips.santaFe.referenceNumber);
    expect(refs(await list(partner, `date=${FUTURE}&zip=87102&range=300&q=santa`))).toEqual([trips.santaFe.referenceNumber]);
    expect(refs(await list(partner, `date=${FUTURE}&zip=87102&q=lovelace%20${trips.open.referenceNumber}`))).toEqual([trips.open.referenceNumber]);
    const named = await list(partner, `referenceNumbers=${trips.santaFe.referenceNumber},${trips.declined.referenceNumber},${trips.notOffered.referenceNumber}`);
    expect(refs(named)).toEqual([trips.santaFe.referenceNumber]);
  });

  it('gives staff the full rows, priced for the partner whose view they ask for', async () => {
    const l = await list(staff, `date=${FUTURE}`);
    // staff without a ZIP see every offered trip, the declined one too, with no range
    expect(refs(l)).toContain(trips.declined.referenceNumber);
    expect(refs(l)).toContain(trips.santaFe.referenceNumber);
    const open = byRef(l, trips.open);
    expect(open.passenger).toMatchObject({ name: 'Rosa Quintana', phone: '5055550142', memberId: 'NM-SECRET-77' });
    expect(open.pickup.address).toContain('1402 Calle Secreta');
    expect(open.farmoutContactId).toBe(own.partner.id);
    expect(byRef(l, trips.reserved).state).toBe('reserved');
    const asOther = await list(staff, `date=${FUTURE}&affiliateId=${other.partner.id}`);
    expect(refs(asOther)).not.toContain(trips.declined.referenceNumber);
    expect(byRef(asOther, trips.outOfArea).outOfArea).toBe(true);
    const asOwn = await list(staff, `date=${FUTURE}&affiliateId=${own.partner.id}`);
    expect(byRef(asOwn, trips.reserved).state).toBe('available');
    const unknown = await staff.get(`/api/marketplace-trips?date=${FUTURE}&affiliateId=${(await createPartner(db.pool)).user.id}`);
    expect(unknown.statusCode).toBe(400);
  });

  it('answers a partner from kept trips that follow every change: a new time, a decline, a withdrawal', async () => {
    const trip = await createOfferedTrip(db.pool, { billToId: (await createBillTo(db.pool, 'Kept Plan')).id, legs: [{ pickup: '10:00:00' }] });
    expect(byRef(await list(partner), trip).pickupTime).toBe('10:00:00');
    await db.pool.query(`update trip_legs set loc_first_time_ord = '10:30:00' where drive_assignment_id = $1`, [trip.id]);
    expect(byRef(await list(partner), trip).pickupTime).toBe('10:30:00');
    // a decline recorded for the partner takes the trip from its list
    const declined = await createOfferedTrip(db.pool, { billToId: (await createBillTo(db.pool, 'Kept Plan 2')).id });
    expect(refs(await list(partner))).toContain(declined.referenceNumber);
    await db.pool.query("insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by) values ($1, $2, 'No Availability', $3)", [
      declined.id,
      other.partner.id,
      other.user.id,
    ]);
    expect(refs(await list(partner))).not.toContain(declined.referenceNumber);
    await db.pool.query('update drive_assignments set marketplace_until = null where id = $1', [trip.id]);
    expect(refs(await list(partner))).not.toContain(trip.referenceNumber);
  });

  it('opens a reserved trip in the list the moment its window ends', async () => {
    const trip = await createOfferedTrip(db.pool, { billToId: (await createBillTo(db.pool, 'Window Plan')).id, partnerId: own.partner.id, until: '2026-11-22T15:01:00.000Z' });
    expect(byRef(await list(partner), trip).state).toBe('reserved');
    expect(byRef(await list(partner), trip).state).toBe('reserved');
    t.clock.set('2026-11-22T15:01:00.000Z');
    try {
      expect(byRef(await list(partner), trip)).toMatchObject({ state: 'available', reservedUntil: null });
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it('sends a browser that accepts gzip the same list compressed', async () => {
    const plain = await partner.get(`/api/marketplace-trips?date=${FUTURE}&zip=87102`);
    const zipped = await partner.get(`/api/marketplace-trips?date=${FUTURE}&zip=87102`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});
