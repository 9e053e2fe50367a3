// Runs the benchmarks named on the command line (all when none): node run.mjs startup live-fanout trips-day-list
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const all = ['startup', 'live-fanout', 'trips-day-list', 'home-render', 'trip-search'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
let failed = false;
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: 'inherit' });
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
