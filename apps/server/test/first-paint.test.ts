import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebBuild } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

// The portal homes' page arrives with their header and "Loading your trips" in its markup, and the
// build's compressed copies of scripts go to browsers that accept them.

const HOME_PAGE = '<!doctype html><title>Tripline</title><div id="first-paint"><main><div role="status">Loading your trips</div></main></div><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('the first screen '.repeat(200))})`;

let db: TestDatabase;
let app: FastifyInstance;
let bare: FastifyInstance;
const web = fakeWebBuild();
const oldBuild = fakeWebBuild();

beforeAll(async () => {
  fs.writeFileSync(path.join(web, 'portal-home.html'), HOME_PAGE);
  fs.writeFileSync(path.join(web, 'assets', 'entry.js'), SCRIPT);
  fs.writeFileSync(path.join(web, 'assets', 'entry.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(web, 'assets', 'entry.js.gz'), gzipSync(SCRIPT));
  db = await createTestDatabase();
  app = (await buildTestApp(db.pool, undefined, {}, { webDist: web })).app;
  bare = (await buildTestApp(db.pool, undefined, {}, { webDist: oldBuild })).app;
});
afterAll(async () => {
  await app.close();
  await bare.close();
  await db.drop();
  for (const dir of [web, oldBuild]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the portal homes paint before any script runs', () => {
  it('answers the homes with the page that holds their header and status, with or without the last slash', async () => {
    for (const url of ['/passenger-portal/', '/case-manager/', '/passenger-portal', '/case-manager/?daId=5']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HOME_PAGE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('answers every other page address, the homes\' other pages included, with index.html', async () => {
    for (const url of ['/', '/login', '/passenger-portal/new', '/passenger-portal/login', '/case-manager/edit/7', '/admin/trips', '/xpassenger-portal/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><title>Tripline</title>');
    }
  });

  it('falls back to index.html for the homes when the build has no such page', async () => {
    const res = await bare.inject({ url: '/passenger-portal/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><title>Tripline</title>');
  });
});

describe('compressed copies of the build', () => {
  it('sends the Brotli copy to a browser that takes it, as JavaScript', async () => {
    const res = await app.inject({ url: '/assets/entry.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without Brotli, and the file itself to one that takes neither', async () => {
    const gz = await app.inject({ url: '/assets/entry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/entry.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('still sends a file that has no compressed copy', async () => {
    const res = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });
});
