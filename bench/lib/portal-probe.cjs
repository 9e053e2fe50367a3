// Loaded into the portal process by the benchmarks (NODE_OPTIONS=--require), so a run can tell
// where the portal's memory and time go:
//   - every 250 ms it appends the process's memory use (process.memoryUsage(), bytes) as one JSON
//     line to TRIPLINE_BENCH_MEMORY_LOG (JavaScript heap, buffers outside it, RSS), with the
//     longest the event loop was held up since the last line (`stall`, ms: garbage collection or
//     long work on the main thread delays every socket's messages by that much);
//   - on SIGUSR2 it collects garbage first and appends a line marked `collected` (what is really
//     kept), and with TRIPLINE_BENCH_HEAP_SNAPSHOT set also writes a heap snapshot to that file;
//   - when the file <memory log>.cpu-start appears it starts the CPU profiler, and when
//     <memory log>.cpu-stop appears it writes the profile to <memory log>.cpuprofile.
// The module loader's own thread (tsx's hooks) runs preloaded modules too: only the main thread,
// whose heap is the portal's, does any of this.
const fs = require('node:fs');
const { Session } = require('node:inspector');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const v8 = require('node:v8');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

const file = process.env.TRIPLINE_BENCH_MEMORY_LOG;
if (file && isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sample = (more) => {
    const m = process.memoryUsage();
    const stall = loop.max / 1e6;
    loop.reset();
    const line = { t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, stall, ...more };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  let profiler = null;
  const take = (name) => {
    try {
      fs.unlinkSync(`${file}.${name}`);
      return true;
    } catch {
      return false;
    }
  };
  setInterval(() => {
    sample();
    if (!profiler && take('cpu-start')) {
      profiler = new Session();
      profiler.connect();
      profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
    } else if (profiler && take('cpu-stop')) {
      const session = profiler;
      profiler = null;
      session.post('Profiler.stop', (err, result) => {
        if (!err) fs.writeFileSync(`${file}.cpuprofile`, JSON.stringify(result.profile));
        session.disconnect();
      });
    }
  }, 250).unref();
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
