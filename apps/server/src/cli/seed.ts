/**
 * Large-data seed: loads the demo operator into an empty database, then adds bulk trips for load
 * and performance testing.
 *
 *   npm run seed -- --trips-per-day 27000 --days 37
 *
 * Uses the same configuration as the server (DATA_DIR for the embedded database, or
 * DATABASE_URL). The generated days end 7 days after today, like the demo data, so the newest
 * trips are upcoming and the rest lie in the past with stats, pay statuses and cancellations.
 */
import { parseArgs } from 'node:util';
import { operatorToday } from '@tripline/core';
import { loadConfig } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { addDays } from '../modules/demo/calendar.ts';
import { DAYS_AHEAD, generateTrips, loadDemoData } from '../modules/demo/index.ts';

const USAGE = `Usage: npm run seed -- --trips-per-day N --days D [--seed S]

Loads the demo operator if the database is empty, then adds N trips a day for D days
ending ${DAYS_AHEAD} days from today, with their legs.

Options:
  --trips-per-day N  trips to add per service day (positive integer)
  --days D           number of service days (positive integer)
  --seed S           seed of the generated trips (positive integer, default 1);
                     the same seed and dates give the same trips
  -h, --help         show this help

Environment: DATA_DIR (embedded database folder, default ./data) or DATABASE_URL.`;

function log(s: string): void {
  console.log(`[seed] ${s}`);
}

function fail(message: string): never {
  console.error(`[seed] ${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInteger(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    fail(`--${name} is required`);
  }
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
    fail(`--${name} must be a positive integer, not "${value}"`);
  }
  return Number(value);
}

function parse(): { tripsPerDay: number; days: number; seed: number } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        'trips-per-day': { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    tripsPerDay: positiveInteger('trips-per-day', values['trips-per-day'] as string | undefined),
    days: positiveInteger('days', values.days as string | undefined),
    seed: positiveInteger('seed', values.seed as string | undefined, 1),
  };
}

async function main(): Promise<void> {
  const args = parse();
  const config = loadConfig();
  const started = performance.now();
  const today = operatorToday(new Date());
  const startDate = addDays(today, DAYS_AHEAD - (args.days - 1));
  const endDate = addDays(startDate, args.days - 1);

  let db: Database | null = null;
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) return;
    interrupted = true;
    // batches already written stay; the embedded server must still be shut down cleanly
    log('Interrupted; closing the database');
    void (db?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  });

  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const { loaded } = await loadDemoData(db.pool, { today, log });
    if (!loaded) log('The database already holds data; adding trips to it');
    const total = args.tripsPerDay * args.days;
    log(`Adding ${total.toLocaleString('en-US')} trips, ${args.tripsPerDay.toLocaleString('en-US')} a day from ${startDate} to ${endDate}`);
    const result = await generateTrips(db.pool, {
      tripsPerDay: args.tripsPerDay,
      days: args.days,
      startDate,
      today,
      seed: args.seed,
      log,
    });
    const secs = (performance.now() - started) / 1000;
    log(
      `Added ${result.trips.toLocaleString('en-US')} trips with ${result.legs.toLocaleString('en-US')} legs ` +
        `(reference numbers ${result.firstReference}–${result.lastReference})`,
    );
    log(`Elapsed: ${Math.floor(secs / 60)} min ${(secs % 60).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(`[seed] failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
