import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import '../src/platform/db/database.ts'; // type parsers
import { SESSION_OPTIONS } from '../src/platform/db/database.ts';

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
  const pool = quietOnRemoval(new pg.Pool({ connectionString: url, options: SESSION_OPTIONS, max: 10 }));
  return {
    pool,
    url,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A pool whose connections may be ended by the server once it is ending: pool.end() resolves before
 * its clients' sockets have closed, and dropping the database then ends those connections from the
 * server's side (57P01). A client already let go would throw that as an uncaught error, and an idle
 * one reports it on the pool, which would throw it for want of a listener; both are ignored once the
 * pool is ending (before that, an error on the pool is thrown as usual).
 */
export function quietOnRemoval(pool: pg.Pool): pg.Pool {
  pool.on('remove', (client) => client.on('error', () => {}));
  pool.on('error', (e) => {
    if (!pool.ending) throw e;
  });
  return pool;
}
