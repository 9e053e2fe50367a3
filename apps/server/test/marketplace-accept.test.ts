import { contract, MARKETPLACE_MSG, type MarketplaceAcceptResult } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createClaimingPartner, createOfferedTrip, createPassenger, PLACES } from './marketplace-factories.ts';
import { createBillTo } from './rate-factories.ts';
import { auditRows, createDriver, signIn, tripRow, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let billTo: string;
let own: Partner;
let claimer: Partner;
let browser: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  billTo = (await createBillTo(db.pool)).id;
  own = await createClaimingPartner(db.pool, { billToId: billTo });
  claimer = await createClaimingPartner(db.pool, { billToId: billTo });
  browser = await signIn(t.app, claimer.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const claim = async (b: Browser, ids: unknown) => {
  const res = await b.post('/api/marketplace-accept', ids);
  expect(res.statusCode, res.body).toBe(200);
  expect(contract.marketplaceAccept.response.safeParse(res.json()).error).toBeUndefined();
  return res.json() as MarketplaceAcceptResult;
};
const offered = (spec: Parameters<typeof createOfferedTrip>[1] = {}) => createOfferedTrip(db.pool, { billToId: billTo, partnerId: own.partner.id, ...spec });

/** Claims and expects the trip refused with the message, its row exactly as it was. */
async function refused(b: Browser, trip: CreatedTrip, message: string) {
  const before = await tripRow(db.pool, trip.id);
  const out = await claim(b, [trip.id]);
  expect(out.accepted).toEqual([]);
  expect(out.failed).toEqual([{ id: trip.id, referenceNumber: trip.referenceNumber, message }]);
  expect(await tripRow(db.pool, trip.id)).toEqual(before);
}

describe('POST /api/marketplace-accept', () => {
  it('answers 401 without a session', async () => {
    const trip = await offered();
    expect((await new Browser(t.app).post('/api/marketplace-accept', [trip.id])).statusCode).toBe(401);
  });

  it('answers 400 for no ids, more than 100, or not a list, and writes nothing', async () => {
    const trip = await offered();
    const before = await tripRow(db.pool, trip.id);
    expect((await browser.post('/api/marketplace-accept', [])).json().message).toBe('Choose at least one trip');
    const many = Array.from({ length: 101 }, () => trip.id);
    expect((await browser.post('/api/marketplace-accept', many)).json().message).toBe('At most 100 trips at once');
    expect((await browser.post('/api/marketplace-accept', { ids: [trip.id] })).statusCode).toBe(400);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('answers 403 to staff (who offer trips, not claim them) and to a case manager, and writes nothing', async () => {
    const trip = await offered();
    const before = await tripRow(db.pool, trip.id);
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'], adminAccess: true }));
    const res = await staff.post('/api/marketplace-accept', [trip.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MARKETPLACE_MSG.STAFF_MAY_NOT_CLAIM);
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await cm.post('/api/marketplace-accept', [trip.id])).statusCode).toBe(403);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it("farms the trip out to the claimer, accepted, with its driver, vehicle and offer cleared, priced, audited and recorded", async () => {
    const driver = await createDriver(db.pool, own.partner.id);
    const trip = await offered({ driverId: driver.id, declined: true });
    const out = await claim(browser, [trip.id]);
    expect(out).toEqual({ accepted: [{ id: trip.id, referenceNumber: trip.referenceNumber }], failed: [], warnings: [] });
    const row = await tripRow(db.pool, trip.id);
    expect(row).toMatchObject({
      farmout_contact_id: claimer.partner.id,
      accepted: true,
      declined: false,
      deleted: false,
      marketplace_until: null,
      driver_id: null,
      vehicle_id: null,
      mod_count: trip.modCount + 1,
    });
    // Flat Rate $40 a leg, one leg
    expect(Number(row.farmout_rate)).toBe(40);
    expect(row.activities).toMatchObject([{ action: 'MarketplaceAccept', status: 'Recorded', partner_id: claimer.partner.id }]);
    const audit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit).toMatchObject([{ activity_type: 'marketplace-accept', actor_id: claimer.user.id, after: { farmoutContactId: claimer.partner.id, accepted: true } }]);
    // a second claim finds it taken
    const again = await claim(browser, [trip.id]);
    expect(again.failed).toEqual([{ id: trip.id, referenceNumber: trip.referenceNumber, message: `Trip ${trip.referenceNumber} is no longer available.` }]);
  });

  it('refuses a reserved trip until its window ends, except to its own partner', async () => {
    const trip = await offered({ until: '2026-11-23T00:00:00.000Z' });
    await refused(browser, trip, `Trip ${trip.referenceNumber} is reserved for its partner until Nov 22, 5:00 PM.`);
    const mine = await signIn(t.app, own.user);
    expect((await claim(mine, [trip.id])).accepted).toHaveLength(1);
    // from the instant the window ends, anyone may claim
    const later = await offered({ until: '2026-11-22T15:01:00.000Z' });
    await refused(browser, later, `Trip ${later.referenceNumber} is reserved for its partner until Nov 22, 8:01 AM.`);
    t.clock.set('2026-11-22T15:01:00.000Z');
    try {
      expect((await claim(browser, [later.id])).accepted).toHaveLength(1);
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it('refuses NoRate, a company without a fitting vehicle, incomplete credentials and unknown ids', async () => {
    const other = (await createBillTo(db.pool, 'Unpriced Plan')).id;
    const unpriced = await offered({ billToId: other });
    await refused(browser, unpriced, `Trip ${unpriced.referenceNumber} has no rate for your company (NoRate).`);
    const stretcher = await offered({ serviceType: '05' });
    const stretcherRate = await createClaimingPartner(db.pool, { billToId: billTo, serviceId: '05' });
    await refused(await signIn(t.app, stretcherRate.user), stretcher, 'Your company has no vehicle for 05 Stretcher trips.');
    const lapsed = await createClaimingPartner(db.pool, { billToId: billTo, compliant: false });
    await refused(await signIn(t.app, lapsed.user), await offered(), "Your company's credentials are incomplete.");
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await claim(browser, [unknown, 'T-not-an-id'])).failed).toEqual([
      { id: unknown, referenceNumber: null, message: `Trip ${unknown} is no longer available.` },
      { id: 't-not-an-id', referenceNumber: null, message: 'Trip t-not-an-id is no longer available.' },
    ]);
  });

  it("claims a passenger's linked trips together or not at all", async () => {
    const rosa = await createPassenger(db.pool);
    const a = await offered({ legs: [{ passengerId: rosa.id }] });
    const b = await offered({ billToId: (await createBillTo(db.pool, 'Unpriced Plan 2')).id, legs: [{ passengerId: rosa.id, pickup: '13:00:00' }] });
    const beforeA = await tripRow(db.pool, a.id);
    const out = await claim(browser, [a.id, b.id]);
    expect(out.accepted).toEqual([]);
    expect(out.failed).toEqual([
      { id: a.id, referenceNumber: a.referenceNumber, message: `Trip ${a.referenceNumber} was not accepted: it goes with trip ${b.referenceNumber} of the same passenger.` },
      { id: b.id, referenceNumber: b.referenceNumber, message: `Trip ${b.referenceNumber} has no rate for your company (NoRate).` },
    ]);
    expect(await tripRow(db.pool, a.id)).toEqual(beforeA);
    const c = await offered({ legs: [{ passengerId: rosa.id, pickup: '15:00:00' }] });
    expect((await claim(browser, [a.id, c.id])).accepted.map((x) => x.id).sort()).toEqual([a.id, c.id].sort());
  });

  it('claims a pickup outside the company ZIP coverage with an Out-Of-Area warning', async () => {
    const far = await offered({ from: PLACES.santaFe, to: PLACES.santaFe });
    const out = await claim(browser, [far.id]);
    expect(out.accepted).toHaveLength(1);
    expect(out.warnings).toEqual([{ id: far.id, referenceNumber: far.referenceNumber, message: `Trip ${far.referenceNumber} is Out-Of-Area for your company.` }]);
  });
});

describe('a decline ends the exclusive window', () => {
  it('opens the trip to every other partner at once, and the decliner no longer sees it', async () => {
    await db.pool.query("insert into decline_reasons (name, aliases, always_visible, sort_order) values ('No Availability', '{}', true, 0) on conflict do nothing");
    const trip = await offered({ until: '2026-11-23T00:00:00.000Z' });
    const mine = await signIn(t.app, own.user);
    const res = await mine.post(`/api/decline?driveAssignmentId=${trip.id}&modCount=${trip.modCount}`, { reason: 'No Availability' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tripRow(db.pool, trip.id)).marketplace_until).toEqual(new Date('2026-11-22T15:00:00Z'));
    const list = (await mine.get(`/api/marketplace-trips?date=2026-11-23&referenceNumbers=${trip.referenceNumber}`)).json();
    expect(list.driveAssignments).toEqual([]);
    expect((await claim(mine, [trip.id])).failed[0].message).toBe(`Trip ${trip.referenceNumber} is no longer available.`);
    expect((await claim(browser, [trip.id])).accepted).toHaveLength(1);
  });
});
