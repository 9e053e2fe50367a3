import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION, LIVE_CLOSE_TRY_AGAIN_LATER, MSG, type FilterNode } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import type { EmbeddedSupervisor } from '../src/platform/db/supervisor.ts';
import { localFileStore } from '../src/platform/providers/files.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { outboxMessenger } from '../src/platform/providers/messaging.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { signIn } from './trip-factories.ts';
import { HttpSession, insertTrip, type Served } from './live-helpers.ts';

/**
 * Losing the database: the portal on an embedded PostgreSQL of its own (whatever server the rest
 * of the suite uses), whose postmaster is killed with SIGKILL while writes are in flight.
 */
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(d, 0o755); // reachable by the postgres user when the tests run as root
  dirs.push(d);
  return d;
};

const DAY = '2026-11-24';
const tree = (value: string): FilterNode => ({ logicalOp: 'and', filters: [{ key: 'flag', op: 'eq', value }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Each kill test starts a PostgreSQL of its own and the portal on it: slow on a busy machine.
const KILL_TEST_MS = 180_000;

async function until<T>(what: string, limitMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const got = await attempt();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(25);
  }
}

/** The portal's pieces as main.ts puts them together, listening on loopback, with one signed-in staff user. */
interface Portal {
  db: Database;
  app: FastifyInstance;
  served: Served;
  staff: HttpSession;
  logs: string[];
  get(pathname: string, signedIn?: boolean): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function startPortal(options: Omit<DatabaseOptions, 'log'>): Promise<Portal> {
  const logs: string[] = [];
  const db = await openDatabase({ ...options, poolSize: 8, log: (line) => logs.push(line) });
  const clock = new ManualClock();
  const filesDir = tempDir('tripline-dbloss-files-');
  const files = localFileStore(filesDir);
  // A built web app of two files: the page and its script.
  const webDist = tempDir('tripline-dbloss-web-');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tripline</title><script src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("tripline");');
  const deps = { pool: db.pool, database: db.status, clock, messenger: outboxMessenger(db.pool), files, geo: geoServices(), config: { secureCookies: false, appVersion: 'test' } };
  const app = await buildApp(deps, { webDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const served: Served = { app, clock, files, filesDir, base, origin: base };
  const user = await createContact(db.pool, { types: ['SecureEmployee'] });
  const staff = await HttpSession.signIn(served, user.username!);
  return {
    db,
    app,
    served,
    staff,
    logs,
    // A generous limit: a request that hangs instead of answering fails the test.
    async get(pathname, signedIn = false) {
      const headers: Record<string, string> = signedIn ? { cookie: staff.cookie, 'x-client-version': String(CLIENT_VERSION), origin: base } : {};
      const res = await fetch(`${base}${pathname}`, { headers, signal: AbortSignal.timeout(20_000) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

const portals: Portal[] = [];
afterAll(async () => {
  for (const p of portals) await p.close().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const postmasterPid = (clusterDir: string) => Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const save = (p: Portal, name: string) => p.staff.request('POST', '/api/canned-query', { name: `dbloss-name ${name}`, json: tree('A') });
const UNREACHABLE = { error: 'database_unreachable', message: MSG.DATABASE_UNREACHABLE, requestId: expect.any(String) };

/** Sees health answer 503 { ok: false } and a signed-in request answer the 503 of the one error shape. */
async function seeOutage(p: Portal): Promise<void> {
  let sawHealth = false;
  let sawApi = false;
  const page = (pathname: string) => fetch(`${p.served.base}${pathname}`, { signal: AbortSignal.timeout(20_000) }).then(async (r) => `${r.status} ${await r.text()}`);
  await until('a 503 from health and from the API', 30_000, async () => {
    const [health, api, index, script, route] = await Promise.all([
      p.get('/api/health'),
      p.get('/api/canned-queries', true),
      page('/'),
      page('/assets/app.js'),
      page('/admin/trips'),
    ]);
    if (health.status === 503) {
      expect(health.json).toMatchObject({ ok: false });
      // The page itself still loads, so the browser can show what is wrong and try again.
      expect(index).toMatch(/^200 <!doctype html>/);
      expect(route).toMatch(/^200 <!doctype html>/);
      expect(script).toBe('200 console.log("tripline");');
      sawHealth = true;
    }
    if (api.status === 503) {
      expect(api.json).toEqual(UNREACHABLE);
      sawApi = true;
    }
    return sawHealth && sawApi ? true : undefined;
  });
}

/** Every acknowledged write is there, through the API and in the table. */
async function expectWrites(p: Portal, acknowledged: string[]): Promise<void> {
  const listed = await p.get('/api/canned-queries', true);
  expect(listed.status).toBe(200);
  const ids = new Set((listed.json as unknown as { id: string }[]).map((q) => q.id));
  for (const id of acknowledged) expect(ids.has(id), `acknowledged write ${id}`).toBe(true);
  const stored = await p.db.pool.query('select id from canned_queries where id = any($1)', [acknowledged]);
  expect(stored.rowCount).toBe(acknowledged.length);
}

/** Live updates flow again: the LISTEN connection is back and a new trip reaches a new socket. */
async function expectLiveAgain(p: Portal): Promise<void> {
  await until('LISTEN again', 30_000, async () => (p.app.live.stats().listening ? true : undefined));
  const again = await p.staff.live();
  await again.fetch('day', 'SyncDriveAssv', { pickupDate: DAY });
  const tripId = await insertTrip(p.db.pool, { date: DAY });
  const change = await again.next('FoundSetChanged', (m) => m.subscriptionId === 'day' && m.added.some((r) => (r as { id: string }).id === tripId), 30_000);
  expect(change.added).toHaveLength(1);
  await again.close();
}

/** The outage and the recovery are logged once each, with nothing a user typed in them. */
function expectLoggedOnce(p: Portal): void {
  expect(p.logs.filter((l) => l.startsWith('The database is not reachable'))).toHaveLength(1);
  expect(p.logs.filter((l) => l.startsWith('The database is reachable again'))).toHaveLength(1);
  expect(p.logs.join('\n')).not.toContain('dbloss-name');
}

describe('losing the embedded database', () => {
  it('answers 503 while it is gone, starts it again, and serves every acknowledged write', async () => {
    const p = await startPortal({ dataDir: tempDir('tripline-dbloss-') });
    portals.push(p);
    expect(await p.get('/api/health')).toMatchObject({ status: 200, json: { ok: true } });
    const live = await p.staff.live();
    await live.fetch('day', 'SyncDriveAssv', { pickupDate: DAY });

    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await save(p, `before ${i}`);
      expect(res.status).toBe(200);
      acknowledged.push(res.json.id);
    }

    // Under load: the postmaster dies while writes are in flight; each is acknowledged or a 503.
    const inFlight = Array.from({ length: 16 }, (_, i) => save(p, `during ${i}`));
    await Promise.race(inFlight);
    const killedAt = Date.now();
    process.kill(postmasterPid(p.db.embedded!.clusterDir), 'SIGKILL');

    expect(await live.closed).toEqual({ code: LIVE_CLOSE_TRY_AGAIN_LATER, reason: MSG.DATABASE_UNREACHABLE });
    for (const res of await Promise.all(inFlight)) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 200) acknowledged.push(res.json.id);
      else expect(res.json).toEqual(UNREACHABLE);
    }
    expect(acknowledged.length).toBeGreaterThan(5);

    await seeOutage(p);
    // Then it serves again, without a restart of the portal, within 30 s of the kill.
    await until('the portal serving again', 30_000 - (Date.now() - killedAt), async () => ((await p.get('/api/health')).status === 200 ? true : undefined));
    expect(Date.now() - killedAt).toBeLessThanOrEqual(30_000);
    await expectWrites(p, acknowledged);
    expect((await save(p, 'after')).status).toBe(200);
    await expectLiveAgain(p);
    expectLoggedOnce(p);
    expect((p.db.embedded as EmbeddedSupervisor).restarts).toBe(1);
  }, KILL_TEST_MS);
});

describe('losing a database given by DATABASE_URL', () => {
  it('answers 503 while it is gone and serves again once it is back, reconnecting on its own', async () => {
    const dataDir = tempDir('tripline-dbloss-url-');
    const server = await startEmbeddedPostgres({ dataDir });
    const p = await startPortal({ databaseUrl: server.url, dataDir: '/nonexistent' });
    portals.push(p);
    expect(p.db.embedded).toBeNull();
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await save(p, `url ${i}`)).json.id);

    process.kill(postmasterPid(server.clusterDir), 'SIGKILL');
    await server.exited;
    await seeOutage(p);

    // Whoever runs that server starts it again; the portal finds it by itself.
    const restarted = await startEmbeddedPostgres({ dataDir, port: server.port });
    try {
      await until('the portal serving again', 30_000, async () => ((await p.get('/api/health')).status === 200 ? true : undefined));
      await expectWrites(p, acknowledged);
      await expectLiveAgain(p);
      expectLoggedOnce(p);
    } finally {
      await p.close();
      await restarted.stop();
    }
  }, KILL_TEST_MS);
});

describe('the error handler', () => {
  let tdb: TestDatabase;
  let t: TestApp;
  let failWith: unknown = null;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    // The same pool, except that a query fails with the error the test chooses.
    const query = tdb.pool.query.bind(tdb.pool) as (...args: unknown[]) => Promise<unknown>;
    const failing = Object.create(tdb.pool) as typeof tdb.pool;
    failing.query = ((...args: unknown[]) => (failWith ? Promise.reject(failWith) : query(...args))) as typeof failing.query;
    failing.connect = tdb.pool.connect.bind(tdb.pool) as typeof failing.connect;
    t = await buildTestApp(failing);
  });
  afterAll(async () => {
    await t?.app.close();
    await tdb?.drop();
  });

  const coded = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['ECONNREFUSED', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', coded('ECONNRESET', 'read ECONNRESET')],
    ['57P01 admin_shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['57P03 cannot_connect_now', coded('57P03', 'the database system is starting up')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a connection that never came', new Error('timeout exceeded when trying to connect')],
  ])('answers 503 in the one error shape for %s', async (_name, err) => {
    const staff = await signIn(t.app, await createContact(tdb.pool, { types: ['SecureEmployee'] }));
    failWith = err;
    try {
      const res = await staff.get('/api/canned-queries');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNREACHABLE);
      const health = await staff.get('/api/health');
      expect(health.statusCode).toBe(503);
    } finally {
      failWith = null;
    }
  });

  it('keeps other database failures a 500 without their text', async () => {
    const staff = await signIn(t.app, await createContact(tdb.pool, { types: ['SecureEmployee'] }));
    failWith = coded('42601', 'syntax error at or near "Jane"');
    try {
      const res = await staff.get('/api/canned-queries');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'server_error', message: 'The server could not complete the request', requestId: expect.any(String) });
    } finally {
      failWith = null;
    }
    expect((await staff.get('/api/canned-queries')).statusCode).toBe(200);
  });
});
