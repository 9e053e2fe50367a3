import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebBuild } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let db: TestDatabase;
const web = fakeWebBuild();
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

describe('serving the web app', () => {
  it('answers index.html for every page address, so the browser router takes over', async () => {
    for (const url of ['/', '/admin/trips?serviceDate=2026-11-22', '/drive-assv-edit/123']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Tripline</title>');
    }
  });

  it('serves files built after start and answers 404 for missing ones', async () => {
    expect((await app.inject({ url: '/assets/app-1.js' })).statusCode).toBe(200);
    fs.writeFileSync(path.join(web, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject({ url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await app.inject({ url: '/assets/app-0.js' })).statusCode).toBe(404);
  });
});
