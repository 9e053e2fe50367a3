// Loaded into the portal process by the benchmarks (NODE_OPTIONS=--require): appends the process's
// memory use (process.memoryUsage(), bytes) as one JSON line to TRIPLINE_BENCH_MEMORY_LOG every
// 250 ms, so a run can tell where the portal's memory went (JavaScript heap or buffers outside it).
// On SIGUSR2 it collects garbage first and appends a line marked `collected` (what is really kept),
// and with TRIPLINE_BENCH_HEAP_SNAPSHOT set also writes a heap snapshot to that file.
// The module loader's own thread (tsx's hooks) runs preloaded modules too: only the main thread,
// whose heap is the portal's, samples.
const fs = require('node:fs');
const v8 = require('node:v8');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

const file = process.env.TRIPLINE_BENCH_MEMORY_LOG;
if (file && isMainThread) {
  const sample = (more) => {
    const m = process.memoryUsage();
    const line = { t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, ...more };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(sample, 250).unref();
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    sample({ collected: 1 });
    const snapshot = process.env.TRIPLINE_BENCH_HEAP_SNAPSHOT;
    if (snapshot) {
      v8.writeHeapSnapshot(snapshot);
      sample({ collected: 1, snapshot: 1 });
    }
  });
}
