import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/platform/db/embedded.ts';
import { migrate } from '../src/platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: embedded by default, or the server in TEST_DATABASE_URL
 * (used to prove another version, e.g. Debian's PostgreSQL 15). A migrated template database
 * is cloned for each test file.
 */
let embedded: EmbeddedServer | null = null;
let dataDir: string | null = null;
let adminUrl = '';
const template = `tripline_template_${process.pid}`;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-test-'));
    fs.chmodSync(dataDir, 0o755); // reachable by the postgres user when the tests run as root
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query('show server_version');
  console.log(`[test] PostgreSQL ${rows[0].server_version}${embedded ? ' (embedded)' : ''}`);
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  await migrate(adminUrl.replace(/\/[^/?]*(\?|$)/, `/${template}$1`));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
}

export async function teardown(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch(() => {});
  await admin.query(`drop database if exists ${template}`).catch(() => {});
  await admin.end().catch(() => {});
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
