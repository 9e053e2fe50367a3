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

async function signedIn(spec: Parameters<typeof createContact>[1]) {
  const u = await createContact(db.pool, spec);
  const b = new Browser(t.app);
  expect((await b.login(u.username!, PASSWORD)).statusCode).toBe(200);
  return { u, b };
}

describe('GET /api/su', () => {
  it('401 without a session', async () => {
    expect((await new Browser(t.app).get('/api/su?id=100001')).statusCode).toBe(401);
  });

  it('400 without an id', async () => {
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    const res = await b.get('/api/su');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing required contact id');
  });

  it('403 for a partner user, who stays themselves', async () => {
    const target = await createContact(db.pool, { types: ['Passenger'], username: null });
    const { u, b } = await signedIn({ types: ['Affiliate'] });
    expect((await b.get(`/api/su?id=${target.id}`)).statusCode).toBe(403);
    expect((await b.get('/api/current-user')).json().id).toBe(u.id);
  });

  it('404 for an unknown contact', async () => {
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    expect((await b.get('/api/su?id=99999999')).statusCode).toBe(404);
  });

  it('refuses to let staff become an administrator', async () => {
    const admin = await createContact(db.pool, { adminAccess: true });
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    expect((await b.get(`/api/su?id=${admin.id}`)).statusCode).toBe(403);
  });

  it('impersonates by id or contact number, records both people, and ends at logout', async () => {
    const partner = await createContact(db.pool, { name: 'Mesa Rides', types: ['Affiliate'], username: null });
    const target = await createContact(db.pool, { name: 'Pat Driver', types: ['Affiliate'], parentId: partner.id });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'], name: 'Sam Staff' });
    const res = await b.get(`/api/su?id=${target.contactNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.NOW_LOGGED_IN_AS('Pat Driver'));
    const me = (await b.get('/api/current-user')).json();
    expect(me).toMatchObject({ id: target.id, partnerId: partner.id, partnerName: 'Mesa Rides', su: { id: staff.id, name: 'Sam Staff' } });
    const audit = await db.pool.query(`select actor_id, record_id from audit_log where activity_type = 'su'`);
    expect(audit.rows).toContainEqual({ actor_id: staff.id, record_id: target.id });
    // a second su while impersonating is refused
    expect((await b.get(`/api/su?id=${staff.id}`)).statusCode).toBe(403);
    await b.post('/api/logout');
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
    const ended = await db.pool.query(`select actor_id, record_id from audit_log where activity_type = 'su-end'`);
    expect(ended.rows).toContainEqual({ actor_id: staff.id, record_id: target.id });
  });
});
