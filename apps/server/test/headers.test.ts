import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebBuild } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let db: TestDatabase;
const web = fakeWebBuild('<!doctype html><title>Tripline</title><script type="module" src="/assets/app-1.js"></script>');
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = (await buildTestApp(db.pool, undefined, {}, { webDist: web })).app;
});
afterAll(async () => {
  await app.close();
  await db.drop();
  fs.rmSync(web, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectPortalHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy['script-src'], what).toEqual(["'self'"]);
  expect(policy['script-src-attr'], what).toEqual(["'none'"]);
  expect(policy['style-src'], what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['connect-src'], what).toEqual(["'self'", 'ws://localhost:80', 'wss://localhost:80']);
  expect(policy['default-src'], what).toEqual(["'self'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['frame-ancestors'], what).toEqual(["'none'"]);
  expect(policy['base-uri'], what).toEqual(["'self'"]);
  expect(policy['form-action'], what).toEqual(["'self'"]);
  expect(policy, what).not.toHaveProperty('upgrade-insecure-requests');
  expect(res.headers['permissions-policy'], what).toMatch(/(^|, )camera=\(\)(,|$)/);
  expect(res.headers['permissions-policy'], what).toMatch(/(^|, )geolocation=\(\)(,|$)/);
  expect(res.headers['permissions-policy'], what).toMatch(/(^|, )microphone=\(\)(,|$)/);
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  // served over plain http here: no HSTS
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { host: 'localhost:80', ...headers } });

describe('security headers', () => {
  it('are on index.html, for the root and for a page address', async () => {
    for (const url of ['/', '/admin/trips?serviceDate=2026-11-22']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectPortalHeaders(res, url);
    }
  });

  it('are on an /api answer, on a refusal and on 404s', async () => {
    const answer = await get('/api/openapi.json');
    expect(answer.statusCode).toBe(200);
    expectPortalHeaders(answer, 'openapi');
    const refused = await get('/api/current-user');
    expect(refused.statusCode).toBe(401);
    expectPortalHeaders(refused, '401');
    for (const url of ['/api/no-such-thing', '/assets/missing-1.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectPortalHeaders(res, url);
    }
    expectPortalHeaders(await get('/assets/app-1.js'), 'asset');
  });

  it('name the live socket only for a plain host name', async () => {
    expect(csp(await get('/', { host: 'portal.example.org' }))['connect-src']).toEqual(["'self'", 'ws://portal.example.org', 'wss://portal.example.org']);
    expect(csp(await get('/', { host: 'evil; script-src *' }))).toMatchObject({ 'connect-src': ["'self'"], 'script-src': ["'self'"] });
  });
});

describe('caching of the web app', () => {
  it('checks index.html with the server on every visit, and keeps built files for an hour', async () => {
    for (const url of ['/', '/drive-assv-edit/123']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/assets/app-1.js')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('strict transport security', () => {
  it('is sent where the portal is served over https', async () => {
    const secure = (await buildTestApp(db.pool, undefined, { secureCookies: true })).app;
    const res = await secure.inject({ url: '/api/openapi.json' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    await secure.close();
  });
});
