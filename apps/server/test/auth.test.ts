import { MSG } from '@tripline/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
beforeEach(async () => {
  await db.pool.query('delete from login_failures');
});

describe('POST /api/login', () => {
  it('answers 400 without a Basic header', async () => {
    const res = await new Browser(t.app).post('/api/login');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter your user name and password');
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const u = await createContact(db.pool);
    const unknown = await new Browser(t.app).login('nobody-here', PASSWORD);
    const wrong = await new Browser(t.app).login(u.username!, 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MSG.INVALID_CREDENTIALS);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('signs in, sets an HttpOnly SameSite=Lax cookie and answers the user with its id', async () => {
    const u = await createContact(db.pool, { types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
    const b = new Browser(t.app);
    const res = await b.login(u.username!.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, types: ['SecureEmployee'], ldapGroups: ['Dispatch'], su: null });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const me = await b.get('/api/current-user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(u.id);
    const audit = await db.pool.query(`select * from audit_log where activity_type = 'login' and actor_id = $1`, [u.id]);
    expect(audit.rowCount).toBe(1);
  });

  it('gives a new session id at every sign-in and the old one stops working', async () => {
    const u = await createContact(db.pool);
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const first = b.cookies.get('tripline_session')!;
    await b.login(u.username!, PASSWORD);
    expect(b.cookies.get('tripline_session')).not.toBe(first);
    const old = new Browser(t.app);
    old.cookies.set('tripline_session', first);
    expect((await old.get('/api/current-user')).statusCode).toBe(401);
  });
});

describe('GET /api/current-user and POST /api/logout', () => {
  it('answers 401 without a session and after logout', async () => {
    const b = new Browser(t.app);
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
    const u = await createContact(db.pool);
    await b.login(u.username!, PASSWORD);
    const token = b.cookies.get('tripline_session')!;
    expect((await b.post('/api/logout')).statusCode).toBe(200);
    const replay = new Browser(t.app);
    replay.cookies.set('tripline_session', token);
    const res = await replay.get('/api/current-user');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.MUST_LOG_IN);
  });
});

describe("the user's time zone", () => {
  it("is the user's division's, a partner user's partner's when the user has none, else the operator's", async () => {
    const { rows } = await db.pool.query(
      `insert into divisions (code, name, state, time_zone) values ('CA91', 'Fresno', 'CA', 'America/Los_Angeles') returning id`,
    );
    const partner = await createContact(db.pool, { types: ['Affiliate'], username: null });
    await db.pool.query('update contacts set division_id = $1 where id = $2', [rows[0].id, partner.id]);
    const partnerUser = await createContact(db.pool, { types: ['AffiliateEmployee'], parentId: partner.id });
    const staff = await createContact(db.pool, { types: ['SecureEmployee'] });
    const zoneOf = async (u: { username: string | null }) => {
      const b = new Browser(t.app);
      await b.login(u.username!, PASSWORD);
      return (await b.get('/api/current-user')).json().timeZone;
    };
    expect(await zoneOf(partnerUser)).toBe('America/Los_Angeles');
    expect(await zoneOf(staff)).toBe('America/Denver');
  });
});

describe('session limits', () => {
  it('ends a session idle for more than 15 minutes', async () => {
    const u = await createContact(db.pool);
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    t.clock.advance(14 * 60_000);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
    t.clock.advance(14 * 60_000);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    const res = await b.get('/api/current-user');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.SESSION_TIMED_OUT);
  });

  it('ends an active session after 12 hours', async () => {
    const u = await createContact(db.pool);
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    for (let i = 0; i < 12 * 6 - 1; i++) {
      t.clock.advance(10 * 60_000);
      expect((await b.get('/api/current-user')).statusCode).toBe(200);
    }
    t.clock.advance(10 * 60_000);
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
  });
});

describe('sign-in throttle', () => {
  it('answers 429 after 5 failures from one address, while the real user elsewhere still signs in', async () => {
    const u = await createContact(db.pool);
    const attacker = new Browser(t.app, '10.9.9.9');
    for (let i = 0; i < 5; i++) expect((await attacker.login(u.username!, 'guess' + i)).statusCode).toBe(401);
    const blocked = await attacker.login(u.username!, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.TOO_MANY_ATTEMPTS(15));
    const real = await new Browser(t.app, '192.0.2.10').login(u.username!, PASSWORD);
    expect(real.statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await attacker.login(u.username!, PASSWORD)).statusCode).toBe(200);
  });

  it('throttles one account attacked from many addresses for at most the window', async () => {
    const u = await createContact(db.pool);
    for (let i = 0; i < 20; i++) await new Browser(t.app, `10.1.0.${i}`).login(u.username!, 'nope');
    expect((await new Browser(t.app, '192.0.2.44').login(u.username!, PASSWORD)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await new Browser(t.app, '192.0.2.44').login(u.username!, PASSWORD)).statusCode).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    for (let i = 0; i < 50; i++) await new Browser(t.app, '10.2.2.2').login(`someone${i}`, 'nope');
    const u = await createContact(db.pool);
    expect((await new Browser(t.app, '10.2.2.2').login(u.username!, PASSWORD)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
  });
});

describe('CSRF and client version', () => {
  it('refuses a state-changing call with a session cookie but no Origin or client version', async () => {
    const u = await createContact(db.pool);
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    const noOrigin = await b.post('/api/logout', {}, { origin: undefined });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().message).toBe(MSG.CSRF_REFUSED);
    const noVersion = await b.post('/api/logout', {}, { 'x-client-version': undefined });
    expect(noVersion.statusCode).toBe(403);
    const foreign = await b.post('/api/logout', {}, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    // the session survived all three
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
  });

  it('answers 434 to an older client', async () => {
    const res = await new Browser(t.app).get('/api/current-user', { 'x-client-version': '5' });
    expect(res.statusCode).toBe(434);
    expect(res.json().message).toBe(MSG.VERSION_OUT_OF_DATE);
    expect((await new Browser(t.app).get('/api/health', { 'x-client-version': 'abc' })).statusCode).toBe(434);
  });
});
