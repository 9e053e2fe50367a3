// What the benchmarks that run the portal in their own process share: the seeded database, the
// app on a loopback port with the server's time of each answer, signing in as a demo login, and
// the figures (quantiles). Runs under tsx: the server's modules are TypeScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDataDir } from './seed.mjs';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** p50, p95 and max of a list of times. */
export function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s.at(-1) };
}

export const ms = (v) => `${v.toFixed(1)} ms`;

/**
 * The data folder of --data-dir (kept), or a temporary one seeded from --trips-per-day and --days;
 * a kept folder without trips is seeded first. Answers the open database and how to close it.
 */
export async function openSeededDatabase(args, prefix, log) {
  const { openDatabase } = await import('../../apps/server/src/platform/db/database.ts');
  const dataDir = args['data-dir'] ? path.resolve(args['data-dir']) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const temporary = !args['data-dir'];
  fs.chmodSync(dataDir, 0o755);
  const seed = () => seedDataDir(args, dataDir, temporary, log);
  if (temporary) seed();
  let db = await openDatabase({ dataDir, poolSize: 10 });
  if (!temporary) {
    const { rows } = await db.pool.query('select count(*)::int as n from drive_assignments');
    if (rows[0].n === 0) {
      await db.close();
      seed();
      db = await openDatabase({ dataDir, poolSize: 10 });
    }
  }
  const remove = () => temporary && fs.rmSync(dataDir, { recursive: true, force: true });
  return { db, dataDir, remove };
}

/**
 * The portal's app on a loopback port over `pool`, with the offline geographic services. `serverMs()`
 * is Fastify's time of the last answer: from the request's arrival until its last byte was handed
 * to the socket.
 */
export async function startBenchApp(pool) {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { systemClock } = await import('../../apps/server/src/platform/clock.ts');
  const { outboxMessenger } = await import('../../apps/server/src/platform/providers/messaging.ts');
  const { localFileStore } = await import('../../apps/server/src/platform/providers/files.ts');
  const { geoServices } = await import('../../apps/server/src/platform/providers/geo-services.ts');
  const { CLIENT_VERSION } = await import('@tripline/core');
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-bench-files-'));
  const app = await buildApp({
    pool,
    clock: systemClock,
    messenger: outboxMessenger(pool),
    files: localFileStore(filesDir),
    geo: geoServices(),
    config: { secureCookies: false, appVersion: 'bench' },
  });
  let last = 0;
  // with concurrent clients, each request's own time, by the x-bench-id header it was sent with
  const byId = new Map();
  app.addHook('onResponse', async (req, reply) => {
    last = reply.elapsedTime;
    const id = req.headers['x-bench-id'];
    if (typeof id === 'string') byId.set(id, reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const base = `http://127.0.0.1:${port}`;
  const headers = { origin: base, 'x-client-version': String(CLIENT_VERSION) };
  const close = async () => {
    await app.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  };
  const serverMsOf = (id) => {
    const t = byId.get(id);
    byId.delete(id);
    return t;
  };
  return { app, base, headers, serverMs: () => last, serverMsOf, close };
}

/** Signs in as a demo login and answers the session's cookie header. */
export async function signIn({ base, headers }, username) {
  const { DEMO_PASSWORD } = await import('../../apps/server/src/modules/demo/index.ts');
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { ...headers, authorization: `Basic ${Buffer.from(`${username}:${DEMO_PASSWORD}`).toString('base64')}` },
  });
  if (login.status !== 200) throw new Error(`sign-in as ${username} failed: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
