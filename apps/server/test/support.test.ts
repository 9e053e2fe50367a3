import { ANONYMOUS_MESSAGE_LIMIT, MSG, tooManyMessages } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, PASSWORD } from './factories.ts';
import { removeEndedLimits } from '../src/platform/request-limits.ts';

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

async function as(spec: Parameters<typeof createContact>[1]) {
  const u = await createContact(db.pool, spec);
  const b = new Browser(t.app);
  await b.login(u.username!, PASSWORD);
  return b;
}

const detail = 'The trip list stopped loading after I changed the date twice; the spinner kept turning for minutes.';

describe('bug reports', () => {
  it('400 when the description is under 64 characters after trimming, and nothing is stored', async () => {
    const res = await new Browser(t.app).post('/api/bug-report', { description: '   short text   '.padEnd(70, ' '), url: '/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.MORE_DETAIL);
    expect((await db.pool.query('select count(*)::int n from bug_reports')).rows[0].n).toBe(0);
  });

  it('stores a report with the client errors, and staff can read it', async () => {
    const reporter = await as({ types: ['Affiliate'] });
    const exceptions = Array.from({ length: 16 }, (_, i) => ({ at: '2026-11-22T10:00:00Z', message: `error ${i}` }));
    const res = await reporter.post('/api/bug-report', { description: detail, url: '/schedule', exceptions });
    expect(res.statusCode).toBe(200);
    expect((await reporter.get('/api/bug-report')).statusCode).toBe(403);
    const staff = await as({ types: ['SecureEmployee'] });
    const list = (await staff.get('/api/bug-report')).json();
    expect(list[0]).toMatchObject({ description: detail, url: '/schedule' });
    expect(list[0].exceptions).toHaveLength(16);
  });

  it('refuses more than 16 client errors', async () => {
    const exceptions = Array.from({ length: 17 }, () => ({ at: 'now', message: 'e' }));
    expect((await new Browser(t.app).post('/api/bug-report', { description: detail, exceptions })).statusCode).toBe(400);
  });
});

describe('bug reports without signing in, per address', () => {
  const reports = async () => (await db.pool.query('select count(*)::int n from bug_reports')).rows[0].n as number;

  it(`takes ${ANONYMOUS_MESSAGE_LIMIT.max} an hour from one address, then answers 429 and stores nothing`, async () => {
    const anon = new Browser(t.app, '203.0.113.7');
    // a refused report counts too: the limit is on what an address sends
    expect((await anon.post('/api/bug-report', { description: 'too short' })).statusCode).toBe(400);
    for (let i = 1; i < ANONYMOUS_MESSAGE_LIMIT.max; i++) expect((await anon.post('/api/bug-report', { description: detail })).statusCode).toBe(200);
    const before = await reports();
    const refused = await anon.post('/api/bug-report', { description: detail });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', message: tooManyMessages(ANONYMOUS_MESSAGE_LIMIT.windowMs) });
    expect(refused.json().message).toBe('Too many messages from this address. Try again in 60 minutes.');
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await reports()).toBe(before);

    // another address, and a signed-in user at the same address, are not held back
    expect((await new Browser(t.app, '203.0.113.8').post('/api/bug-report', { description: detail })).statusCode).toBe(200);
    const u = await createContact(db.pool, { types: ['Affiliate'] });
    const signedIn = new Browser(t.app, '203.0.113.7');
    await signedIn.login(u.username!, PASSWORD);
    expect((await signedIn.post('/api/bug-report', { description: detail })).statusCode).toBe(200);

    t.clock.advance(30 * 60_000);
    expect((await anon.post('/api/bug-report', { description: detail })).json().message).toBe(tooManyMessages(30 * 60_000));
    t.clock.advance(30 * 60_000);
    expect((await anon.post('/api/bug-report', { description: detail })).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address, and the count is shared by every server process', async () => {
    const first = new Browser(t.app, '2001:db8:1:2::10');
    for (let i = 0; i < ANONYMOUS_MESSAGE_LIMIT.max; i++) expect((await first.post('/api/bug-report', { description: detail })).statusCode).toBe(200);
    expect((await new Browser(t.app, '2001:db8:1:2::99').post('/api/bug-report', { description: detail })).statusCode).toBe(429);
    expect((await new Browser(t.app, '2001:db8:1:3::10').post('/api/bug-report', { description: detail })).statusCode).toBe(200);
    // a second server on the same database sees the same count
    const other = await buildTestApp(db.pool, t.clock);
    expect((await new Browser(other.app, '2001:db8:1:2::10').post('/api/bug-report', { description: detail })).statusCode).toBe(429);
    await other.app.close();
  });

  it('behind a trusted proxy, counts each client by X-Forwarded-For instead of the proxy', async () => {
    const proxied = await buildTestApp(db.pool, t.clock, {}, { trustProxy: true });
    const viaProxy = (client: string) =>
      new Browser(proxied.app, '10.0.0.2').post('/api/bug-report', { description: detail }, { 'x-forwarded-for': client });
    for (let i = 0; i < ANONYMOUS_MESSAGE_LIMIT.max; i++) expect((await viaProxy('192.0.2.50')).statusCode).toBe(200);
    expect((await viaProxy('192.0.2.50')).statusCode).toBe(429);
    expect((await viaProxy('192.0.2.51')).statusCode).toBe(200);
    await proxied.app.close();
  });

  it('forgets windows that ended when the hourly clean-up runs', async () => {
    await new Browser(t.app, '198.51.100.1').post('/api/bug-report', { description: detail });
    const now = t.clock.now();
    const count = async (sql: string) => (await db.pool.query(`select count(*)::int n from request_limits where ${sql}`, [now])).rows[0].n as number;
    const ended = await count('reset_at <= $1');
    const running = await count('reset_at > $1');
    expect(running).toBeGreaterThan(0);
    expect(await removeEndedLimits(db.pool, now)).toBe(ended);
    expect(await count('$1::timestamptz is not null')).toBe(running);
    expect(await removeEndedLimits(db.pool, new Date(now.getTime() + ANONYMOUS_MESSAGE_LIMIT.windowMs))).toBe(running);
    expect(await count('$1::timestamptz is not null')).toBe(0);
  });
});

describe('global contact search', () => {
  it('401, then 400 under 3 characters, then 403 for a partner, then hits for staff', async () => {
    await createContact(db.pool, { name: 'Rosalind Quintana', types: ['Passenger'], username: null });
    expect((await new Browser(t.app).get('/api/global-search?q=Ros')).statusCode).toBe(401);
    const staff = await as({ types: ['SecureEmployee'] });
    const short = await staff.get('/api/global-search?q=Ro');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 3 characters');
    const partner = await as({ types: ['Affiliate'] });
    expect((await partner.get('/api/global-search?q=Ros')).statusCode).toBe(403);
    const hits = (await staff.get('/api/global-search?q=quint')).json();
    expect(hits.map((h: { name: string }) => h.name)).toContain('Rosalind Quintana');
  });

  it('treats wildcard and quote characters as plain text', async () => {
    const staff = await as({ types: ['SecureEmployee'] });
    for (const q of ["%%%", "___", "' or 1=1 --", '\\\\\\']) {
      const res = await staff.get(`/api/global-search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual([]);
    }
  });
});

describe('outbox and API description', () => {
  it('lets only administrators read the outbox', async () => {
    const staff = await as({ types: ['SecureEmployee'] });
    expect((await staff.get('/api/outbox-messages')).statusCode).toBe(403);
    const admin = await as({ adminAccess: true });
    expect((await admin.get('/api/outbox-messages')).statusCode).toBe(200);
  });

  it('serves OpenAPI generated from the contract and a docs page', async () => {
    const b = new Browser(t.app);
    const spec = (await b.get('/api/openapi.json')).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/login'].post.description).toMatch(/Anyone/);
    expect(spec.paths['/api/su'].get.parameters[0].name).toBe('id');
    const page = await b.get('/api/docs');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/mfa-verify-code');
  });
});
