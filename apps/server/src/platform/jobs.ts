import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import { checkDelayedLegs } from '../modules/event-subscriptions/delayed.ts';
import type { NoticeDeps } from '../modules/event-subscriptions/notices.ts';
import { startNoticeQueue } from '../modules/event-subscriptions/queue.ts';
import { fillStandingOrders } from '../modules/standing-orders/fill.ts';
import { removeUnattachedReceipts } from '../modules/trips/receipts.ts';
import type { AppDeps } from './deps.ts';
import { removeEndedLimits } from './request-limits.ts';

/** Background work on a schedule: a plain function of the time, which tests call with their clock. */
export interface ScheduledJob {
  name: string;
  /** Five-field cron, in UTC. */
  cron: string;
  /** What the count a run answers counts, for the log line: 'removed', 'made'. */
  counts: string;
  run(deps: Pick<AppDeps, 'pool' | 'files' | 'clock'>): Promise<number>;
}

/** Hourly upkeep (receipts no expense took within 24 hours, request-limit windows that ended) and the daily standing-order run. */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: 'receipts-unattached-removal', cron: '17 * * * *', counts: 'removed', run: (deps) => removeUnattachedReceipts(deps, deps.clock.now()) },
  { name: 'request-limits-removal', cron: '47 * * * *', counts: 'removed', run: (deps) => removeEndedLimits(deps.pool, deps.clock.now()) },
  // Daily: standing orders keep their trips made 60 days ahead (10:05 UTC, after midnight in every US zone).
  { name: 'standing-orders-fill', cron: '5 10 * * *', counts: 'trips made', run: (deps) => fillStandingOrders(deps, deps.clock.now()) },
  // Every minute: today's legs whose ETA ran more than 15 minutes past the ordered pickup (TripDelayed).
  { name: 'trip-delayed-check', cron: '* * * * *', counts: 'late legs found', run: (deps) => checkDelayedLegs(deps) },
];

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts the job queue (pg-boss, in the same PostgreSQL, on the server's own pool) and the
 * scheduled jobs. However many server processes run, pg-boss hands each scheduled run to one of
 * them. Only the portal itself starts it; the API tests call the jobs' functions directly.
 */
export async function startScheduledJobs(
  deps: Pick<AppDeps, 'pool' | 'files' | 'clock'>,
  log: (s: string) => void,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
  /** With these, the process also makes and sends event notices (the portal does; most tests do not). */
  notices?: NoticeDeps,
): Promise<JobRunner> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => queryOn(deps.pool, text, values) }, schema: 'pgboss' });
  boss.on('error', (e: Error) => log(`job queue: ${e.message}`));
  await boss.start();
  for (const job of jobs) {
    // one run at a time: a run still going when the next is due makes that one wait its turn
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 });
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, async () => {
      const count = await job.run(deps);
      if (count > 0) log(`${job.name}: ${count} ${job.counts}`);
    });
  }
  const noticeQueue = notices ? await startNoticeQueue(boss, notices, log) : null;
  return {
    async stop() {
      await noticeQueue?.stop();
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
    },
  };
}

/** pg-boss sends some commands as several statements without values; those go as a simple query. */
function queryOn(pool: Pool, text: string, values: unknown[] | undefined) {
  return values && values.length > 0 ? pool.query(text, values) : pool.query(text);
}
