import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { DEMO_ACCOUNT_REQUESTS } from '../src/modules/demo/portal-accounts.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { lastEmailTo } from './portal-accounts-factories.ts';
import { TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
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
