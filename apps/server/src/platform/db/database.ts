import path from 'node:path';
import pg from 'pg';
import { DatabaseStatus, guardPool, isConnectionError } from './availability.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { migrate } from './migrate.ts';
import { EmbeddedSupervisor } from './supervisor.ts';

// DATE columns come back as 'YYYY-MM-DD' strings and bigint as numbers: the spec's JSON shapes.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Settings of every connection the portal opens. JIT compilation is off: the portal asks short
 * questions, and a server that compiles (PostgreSQL with LLVM, JIT on by default) spends hundreds
 * of milliseconds compiling any whose estimated cost passes jit_above_cost, while it holds locks.
 */
export const SESSION_OPTIONS = '-c jit=off';

export interface Database {
  pool: pg.Pool;
  url: string;
  embedded: EmbeddedServer | null;
  /** Whether the database is usable; the pool fails fast with 503 while it is not. */
  status: DatabaseStatus;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** An existing PostgreSQL 15+; without it an embedded server keeps its data in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** The embedded server's database name. */
  databaseName?: string;
  poolSize?: number;
  /** The longest a request waits for a connection before it answers 503 (default 10 s). */
  connectionTimeoutMs?: number;
  log?: (s: string) => void;
}

/** One fresh connection that must answer: the database is usable. */
async function probe(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, application_name: 'tripline-probe' });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.log ?? (() => {});
  let embedded: EmbeddedServer | null = null;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(options.dataDir), log });
    const name = options.databaseName ?? 'tripline';
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
    await admin.end();
    url = embedded.url.replace(/\/postgres$/, `/${name}`);
  }
  try {
    await migrate(url, log);
  } catch (e) {
    await embedded?.stop();
    throw e;
  }
  // Idle connections stay open for a while: a new one is a new PostgreSQL backend, which reads the
  // catalog and plans the large trip queries afresh (a few hundred ms on a day's first fetch).
  // A request waits for a connection at most connectionTimeoutMs, then answers 503.
  const timeoutMs = options.connectionTimeoutMs ?? 10_000;
  const pool = new pg.Pool({ connectionString: url, options: SESSION_OPTIONS, max: options.poolSize ?? 20, idleTimeoutMillis: 10 * 60_000, connectionTimeoutMillis: timeoutMs });
  const dbUrl = url;
  const status = new DatabaseStatus({ probe: () => probe(dbUrl, Math.min(timeoutMs, 5_000)), log });
  guardPool(pool, status);
  pool.on('error', (e) => {
    // An idle connection ended by the database going away: the pool opens a new one when next
    // needed; whether the database itself is gone is the status's to find out (and log, once).
    if (isConnectionError(e)) status.report(e);
    else log(`database pool error: ${e.message}`);
  });
  const supervised = embedded ? new EmbeddedSupervisor(embedded, { dataDir: options.dataDir, status, log }) : null;
  let closed: Promise<void> | null = null;
  return {
    pool,
    url,
    embedded: supervised,
    status,
    close() {
      closed ??= (async () => {
        status.stop();
        await pool.end().catch(() => {});
        await supervised?.stop();
      })();
      return closed;
    },
  };
}
