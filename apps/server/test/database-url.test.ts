import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.ts';

describe('DATABASE_URL', () => {
  it('migrates an empty database on an existing server, and a second start changes nothing', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `tripline_url_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    try {
      const first = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
      expect(first.embedded).toBeNull();
      const tables = await first.pool.query(`select count(*)::int n from pg_tables where schemaname = 'public'`);
      expect(tables.rows[0].n).toBeGreaterThan(20);
      await first.close();
      const second = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
      const runs = await second.pool.query('select count(*)::int n from pgmigrations');
      expect(runs.rows[0].n).toBeGreaterThan(0);
      const version = await second.pool.query('show server_version_num');
      expect(Number(version.rows[0].server_version_num)).toBeGreaterThanOrEqual(150000);
      await second.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
