// The database of a benchmark that runs the portal as its own process: a fresh embedded cluster
// with an empty database (the portal loads the demo data on start), or the seeded folder of
// --data-dir (its database `tripline`, seeded first when it holds no trips). Runs under tsx: the
// embedded cluster is the server's own TypeScript module.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedTrips } from './seed.mjs';

/** The number of trips in the database at `url`, or null when there is no such database. */
async function tripCount(url) {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch (e) {
    if (e.code === '3D000') return null;
    throw e;
  }
  try {
    return (await c.query('select count(*)::int as n from drive_assignments')).rows[0].n;
  } catch (e) {
    if (e.code === '42P01') return 0;
    throw e;
  } finally {
    await c.end();
  }
}

async function createDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}

/**
 * Starts the embedded cluster and answers the portal's database URL; `cleanups` receives what
 * must run at the end (stopping the cluster, removing a temporary folder).
 */
export async function benchDatabase({ dataDir: seededDir, tripsPerDay, days, prefix, cleanups, log }) {
  const { startEmbeddedPostgres } = await import('../../apps/server/src/platform/db/embedded.ts');
  const seeded = Boolean(seededDir);
  const dataDir = seeded ? path.resolve(seededDir) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o755);
  if (!seeded) cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const pgServer = await startEmbeddedPostgres({ dataDir });
  cleanups.push(() => pgServer.stop());
  if (!seeded) {
    await createDatabase(pgServer.url, 'tripline_bench');
    return pgServer.url.replace(/\/postgres$/, '/tripline_bench');
  }
  // the seeded folder's database, as the portal names it; seeded here when it holds no trips
  const dbUrl = pgServer.url.replace(/\/postgres$/, '/tripline');
  const trips = await tripCount(dbUrl);
  if (!trips) {
    if (trips === null) await createDatabase(pgServer.url, 'tripline');
    seedTrips({ tripsPerDay, days, env: { DATABASE_URL: dbUrl, TRIPLINE_BENCH_TSX: '' }, where: dataDir, log });
  }
  return dbUrl;
}
