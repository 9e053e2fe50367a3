// The server's modules are TypeScript: a benchmark that uses them in its own process runs itself
// again under tsx (with --expose-gc, so it can collect between timed blocks) and exits as that run did.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Returns when already running under tsx; otherwise runs the script at `scriptUrl` again under it and exits. */
export function runUnderTsx(scriptUrl) {
  if (process.env.TRIPLINE_BENCH_TSX) return;
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TRIPLINE_BENCH_TSX: '1' },
  });
  process.exit(r.status ?? 1);
}
