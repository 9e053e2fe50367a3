import type PgBoss from 'pg-boss';
import type { PoolClient } from 'pg';
import { deliverNotice, fanOutOccurrences, NOTICE_ATTEMPTS, unqueuedNotices, type NoticeDeps } from './notices.ts';

export const NOTICE_QUEUE = 'event-notice';
/** New occurrences are announced at once; this sweep catches any announcement missed. */
const SWEEP_MS = 15_000;

export interface NoticeQueue {
  /** Makes and queues the notices of new occurrences now (what an announcement does). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Notice delivery on the job queue: each server process listens for new event
 * occurrences, makes their notices (one per occurrence and subscription, whichever process gets
 * there first) and queues one job per notice; pg-boss hands each job to one process and retries a
 * failed send with backoff (30 s doubling). The notice's own claim makes a job that runs twice send once.
 */
export async function startNoticeQueue(boss: PgBoss, deps: NoticeDeps, log: (s: string) => void): Promise<NoticeQueue> {
  const options: PgBoss.Queue = { name: NOTICE_QUEUE, policy: 'short', retryLimit: NOTICE_ATTEMPTS - 1, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };
  // processes starting together may both create the queue: the one that loses a deadlock tries again
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(NOTICE_QUEUE, options);
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01' || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  await boss.work<{ noticeId: string }>(NOTICE_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (job) await deliverNotice(deps, job.data.noticeId);
  });

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const sweep = async () => {
    do {
      again = false;
      const ids = [...(await fanOutOccurrences(deps.pool)), ...(await unqueuedNotices(deps.pool))];
      for (const id of ids) await boss.send(NOTICE_QUEUE, { noticeId: id }, { singletonKey: id });
    } while (again && !stopped);
  };
  const runNow = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = sweep()
      .catch((e: Error) => log(`event notices: ${e.message}`))
      .finally(() => {
        running = null;
      });
    return running;
  };

  let listener: PoolClient | null = null;
  try {
    listener = await deps.pool.connect();
    listener.on('notification', () => void runNow());
    listener.on('error', () => {
      // the sweep carries on without announcements until the next start
      listener?.release(true);
      listener = null;
    });
    await listener.query('LISTEN tripline_event_occurrences');
  } catch (e) {
    log(`event notices: not listening (${(e as Error).message}); sweeping every ${SWEEP_MS / 1000} s`);
  }
  const timer = setInterval(() => void runNow(), SWEEP_MS);
  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      if (listener) {
        await listener.query('UNLISTEN *').catch(() => {});
        listener.release();
      }
    },
  };
}
