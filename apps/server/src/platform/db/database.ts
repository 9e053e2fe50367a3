import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { migrate } from './migrate.ts';

// DATE columns come back as 'YYYY-MM-DD' strings and bigint as numbers: the spec's JSON shapes.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** An existing PostgreSQL 15+; without it an embedded server keeps its data in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** The embedded server's database name. */
  databaseName?: string;
  poolSize?: number;
  log?: (s: string) => void;
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
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20, idleTimeoutMillis: 10 * 60_000 });
  pool.on('error', (e) => {
    // An idle connection ended by the database shutting down (57P01): the pool opens a new one
    // when next needed, and on our own stop it is expected.
    if ((e as { code?: string }).code === '57P01') return;
    log(`database pool error: ${e.message}`);
  });
  let closed: Promise<void> | null = null;
  return {
    pool,
    url,
    embedded,
    close() {
      closed ??= (async () => {
        await pool.end().catch(() => {});
        await embedded?.stop();
      })();
      return closed;
    },
  };
}
