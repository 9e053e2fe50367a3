import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-life-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('the portal process', () => {
  it('starts with the embedded database and demo data, serves again after the database is killed, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/main.ts')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIST: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    while (!out.includes('Tripline is running') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(out).toContain('Tripline is running');
    expect(out).toMatch(/dispatcher\s+SecureEmployee/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // The embedded postmaster dies: the portal answers 503, starts it again and serves on.
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    let sawDown = false;
    let back = false;
    const until = Date.now() + 30_000;
    while (Date.now() < until && !back) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(20_000) });
      sawDown ||= res.status === 503;
      back = sawDown && res.status === 200;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect({ sawDown, back }).toEqual({ sawDown: true, back: true });
    expect(out.match(/The database is not reachable/g)).toHaveLength(1);
    expect(out.match(/The database is reachable again/g)).toHaveLength(1);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('stopped');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  });
});
