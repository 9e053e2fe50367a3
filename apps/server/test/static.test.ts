import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { localFileStore } from '../src/platform/providers/files.ts';
import { outboxMessenger } from '../src/platform/providers/messaging.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let db: TestDatabase;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-web-'));
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase();
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tripline</title>');
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'app-1.js'), 'console.log(1)');
  app = await buildApp(
    {
      pool: db.pool,
      clock: new ManualClock(),
      messenger: outboxMessenger(db.pool),
      files: localFileStore(path.join(web, 'files')),
      config: { secureCookies: false, appVersion: 't' },
    },
    { webDist: web },
  );
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
