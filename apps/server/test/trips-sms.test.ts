import { TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { auditRows, createDriver, createPartner, createTrip, signIn, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let partner: Browser;
let rider: Created;
let trip: CreatedTrip;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
  rider = await createContact(db.pool, { types: ['Passenger'], name: 'Rosa Chavez', username: null, phone: { number: '(505) 555-0142', type: 'Cell' } });
  trip = await createTrip(db.pool, { partnerId: x.partner.id, legs: [{ passengerId: rider.id }] });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const outboxCount = async () => Number((await db.pool.query('select count(*) from outbox_messages')).rows[0].count);
const smsAudits = async () => Number((await db.pool.query(`select count(*) from audit_log where activity_type = 'sms'`)).rows[0].count);

describe('POST /api/send-sms: the texts of missing fields', () => {
  it('answers 401 before looking at the body', async () => {
    expect((await new Browser(t.app).post('/api/send-sms', { daId: trip.id, message: 'On our way' })).statusCode).toBe(401);
  });

  it("answers 400 'Missing required contact id' (spec 1 §8) for a trip's text without one, sending and recording nothing", async () => {
    const [sent, audited] = [await outboxCount(), await smsAudits()];
    for (const body of [
      { daId: trip.id, message: 'On our way' },
      { daId: trip.id, contactId: null, message: 'On our way' },
      { daId: trip.id, contactId: '  ', to: '(505) 555-0142', message: 'On our way' },
    ]) {
      const res = await partner.post('/api/send-sms', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TRIP_MSG.MISSING_CONTACT_ID);
      expect(res.json().message).toBe('Missing required contact id');
    }
    expect(await outboxCount()).toBe(sent);
    expect(await smsAudits()).toBe(audited);
  });

  it("names the driver form's missing field instead of 'Invalid input'", async () => {
    const res = await partner.post('/api/send-sms', { message: 'Call dispatch' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('driverId is required');
    const noText = await partner.post('/api/send-sms', { driverId: rider.id });
    expect(noText.json().message).toBe('message is required');
  });

  it('texts a driver without any contact id, with the vehicle absent or null', async () => {
    const driver = await createDriver(db.pool, x.partner.id, { phone: { number: '5055550131', type: 'Cell' } });
    const sent = await outboxCount();
    for (const body of [
      { driverId: driver.id, message: 'Pick up at door 3', includeSenderName: false },
      { driverId: driver.id, vehicleId: null, message: 'Pick up at door 4', includeSenderName: false },
    ]) {
      const res = await partner.post('/api/send-sms', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sent: true, to: '5055550131' });
    }
    expect(await outboxCount()).toBe(sent + 2);
    const outbox = await db.pool.query('select body, contact_id from outbox_messages where recipient = $1 order by body', ['5055550131']);
    expect(outbox.rows).toEqual([
      { body: 'Pick up at door 3', contact_id: driver.id },
      { body: 'Pick up at door 4', contact_id: driver.id },
    ]);
    expect((await auditRows(db.pool, 'contacts', driver.id)).map((a) => a.after)).toEqual([
      expect.objectContaining({ vehicleId: null, message: 'Pick up at door 3' }),
      expect.objectContaining({ vehicleId: null, message: 'Pick up at door 4' }),
    ]);
  });
});
