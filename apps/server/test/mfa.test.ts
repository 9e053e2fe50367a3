import { MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, PASSWORD } from './factories.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const mfaUser = () =>
  createContact(db.pool, {
    mfaRequired: true,
    email: `boss${Math.random().toString(36).slice(2, 7)}@example.org`,
    phone: { number: '505-555-0142', smsEnabled: true, type: 'Cell' },
  });

async function latestCode(to: string): Promise<string> {
  const { rows } = await db.pool.query('select body from outbox_messages where recipient = $1 order by created_at desc limit 1', [to]);
  return /\b(\d{6})\b/.exec(rows[0].body)![1];
}

describe('MFA sign-in', () => {
  it('answers MFA_NEEDED and keeps the user out until the code is verified', async () => {
    const u = await mfaUser();
    const b = new Browser(t.app);
    const res = await b.login(u.username!, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entity: 'MFA_NEEDED' });
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
  });

  it('lists masked email and SMS destinations, only during the second step', async () => {
    expect((await new Browser(t.app).get('/api/mfa-retrieval-options')).statusCode).toBe(401);
    const u = await mfaUser();
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const res = await b.get('/api/mfa-retrieval-options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.emails).toHaveLength(1);
    expect(body.emails[0].label).toMatch(/^b•••@example\.org$/);
    expect(body.phones).toEqual([{ id: expect.any(String), label: '(•••) •••-0142' }]);
  });

  it('sends a code by email, verifies it and rotates the session id', async () => {
    const u = await mfaUser();
    const email = (await db.pool.query('select email from contact_emails where contact_id = $1', [u.id])).rows[0].email;
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const pendingToken = b.cookies.get('tripline_session');
    const options = (await b.get('/api/mfa-retrieval-options')).json();
    const bad = await b.post('/api/mfa-choose-delivery-method', { method: 'fax', id: 'x' });
    expect(bad.statusCode).toBe(400);
    const sent = await b.post('/api/mfa-choose-delivery-method', { method: 'email', id: options.emails[0].id });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await b.post('/api/mfa-verify-code', { verificationCode: wrongCode, rememberMe: false });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.MFA_CODE_INVALID);
    const ok = await b.post('/api/mfa-verify-code', { verificationCode: code, rememberMe: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(u.id);
    expect(b.cookies.get('tripline_session')).not.toBe(pendingToken);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
  });

  it('sends a code by SMS through the outbox', async () => {
    const u = await mfaUser();
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const options = (await b.get('/api/mfa-retrieval-options')).json();
    await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: options.phones[0].id });
    const code = await latestCode('505-555-0142');
    expect((await b.post('/api/mfa-verify-code', { verificationCode: code })).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const u = await mfaUser();
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const options = (await b.get('/api/mfa-retrieval-options')).json();
    await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: options.phones[0].id });
    const code = await latestCode('505-555-0142');
    t.clock.advance(5 * 60_000);
    await b.get('/api/mfa-retrieval-options'); // keeps the pending session alive
    t.clock.advance(5 * 60_000 + 1);
    const res = await b.post('/api/mfa-verify-code', { verificationCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.MFA_CODE_EXPIRED);
  });

  it('stops accepting guesses after 5 wrong codes', async () => {
    const u = await mfaUser();
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const options = (await b.get('/api/mfa-retrieval-options')).json();
    await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: options.phones[0].id });
    const code = await latestCode('505-555-0142');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await b.post('/api/mfa-verify-code', { verificationCode: wrong });
    const res = await b.post('/api/mfa-verify-code', { verificationCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.MFA_CODE_EXPIRED);
  });

  it('skips the second step on a remembered browser', async () => {
    const u = await mfaUser();
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const options = (await b.get('/api/mfa-retrieval-options')).json();
    await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: options.phones[0].id });
    const code = await latestCode('505-555-0142');
    await b.post('/api/mfa-verify-code', { verificationCode: code, rememberMe: true });
    expect(b.cookies.has('tripline_mfa_device')).toBe(true);
    await b.post('/api/logout');
    const again = await b.login(u.username!, PASSWORD);
    expect(again.json().id).toBe(u.id);
    // another browser still needs the code
    expect((await new Browser(t.app).login(u.username!, PASSWORD)).json()).toEqual({ entity: 'MFA_NEEDED' });
  });
});
