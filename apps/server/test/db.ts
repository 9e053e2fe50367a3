import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import '../src/platform/db/database.ts'; // type parsers

export interface TestDatabase {
  pool: pg.Pool;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `tripline_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const pool = quietOnRemoval(new pg.Pool({ connectionString: url, max: 10 }));
  return {
    pool,
    url,
    async drop() {
      // pool.end() resolves while its clients are still closing; dropping the database then ends
      // them from the server's side (57P01), which an idle client reports on the pool: nothing to report
      pool.on('error', () => {});
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A pool whose clients, once let go, ignore errors: pool.end() resolves before its clients' sockets
 * have closed, and dropping the database then ends those connections from the server's side
 * (57P01), which a client no longer watched by its pool would throw as an uncaught error.
 */
export function quietOnRemoval(pool: pg.Pool): pg.Pool {
  pool.on('remove', (client) => client.on('error', () => {}));
  return pool;
}

