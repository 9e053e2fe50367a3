import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Each run starts the portal on its own port with a fresh embedded database and the demo data.
const port = Number(process.env.E2E_PORT ?? 3100);
// One folder, emptied at each run, so runs never pile up data.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'tripline-e2e-data');
// Workers load this file too: only the main process (no worker index) may empty the folder.
if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755); // reachable by the postgres user when run as root
}
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(os.tmpdir(), 'tripline-e2e-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(os.tmpdir(), 'tripline-e2e.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/build-web-if-missing.mjs && exec node --import tsx ../apps/server/src/main.ts',
    // SIGTERM lets the portal stop its embedded PostgreSQL; a kill would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
  },
});
