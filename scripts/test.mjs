// The whole test suite: typecheck, lint, unit tests, API tests against embedded PostgreSQL 18 and,
// when Debian's PostgreSQL 15 is installed, against it too; the web build; browser journeys.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args, { env = {}, cwd = root, report } = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (report && fs.existsSync(report)) {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    if (typeof j.numPassedTests === 'number') {
      totals.passed += j.numPassedTests;
      totals.failed += j.numFailedTests;
      totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    } else if (j.stats) {
      totals.passed += j.stats.expected ?? 0;
      totals.failed += (j.stats.unexpected ?? 0) + (j.stats.flaky ?? 0);
      totals.skipped += j.stats.skipped ?? 0;
    }
  }
  if (r.status !== 0) failures.push(name);
}

function vitest(name, dir, env = {}) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  step(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: path.join(root, dir), env, report });
}

/**
 * Debian's PostgreSQL 15 for the second database run: answers a superuser URL for a throwaway
 * role, or null. Whatever this starts (the cluster, the role) is undone by `postgres15Done`.
 */
const pg15State = { startedCluster: false, createdRole: false };
function postgres15() {
  if (process.env.TEST_PG15_URL) return process.env.TEST_PG15_URL;
  if (!fs.existsSync('/usr/lib/postgresql/15/bin/postgres') || process.getuid?.() !== 0) return null;
  try {
    const wasRunning = spawnSync('pg_ctlcluster', ['15', 'main', 'status'], { stdio: 'ignore' }).status === 0;
    if (!wasRunning) {
      const r = spawnSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore' });
      if (r.status !== 0) throw new Error('pg_ctlcluster 15 main start failed');
      pg15State.startedCluster = true;
    }
    const port = psql15('show port', { encoding: 'utf8' }).trim();
    const password = `t${randomBytes(12).toString('hex')}`;
    // A role left by an interrupted run is taken over and dropped at the end like a new one.
    psql15(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'tripline_test') then create role tripline_test login superuser; end if;
    end $$; alter role tripline_test password '${password}'`);
    pg15State.createdRole = true;
    return `postgres://tripline_test:${password}@127.0.0.1:${port}/postgres`;
  } catch (e) {
    console.log(`PostgreSQL 15 could not be used: ${e.message}`);
    postgres15Done();
    return null;
  }
}

function psql15(sql, options = { stdio: 'ignore' }) {
  return execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-XAtqc', sql], options);
}

/** Leaves Debian's PostgreSQL 15 as the suite found it: the test role dropped, the cluster stopped if it was started here. */
function postgres15Done() {
  try {
    if (pg15State.createdRole) {
      // The API tests drop their databases; anything a failed run left behind goes with the role.
      const leftovers = psql15(`select datname from pg_database d join pg_roles r on r.oid = d.datdba where r.rolname = 'tripline_test'`, { encoding: 'utf8' })
        .split('\n').filter(Boolean);
      for (const db of leftovers) psql15(`drop database if exists "${db}" with (force)`);
      psql15('drop role if exists tripline_test');
    }
  } catch (e) {
    console.log(`The PostgreSQL 15 test role could not be dropped: ${e.message}`);
  }
  if (pg15State.startedCluster) spawnSync('pg_ctlcluster', ['15', 'main', 'stop'], { stdio: 'ignore' });
  pg15State.createdRole = pg15State.startedCluster = false;
}

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('lint', 'npx', ['oxlint', '--deny-warnings', 'packages', 'apps', 'e2e', 'bench', 'scripts']);
vitest('core unit tests', 'packages/core');
vitest('web unit tests', 'apps/web');
vitest('API tests (embedded PostgreSQL 18)', 'apps/server');
const pg15 = postgres15();
if (pg15) {
  vitest('API tests (PostgreSQL 15)', 'apps/server', { TEST_DATABASE_URL: pg15 });
  postgres15Done();
}
else console.log('\n(Debian PostgreSQL 15 is not installed here: the second database run is skipped)');
step('web build', 'npm', ['run', 'build', '-w', 'apps/web']);
// What /passenger-portal/ downloads first: within its budget, without maps, charts or staff screens.
step('passenger portal first download', process.execPath, ['bench/initial-js.mjs', 'apps/web/dist']);
const e2eReport = path.join(reports, 'e2e.json');
step('browser journeys (Chromium)', 'npx', ['playwright', 'test'], {
  cwd: path.join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: e2eReport,
});

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
