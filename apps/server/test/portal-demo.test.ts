import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { DEMO_ACCOUNT_REQUESTS } from '../src/modules/demo/portal-accounts.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { lastEmailTo } from './portal-accounts-factories.ts';
import { neverSentKeys } from './portal-trips-keys.ts';
import { TODAY } from './trip-factories.ts';

// The portal in the demo data: its logins' trips in every group of their home (TODAY is a Sunday,
// when the demo passenger's dialysis schedule has no ride), their trip notices, and the people on
// file who can create their own account.
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

type Row = { id: string; label: string };

describe('the demo portal logins', () => {
  for (const username of ['passenger', 'casemanager']) {
    it(`${username} has trips today, upcoming, completed and one cancelled`, async () => {
      const b = new Browser(t.app);
      expect((await b.login(username, 'Tripline1!')).statusCode).toBe(200);
      const res = await b.get('/api/case-manager-activity');
      expect(res.statusCode).toBe(200);
      const a = JSON.parse(res.body);
      expect(a.today).toBe(TODAY);
      for (const g of ['today', 'upcoming', 'completed']) expect(a.groups[g].length, g).toBeGreaterThan(0);
      const all: Row[] = [...a.groups.today, ...a.groups.upcoming, ...a.groups.completed];
      expect(all.some((r) => r.label === 'CanceledNoCharge' || r.label === 'Canceled')).toBe(true);
      expect(a.groups.today.some((r: Row) => r.label === 'Pending')).toBe(true);
      expect(neverSentKeys(a)).toEqual([]);
      const page = await b.get(`/api/case-manager-trip-preview?daId=${a.groups.today[0].id}`);
      expect(page.statusCode).toBe(200);
    });
  }
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

/** The whole wizard with the code from the outbox; answers the signed-in browser and its user. */
async function createAccount(email: string, tel: string, caseManager: boolean) {
  const b = new Browser(t.app, '10.40.0.1');
  const password = 'Demo-Visit7';
  const { requestToken } = (await b.post('/api/case-manager-login-find-my-account', { email, tel, caseManager })).json();
  expect((await b.post('/api/case-manager-login-save-email', { requestToken, newPassword: password, newPasswordVerify: password })).statusCode).toBe(200);
  const { code } = await lastEmailTo(db.pool, email);
  expect(code).toMatch(/^\d{6}$/);
  const verified = (await b.post('/api/case-manager-login-save-email-verification-code', { requestToken, code })).json();
  const done = await b.post('/api/case-manager-login-save-phone', { requestToken: verified.requestToken, phone: tel, phonePreference: 'SMS' });
  expect(done.statusCode).toBe(200);
  return { b, user: done.json() };
}

describe('demo people who can create a portal account', () => {
  it('a member passenger with trips, and a case manager of the demo case manager’s bill-tos', async () => {
    const p = DEMO_ACCOUNT_REQUESTS.passengers[0];
    const passenger = await createAccount(p.email, `(505) 555-${p.phone.slice(-4)}`, false);
    expect(passenger.user.types).toEqual(['Passenger', 'S/N Passenger']);
    const cm = DEMO_ACCOUNT_REQUESTS.caseManager;
    const manager = await createAccount(cm.email, cm.phone, true);
    expect(manager.user.types).toEqual(['Case Manager']);
    const { rows } = await db.pool.query(
      `select count(*)::int n from case_manager_bill_tos where case_manager_id = $1`,
      [manager.user.id],
    );
    expect(rows[0].n).toBe(2);
  });

  it('each is on file with a sign-in-less contact of exactly one match', async () => {
    for (const p of DEMO_ACCOUNT_REQUESTS.passengers) {
      const { rows } = await db.pool.query(
        `select count(distinct e.contact_id)::int n from contact_emails e join contact_phones ph on ph.contact_id = e.contact_id
          where e.email = $1 and ph.phone_number_with_area_code = $2`,
        [p.email, p.phone],
      );
      expect(rows[0].n, p.email).toBe(1);
    }
  });
});
