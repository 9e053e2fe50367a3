import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createPartner, signIn } from './trip-factories.ts';

let db: TestDatabase;
let plain: TestApp;
let tiled: TestApp;
const TILES = { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example Tiles' };

beforeAll(async () => {
  db = await createTestDatabase();
  plain = await buildTestApp(db.pool);
  tiled = await buildTestApp(db.pool, undefined, { mapTiles: TILES });
});
afterAll(async () => {
  await plain.app.close();
  await tiled.app.close();
  await db.drop();
});

describe('GET map-tiles', () => {
  it('answers only a signed-in user', async () => {
    expect((await new Browser(plain.app).get('/api/map-tiles')).statusCode).toBe(401);
  });

  it('says there is no tile server unless one is configured, and the page may load images only from itself', async () => {
    const passenger = await signIn(plain.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    const res = await passenger.get('/api/map-tiles');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: null, attribution: '' });
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('gives a configured tile server and its credit to any signed-in user, and lets the page load its images', async () => {
    const partner = await signIn(tiled.app, (await createPartner(db.pool)).user);
    const res = await partner.get('/api/map-tiles');
    expect(res.json()).toEqual(TILES);
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
  });
});

describe('MAP_TILE_URL', () => {
  it('is read with its credit, and a template the maps cannot use stops the start with a plain message', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: TILES.url, MAP_TILE_ATTRIBUTION: TILES.attribution }).mapTiles).toEqual(TILES);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}.png' })).toThrow('MAP_TILE_URL must be an http or https template with {z}, {x} and {y}');
  });
});
