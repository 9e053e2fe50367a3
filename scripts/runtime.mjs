// Runs Node.js with the given arguments on the runtime the portal supports: Node.js 24, the
// current LTS. Where the machine's own Node is older, `npm ci` has brought Node 24 as the
// optional dependency node-<platform>-<arch> (a registry package that ships the runtime binary);
// its folder goes first on PATH, so every child (npx, vitest, the browser journeys' portal) runs
// on it too. Usage: node scripts/runtime.mjs [node options] <script> [arguments]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUPPORTED_MAJOR = 24;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The node binary to run on, and whether it is the bundled one. */
export function supportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= SUPPORTED_MAJOR) return { bin: process.execPath, bundled: false };
  const bundled = path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  if (fs.existsSync(bundled)) return { bin: bundled, bundled: true };
  console.warn(
    `[tripline] Node.js ${process.versions.node} is older than the supported ${SUPPORTED_MAJOR}, and no bundled runtime ` +
      `was installed for ${process.platform}-${process.arch}: running on it anyway.`,
  );
  return { bin: process.execPath, bundled: false };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bin } = supportedNode();
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit', env });
  // The portal stops its embedded database on SIGINT/SIGTERM: pass them on and wait for it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code ?? 1);
  });
}
