// Where a CPU profile (the V8 profiler's .cpuprofile) spent its time: self time by function, and
// the share of garbage collection and idle time, as lines of text.

/** The `top` functions by self time, with the profile's total, GC and idle time. */
export function summariseProfile(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const { functionName, url, lineNumber } = byId.get(profile.samples[i]).callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').split('/').slice(-3).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + ms);
  }
  const share = (name) => self.get(name) ?? 0;
  const lines = [
    `${(total / 1000).toFixed(1)} s profiled: idle ${share('(idle)').toFixed(0)} ms, garbage collection ${share('(garbage collector)').toFixed(0)} ms, ` +
      `busy ${(total - share('(idle)')).toFixed(0)} ms; self time by function:`,
  ];
  for (const [name, ms] of [...self].filter(([n]) => n !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
  return lines;
}
