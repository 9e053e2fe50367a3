import { MARKETPLACE_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { auditRows, createPartner, createTrip, signIn, TODAY, tripRow, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let x: Partner;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  x = await createPartner(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

// A trip picked up 2026-11-25 09:00 in Albuquerque (16:00Z): its window may end from 11-22 16:00Z to 11-25 00:00Z.
const IN_THREE_DAYS = '2026-11-25';
const patch = (b: Browser, body: Record<string, unknown>) => b.request('PATCH', '/api/drive-assignments-detailed', { body });

describe('PATCH drive-assignments-detailed marketplaceUntil', () => {
  it('answers 401 without a session', async () => {
    const trip = await createTrip(db.pool, { serviceDate: IN_THREE_DAYS });
    expect((await patch(new Browser(t.app), { id: trip.id, modCount: trip.modCount, marketplaceUntil: null })).statusCode).toBe(401);
  });

  it('answers 400 outside pickup − 3 days to pickup − 16 h, or for what is not an instant, and writes nothing', async () => {
    const trip = await createTrip(db.pool, { serviceDate: IN_THREE_DAYS, partnerId: x.partner.id });
    const before = await tripRow(db.pool, trip.id);
    for (const at of ['2026-11-22T15:59:59Z', '2026-11-25T00:00:01Z']) {
      const res = await patch(staff, { id: trip.id, modCount: trip.modCount, marketplaceUntil: at });
      expect(res.statusCode, at).toBe(400);
      expect(res.json().message).toBe('The exclusive window must end between 3 days and 16 hours before pickup');
    }
    expect((await patch(staff, { id: trip.id, modCount: trip.modCount, marketplaceUntil: 'tomorrow' })).statusCode).toBe(400);
    // a trip the marketplace cannot offer: mass transit
    const bus = await createTrip(db.pool, { serviceDate: IN_THREE_DAYS });
    await db.pool.query(`update drive_assignments set service_type_requested = '99' where id = $1`, [bus.id]);
    const res = await patch(staff, { id: bus.id, modCount: bus.modCount, marketplaceUntil: '2026-11-23T16:00:00Z' });
    expect(res.json().message).toBe(MARKETPLACE_MSG.NOT_OFFERABLE);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  });

  it('answers 403 to a partner, 404 for an unknown trip and 409 for a stale modCount', async () => {
    const trip = await createTrip(db.pool, { serviceDate: IN_THREE_DAYS, partnerId: x.partner.id });
    const partner = await signIn(t.app, x.user);
    expect((await patch(partner, { id: trip.id, modCount: trip.modCount, marketplaceUntil: '2026-11-23T16:00:00Z' })).statusCode).toBe(403);
    const unknown = { id: '00000000-0000-4000-8000-000000000000', modCount: 0, marketplaceUntil: '2026-11-23T16:00:00Z' };
    expect((await patch(staff, unknown)).statusCode).toBe(404);
    expect((await patch(staff, { id: trip.id, modCount: trip.modCount + 5, marketplaceUntil: '2026-11-23T16:00:00Z' })).statusCode).toBe(409);
    expect((await tripRow(db.pool, trip.id)).marketplace_until).toBeNull();
  });

  it('offers the trip at both ends of the range and withdraws it, each with modCount + 1 and an audit row', async () => {
    const trip = await createTrip(db.pool, { serviceDate: IN_THREE_DAYS, partnerId: x.partner.id });
    const earliest = await patch(staff, { id: trip.id, modCount: trip.modCount, marketplaceUntil: '2026-11-22T16:00:00Z' });
    expect(earliest.statusCode, earliest.body).toBe(200);
    expect(earliest.json()).toMatchObject({ modCount: trip.modCount + 1 });
    expect(Date.parse(earliest.json().marketplaceUntil)).toBe(Date.parse('2026-11-22T16:00:00Z'));
    const latest = await patch(staff, { id: trip.id, modCount: trip.modCount + 1, marketplaceUntil: '2026-11-24T17:00:00-07:00' });
    expect(latest.statusCode, latest.body).toBe(200);
    const withdrawn = await patch(staff, { id: trip.id, modCount: trip.modCount + 2, marketplaceUntil: null });
    expect(withdrawn.json()).toMatchObject({ modCount: trip.modCount + 3, marketplaceUntil: null });
    const audit = await auditRows(db.pool, 'drive_assignments', trip.id);
    expect(audit.map((a) => a.activity_type)).toEqual(['marketplace-offer', 'marketplace-offer', 'marketplace-offer']);
    expect(audit[2]).toMatchObject({ after: { marketplaceUntil: null } });
  });

  it('offers from now once the range has passed', async () => {
    // today 10:00: pickup − 16 h was last night; only now may be offered
    const soon = await createTrip(db.pool, { serviceDate: TODAY, legs: [{ pickup: '10:00:00' }] });
    const refusedAt = await patch(staff, { id: soon.id, modCount: soon.modCount, marketplaceUntil: '2026-11-22T20:00:00Z' });
    expect(refusedAt.statusCode).toBe(400);
    const res = await patch(staff, { id: soon.id, modCount: soon.modCount, marketplaceUntil: '2026-11-22T15:02:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tripRow(db.pool, soon.id)).marketplace_until).toEqual(new Date('2026-11-22T15:00:00Z'));
  });
});
