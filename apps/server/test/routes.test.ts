import { contract, type Endpoint } from '@tripline/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseUndeclaredRoutes } from '../src/platform/http.ts';
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

describe('route table', () => {
  it('refuses to start with an /api route that does not declare who may call it', async () => {
    const app = Fastify();
    refuseUndeclaredRoutes(app);
    expect(() => app.get('/api/secret', async () => 'x')).toThrow(/does not declare who may call it/);
    await app.close();
  });

  it('registers every contract endpoint exactly where the contract says', async () => {
    for (const ep of Object.values(contract) as Endpoint[]) {
      expect(t.app.hasRoute({ method: ep.method, url: `/api/${ep.path}` }), `${ep.method} /api/${ep.path}`).toBe(true);
    }
  });

  it('answers 401 for every non-public endpoint without a session, and never 401 for a public one', async () => {
    const b = new Browser(t.app);
    for (const ep of Object.values(contract) as Endpoint[]) {
      const res = await b.request(ep.method, `/api/${ep.path}`, { body: ep.method === 'GET' ? undefined : {} });
      if ('public' in ep.access) expect(res.statusCode, ep.path).not.toBe(403);
      else expect(res.statusCode, `${ep.method} ${ep.path}`).toBe(401);
    }
  });

  it('answers 403 for role-restricted endpoints to a signed-in user without the role', async () => {
    const u = await createContact(db.pool, { types: ['Passenger', 'S/N Passenger'] });
    const b = new Browser(t.app);
    await b.login(u.username!, PASSWORD);
    // the passenger's own portal endpoints are theirs to call
    const restricted = (Object.values(contract) as Endpoint[]).filter((ep) => 'roles' in ep.access && !ep.access.roles.includes('S/N Passenger'));
    expect(restricted.length).toBeGreaterThan(0);
    for (const ep of restricted) {
      const url = `/api/${ep.path}` + (ep.method === 'GET' ? '?q=abcd&id=100001' : '');
      const res = await b.request(ep.method, url, { body: ep.method === 'GET' ? undefined : {} });
      expect([400, 403], `${ep.method} ${ep.path}`).toContain(res.statusCode);
    }
  });

  it('answers unknown API addresses with 404 in the error shape', async () => {
    const res = await new Browser(t.app).get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', requestId: expect.any(String) });
  });
});
