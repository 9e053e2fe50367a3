import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { SCHEDULED_JOBS, startScheduledJobs } from '../src/platform/jobs.ts';
import { localFileStore } from '../src/platform/providers/files.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('scheduled jobs', () => {
  it('start the job queue on the server’s own pool and schedule each job hourly, in UTC', async () => {
    const logged: string[] = [];
    const files = localFileStore('/nonexistent-tripline-files');
    const runner = await startScheduledJobs({ pool: db.pool, files, clock: new ManualClock() }, (s) => logged.push(s));
    try {
      const { rows } = await db.pool.query('select name, cron, options from pgboss.schedule order by name');
      expect(rows.map((r) => [r.name, r.cron])).toEqual(
        SCHEDULED_JOBS.map((j) => [j.name, j.cron]).sort((a, b) => a[0].localeCompare(b[0])),
      );
      expect(rows.every((r) => r.options.tz === 'UTC')).toBe(true);
      const queues = await db.pool.query('select name, policy from pgboss.queue order by name');
      expect(queues.rows).toEqual(expect.arrayContaining(SCHEDULED_JOBS.map((j) => ({ name: j.name, policy: 'singleton' }))));
    } finally {
      await runner.stop();
    }
    expect(logged.filter((l) => l.startsWith('job queue'))).toEqual([]);
  });
});
