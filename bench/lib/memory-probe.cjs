// Loaded into the portal process by the benchmarks (NODE_OPTIONS=--require): appends the process's
// memory use (process.memoryUsage(), bytes) as one JSON line to TRIPLINE_BENCH_MEMORY_LOG every
// 250 ms, so a run can tell where the portal's memory went (JavaScript heap or buffers outside it).
// The module loader's own thread (tsx's hooks) runs preloaded modules too: only the main thread,
// whose heap is the portal's, samples.
const fs = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const file = process.env.TRIPLINE_BENCH_MEMORY_LOG;
if (file && isMainThread) {
  const sample = () => {
    const m = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers })}\n`);
  };
  setInterval(sample, 250).unref();
}
