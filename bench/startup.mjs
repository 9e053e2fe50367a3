// Start-up budget (README quick start): a fresh clone serves the portal with demo data in under a minute.
// Measures the time from process start to a healthy /api/health, on a fresh DATA_DIR (cold: cluster
// creation, migrations, demo data) and again on the same folder (warm).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-bench-start-'));
fs.chmodSync(dataDir, 0o755);
const port = 3900;

async function once(label) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error('no answer within 2 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  child.kill('SIGTERM');
  await exited;
  console.log(`${label}: ready in ${(ms / 1000).toFixed(2)} s (budget 60 s)`);
  return ms;
}

try {
  await once('cold start (new cluster, migrations, demo data)');
  await once('warm start (existing data)');
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
