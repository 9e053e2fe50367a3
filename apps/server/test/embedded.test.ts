import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-embedded-'));
  fs.chmodSync(d, 0o755); // reachable by the postgres user when the tests run as root
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

// The launcher itself is what these check; a run against another server skips them.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded PostgreSQL', () => {
  it('keeps data across restarts', async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, 'create table kept (v text); insert into kept values ($$still here$$)');
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir });
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop();
  });

  it('never initialises over a folder that holds other files', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pg', 'precious.txt'), 'do not delete');
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/holds files but no PostgreSQL cluster/);
    expect(fs.readFileSync(path.join(dataDir, 'pg', 'precious.txt'), 'utf8')).toBe('do not delete');
  });

  it('recovers after the process that started it was killed', async () => {
    const dataDir = tempDir();
    const script = path.join(dataDir, 'start.mts');
    const launcher = path.resolve('src/platform/db/embedded.ts');
    fs.writeFileSync(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(launcher)};
       const s = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
       console.log('READY ' + s.url);
       setInterval(() => {}, 1000);`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error('launcher exited early')));
    });
    await query(url, 'create table survived (n int); insert into survived values (42)');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // the old server is orphaned and its lock file remains; a new start must cope with both
    const again = await startEmbeddedPostgres({ dataDir });
    expect(await query(again.url, 'select n from survived')).toEqual([{ n: 42 }]);
    await again.stop();
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)('runs as root from a folder the postgres user cannot reach', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o700);
    const s = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(s.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      const where = fs.readFileSync(path.join(dataDir, 'cluster-location'), 'utf8').trim();
      expect(where).toBe(s.clusterDir);
    } finally {
      await s.stop();
      fs.rmSync(s.clusterDir, { recursive: true, force: true });
    }
  });
});
