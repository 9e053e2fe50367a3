import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: a plain JavaScript module shared with the benchmarks
import { fillPartnerDay as fill } from '../../bench/lib/partner-day.mjs';

/**
 * The journeys' own database: the embedded PostgreSQL the portal under test started in its data
 * folder (playwright.config.ts), reached with the password and port it keeps there. For journeys
 * that need more data than the demo holds (a 2,000-trip day, a 12,000-match search).
 */
export async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'tripline-e2e-data');
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const moved = path.join(dataDir, 'cluster-location');
  const clusterDir = fs.existsSync(moved) ? fs.readFileSync(moved, 'utf8').trim() : path.join(dataDir, 'pg');
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const db = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/tripline` });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** The company of a demo partner login (its parent contact). */
export async function partnerCompanyOf(db: pg.Client, username: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select parent_id as id from contacts where username = $1', [username]);
  if (!rows[0]) throw new Error(`no user ${username}`);
  return rows[0].id;
}

/** Gives a partner exactly `trips` trips on `day` (bench/lib/partner-day.mjs). */
export function fillPartnerDay(db: pg.Client, options: { partnerId: string; day: string; trips: number }): Promise<{ trips: number; legs: number }> {
  return fill(db, options);
}
