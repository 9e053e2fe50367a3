import { MFA_MSG, MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/auth/sessions.ts';
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

const PHONE = '505-555-0142';

/** Signs an MFA user in up to the second step; answers the browser and its SMS destination. */
async function pending(u?: Awaited<ReturnType<typeof mfaUser>>) {
  const user = u ?? (await mfaUser());
  const b = new Browser(t.app);
  expect((await b.login(user.username!, PASSWORD)).json()).toEqual({ entity: 'MFA_NEEDED' });
  const options = (await b.get('/api/mfa-retrieval-options')).json();
  return { u: user, b, phoneId: options.phones[0].id as string, emailId: options.emails[0].id as string };
}

async function codeRow(b: Browser) {
  const { rows } = await db.pool.query('select mfa_code_hash, mfa_attempts from sessions where id_hash = $1', [
    hashToken(b.cookies.get('tripline_session')!),
  ]);
  return rows[0];
}

async function sentTo(contactId: string): Promise<number> {
  const { rows } = await db.pool.query('select count(*)::int as n from outbox_messages where contact_id = $1', [contactId]);
  return rows[0].n;
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('MFA guesses are counted atomically', () => {
  it('compares at most 5 of 60 concurrent wrong codes, and then refuses the right one', async () => {
    const { b, phoneId } = await pending();
    expect((await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId })).statusCode).toBe(200);
    const code = await latestCode(PHONE);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => b.post('/api/mfa-verify-code', { verificationCode: wrongFor(code) })),
    );
    const messages = answers.map((r) => `${r.statusCode} ${r.json().message}`);
    expect(messages.filter((m) => m === `400 ${MSG.MFA_CODE_INVALID}`)).toHaveLength(5);
    expect(messages.filter((m) => m === `400 ${MSG.MFA_CODE_EXPIRED}`)).toHaveLength(55);
    expect((await codeRow(b)).mfa_attempts).toBe(5);
    const right = await b.post('/api/mfa-verify-code', { verificationCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MSG.MFA_CODE_EXPIRED);
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
  });

  it('asks for a code before any guess', async () => {
    const { b } = await pending();
    const res = await b.post('/api/mfa-verify-code', { verificationCode: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MFA_MSG.REQUEST_CODE_FIRST);
  });
});

describe('MFA codes sent are limited', () => {
  it('sends 3 codes in 15 minutes, refuses the 4th with when to try again, never resetting the tries', async () => {
    const { u, b, phoneId } = await pending();
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId })).statusCode).toBe(200);
    }
    const code = await latestCode(PHONE);
    for (let i = 0; i < 2; i++) await b.post('/api/mfa-verify-code', { verificationCode: wrongFor(code) });
    const before = await codeRow(b);
    expect(before.mfa_attempts).toBe(2);

    const refused = await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MFA_MSG.TOO_MANY_CODES(15));
    expect(await codeRow(b)).toEqual(before);
    expect(await sentTo(u.id)).toBe(3);

    // the code in use keeps its own count: 3 more wrong tries spend it, and then the answer says when
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/api/mfa-verify-code', { verificationCode: wrongFor(code) })).json().message).toBe(MSG.MFA_CODE_INVALID);
    }
    const spent = await b.post('/api/mfa-verify-code', { verificationCode: code });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toBe(MFA_MSG.TOO_MANY_CODES(15));

    t.clock.advance(8 * 60_000);
    await b.get('/api/mfa-retrieval-options'); // keeps the pending session alive
    const later = await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId });
    expect(later.json().message).toBe(MFA_MSG.TOO_MANY_CODES(7));
    t.clock.advance(7 * 60_000 + 1);
    expect((await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId })).statusCode).toBe(200);
    expect((await b.post('/api/mfa-verify-code', { verificationCode: await latestCode(PHONE) })).statusCode).toBe(200);
  });

  it('lets only 3 of 30 concurrent requests send a code', async () => {
    const { u, b, emailId } = await pending();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => b.post('/api/mfa-choose-delivery-method', { method: 'email', id: emailId })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(27);
    expect(await sentTo(u.id)).toBe(3);
  });

  it('counts the account’s codes across its pending sign-ins, so signing in again gives no more', async () => {
    const first = await pending();
    for (let i = 0; i < 3; i++) await first.b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: first.phoneId });
    const again = await pending(first.u);
    const res = await again.b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: again.phoneId });
    expect(res.statusCode).toBe(429);
    expect(await sentTo(first.u.id)).toBe(3);
  });

  it('never sends to a destination that is not the user’s own, and such a request costs no code', async () => {
    const other = await createContact(db.pool, { email: 'someone.else@example.org', phone: { number: '505-555-0199', smsEnabled: true } });
    const { rows } = await db.pool.query(
      `select (select id from contact_emails where contact_id = $1) as email, (select id from contact_phones where contact_id = $1) as phone`,
      [other.id],
    );
    const { u, b, phoneId } = await pending();
    for (const [method, id] of [['email', rows[0].email], ['sms', rows[0].phone], ['email', phoneId]] as const) {
      const res = await b.post('/api/mfa-choose-delivery-method', { method, id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.NO_ELIGIBLE_MFA);
    }
    const sentElsewhere = await db.pool.query(`select 1 from outbox_messages where recipient in ('someone.else@example.org', '505-555-0199')`);
    expect(sentElsewhere.rowCount).toBe(0);
    expect(await sentTo(u.id)).toBe(0);
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/api/mfa-choose-delivery-method', { method: 'sms', id: phoneId })).statusCode).toBe(200);
    }
  });
});
