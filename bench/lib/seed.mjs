// Seeds generated trips with the portal's own seed command (`npm run seed`), for the benchmarks
// that run on a million trips. `env` names the database: DATA_DIR (embedded) or DATABASE_URL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function seedTrips({ tripsPerDay, days, env, where, log }) {
  log(`seeding ${tripsPerDay} trips a day for ${days} days into ${where}`);
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/seed.ts', '--trips-per-day', String(tripsPerDay), '--days', String(days)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  if (r.status !== 0) throw new Error('seeding failed');
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Seeds the embedded database of `dataDir` from the --trips-per-day and --days options. */
export function seedDataDir(args, dataDir, temporary, log) {
  seedTrips({
    tripsPerDay: args['trips-per-day'],
    days: args.days,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    where: temporary ? 'a fresh database' : dataDir,
    log,
  });
}
