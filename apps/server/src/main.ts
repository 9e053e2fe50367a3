import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { startScheduledJobs, type JobRunner } from './platform/jobs.ts';
import { localFileStore } from './platform/providers/files.ts';
import { geoServices } from './platform/providers/geo-services.ts';
import { messagingServices } from './platform/providers/messaging-services.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoData } from './modules/demo/index.ts';
import { operatorToday } from '@tripline/core';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const log = (s: string) => console.log(`[tripline] ${s}`);
  const started = Date.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });

  let stopping = false;
  let jobs: JobRunner | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping`);
    await jobs?.stop().catch(() => {});
    await app.close().catch(() => {});
    await db.close();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.demoData) {
    await loadDemoData(db.pool, { today: operatorToday(systemClock.now()), log });
  }

  const messenger = messagingServices(config, db.pool);
  const app = await buildApp(
    {
      pool: db.pool,
      database: db.status,
      clock: systemClock,
      messenger,
      files: localFileStore(path.join(config.dataDir, 'files')),
      geo: geoServices(config, log),
      config,
    },
    {
      webDist: config.webDist ?? path.resolve(here, '../../web/dist'),
      logLevel: config.logLevel === 'debug' ? 'info' : 'warn',
      trustProxy: config.trustProxy,
    },
  );
  await app.listen({ port: config.port, host: config.host });
  jobs = await startScheduledJobs({ pool: db.pool, files: localFileStore(path.join(config.dataDir, 'files')), clock: systemClock }, log, undefined, {
    pool: db.pool,
    messenger,
    clock: systemClock,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  const address = `http://localhost:${config.port}`;
  log(`Tripline is running at ${address} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  log(`API description: ${address}/api/docs`);
  if (config.demoData) {
    log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const d of DEMO_LOGINS) log(`  ${d.username.padEnd(14)} ${d.description}`);
  }
}

main().catch((e) => {
  console.error('[tripline] could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
