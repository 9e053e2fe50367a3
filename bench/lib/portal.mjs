// The portal as its own process for the benchmarks that hold many sockets: started on a given
// database, waited for until healthy, its memory read from /proc, and stopped at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const probe = fileURLToPath(new URL('./portal-probe.cjs', import.meta.url));
const MiB = 2 ** 20;

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A field of /proc/PID/status in MiB (VmRSS: resident now; VmHWM: the peak resident size so far). */
function statusMiB(pid, field) {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The portal's memory samples (portal-probe.cjs) in MiB: the peak of each figure, and all of them at the peak RSS. */
function memoryOf(file) {
  let lines;
  try {
    lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return null;
  }
  if (lines.length === 0) return null;
  const mib = (s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === 't' || k === 'stall' ? v : v / MiB]));
  const samples = lines.map(mib);
  const peak = {};
  for (const k of ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers']) peak[k] = Math.max(...samples.map((s) => s[k]));
  const atPeakRss = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
  return { peak, atPeakRss, last: samples.at(-1), collected: samples.findLast((s) => s.collected && !s.snapshot) ?? null,
    snapshotAt: samples.findLast((s) => s.snapshot)?.t ?? 0,
    samples,
  };
}

/** Memory figures (MiB) as one short text. */
export const memoryText = (m) =>
  `RSS ${m.rss.toFixed(0)}, JS heap ${m.heapUsed.toFixed(0)} used of ${m.heapTotal.toFixed(0)}, outside the heap ${m.external.toFixed(0)} (buffers ${m.arrayBuffers.toFixed(0)})`;

/**
 * Starts `apps/server/src/main.ts` on `dbUrl` and waits for /api/health. `onExit` is called when the
 * portal ends on its own (out of memory, for instance), so a run does not wait forever. The portal
 * samples its own memory (portal-probe.cjs); `memory()` reads the samples so far.
 */
export async function startPortal({ root, dbUrl, env = {}, onExit }) {
  const port = await freePort();
  const memoryLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-bench-memory-')), 'memory.jsonl');
  const base = `http://127.0.0.1:${port}`;
  // the JavaScript heap `npm start` gives the portal (package.json)
  const heap = `--max-old-space-size=${process.env.TRIPLINE_HEAP_MB || 640}`;
  const server = spawn(process.execPath, [heap, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', TRIPLINE_BENCH_TSX: '',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${probe}`.trim(), TRIPLINE_BENCH_MEMORY_LOG: memoryLog, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping = false;
  const exited = new Promise((r) => server.once('exit', r));
  server.once('exit', (code, signal) => {
    if (!stopping) onExit?.(signal ?? `code ${code}`);
  });
  for (const t0 = Date.now(); ; ) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() - t0 > 120_000) throw new Error('the portal did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: server.pid,
    /** Resident memory now, MiB. */
    rss: () => statusMiB(server.pid, 'VmRSS'),
    /** The highest resident memory since the portal started, MiB. */
    peakRss: () => statusMiB(server.pid, 'VmHWM'),
    memory: () => memoryOf(memoryLog),
    /**
     * How long the portal's event loop was held up between two times (Date.now()): the longest
     * stall, and how many of the quarter-seconds sampled had one over `overMs`.
     */
    stalls(from, to, overMs = 50) {
      const samples = (memoryOf(memoryLog)?.samples ?? []).filter((s) => s.t > from && s.t <= to && !s.collected);
      return { longest: Math.max(0, ...samples.map((s) => s.stall)), over: samples.filter((s) => s.stall > overMs).length, of: samples.length };
    },
    /** Starts the CPU profiler in the portal. */
    startProfile() {
      fs.writeFileSync(`${memoryLog}.cpu-start`, '');
    },
    /** Stops the CPU profiler and answers its profile (V8 .cpuprofile), or null when none came. */
    async stopProfile() {
      fs.rmSync(`${memoryLog}.cpuprofile`, { force: true });
      fs.writeFileSync(`${memoryLog}.cpu-stop`, '');
      for (const t0 = Date.now(); Date.now() - t0 < 60_000; ) {
        await new Promise((r) => setTimeout(r, 100));
        try {
          return JSON.parse(fs.readFileSync(`${memoryLog}.cpuprofile`, 'utf8'));
        } catch {
          // not written yet, or not whole yet
        }
      }
      return null;
    },
    /** Memory after a full garbage collection in the portal: what it really keeps (MiB figures). */
    async collected() {
      const before = memoryOf(memoryLog)?.collected?.t ?? 0;
      server.kill('SIGUSR2');
      for (const t0 = Date.now(); Date.now() - t0 < 600_000; ) {
        await new Promise((r) => setTimeout(r, 100));
        const m = memoryOf(memoryLog);
        if (m?.collected && m.collected.t > before && (!env.TRIPLINE_BENCH_HEAP_SNAPSHOT || m.snapshotAt >= m.collected.t)) return m.collected;
      }
      return null;
    },
    async stop() {
      stopping = true;
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(memoryLog), { recursive: true, force: true });
    },
  };
}
