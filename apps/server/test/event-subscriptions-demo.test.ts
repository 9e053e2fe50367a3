import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

describe('the demo portal logins’ trip notices', () => {
  it('the case manager hears of assignments by e-mail, has a mobile for texts and can test a notice on one of its trips', async () => {
    const b = new Browser(t.app);
    expect((await b.login('casemanager', 'Tripline1!')).statusCode).toBe(200);
    const list = (await b.get('/api/event-subscriptions')).json();
    expect(list).toMatchObject([{ matchEventType: 'TripAssigned', notifyEmails: ['casemanager@tripline.example'], deleted: false }]);
    const options = (await b.get('/api/event-subscription-options')).json();
    expect(options.smsPhones).toEqual(['(505) 555-0188']);
    expect(options.billTos).toHaveLength(2);
    const sms = await b.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifySmsPhone: '(505) 555-0188' });
    expect(sms.statusCode).toBe(200);
    const { rows } = await db.pool.query(
      `select reference_number from drive_assignments
        where bill_to_contact_id in (select bill_to_id from case_manager_bill_tos where case_manager_id = $1) and not deleted limit 1`,
      [list[0].recipientId],
    );
    const test = await b.post('/api/event-subscriptions-test', { id: sms.json().id, referenceNumber: rows[0].reference_number });
    expect(test.json()).toEqual({ channel: 'sms', to: '(505) 555-0188' });
  });

  it('the passenger hears by text message when the driver arrives', async () => {
    const b = new Browser(t.app);
    expect((await b.login('passenger', 'Tripline1!')).statusCode).toBe(200);
    expect((await b.get('/api/event-subscriptions')).json()).toMatchObject([{ matchEventType: 'DriverArrived', notifySmsPhone: expect.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/) }]);
  });
});
