// Live fan-out budgets (ARCHITECTURE "Live updates"): with 1,000 subscribed sockets, a trip written
// to the database reaches every subscriber that may see it within 100 ms at the 95th percentile,
// under 50 writes a second; with windowed found sets (Home's), the 1,000 sockets subscribe within
// 30 s with the portal's memory (RSS) at most 1 GB, and a write reaches its subscribers within 50 ms.
//
//   node bench/live-fanout.mjs [--data-dir DIR [--trips-per-day N] [--days D]] [--staff-watch day|partner-day]
//                              [--window N] [--sockets N] [--write-seconds S] [--heap-snapshot FILE]
//                              [--staff-searches K [--search-hold-ms MS] [--distinct-searches N]] [--cpu-profile]
//
// The portal runs as its own process on a fresh embedded PostgreSQL with the demo data; this
// process holds the sockets (partner users and staff, spread over the five busiest days), writes
// trips through SQL, and times each write from just before it is sent until each socket that
// should receive it has it. Loopback only; the whole run is bounded in time.
//
// --data-dir runs on a seeded folder instead (its database `tripline`), seeding it first with
// `npm run seed -- --trips-per-day N --days D` (default 27,000 for 37 days: the million-trip run)
// when it holds no trips; the folder is kept. There the five busiest days are seeded days of about
// 27,000 trips and each partner socket holds its partner's day of 2,000 to 6,000 trips.
//
// --staff-watch: what each staff socket subscribes to. `day` (the default): a whole day, any
// partner. `partner-day`: one of the four partners' days, as a dispatcher following a partner (the
// found set its partner's users share). Without a window, 200 staff sockets each holding a seeded
// day of 27,000 trips (about 68 MB of rows per socket) exhaust the portal's default JavaScript heap.
//
// --window N: every socket fetches with a view of its first N rows, as Home does (a windowed found
// set: the window's list rows plus every member as [id, key, modCount, flags]). A write then also
// sets the trip's modCount, so a member outside a window is recognised, and counted as delivered,
// when its member update arrives. Without --window, every socket holds its whole found set.
//
// --staff-searches K: during the writes, K of the staff sockets each fetch a live staff search
// (filter { search }, with the same view), keep it --search-hold-ms (default 1,000), close it and
// fetch the next, cycling through searches of the benchmark's days (a day and division, a whole
// day, a nested custom query; --distinct-searches N uses only the first N of them); the time to
// each search's FetchedFoundSet is reported.
//
// The portal's memory is sampled (bench/lib/portal-probe.cjs) and, after subscribing and at the
// end, measured after a full garbage collection (what it really keeps); --heap-snapshot FILE also
// writes the portal's heap after subscribing, for the browser's memory tools. --cpu-profile
// profiles the portal during the writes and shows where its time went.
//
//   node bench/live-fanout.mjs --data-dir DIR --staff-watch partner-day            (whole found sets)
//   node bench/live-fanout.mjs --data-dir DIR --window 100 [--staff-watch day]     (windowed)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The server's modules are TypeScript: run again under tsx to use its database and session code.
if (!process.env.TRIPLINE_BENCH_TSX) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TRIPLINE_BENCH_TSX: '1' },
  });
  process.exit(r.status ?? 1);
}

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'trips-per-day': { type: 'string', default: '27000' },
    days: { type: 'string', default: '37' },
    'staff-watch': { type: 'string', default: 'day' },
    window: { type: 'string' },
    sockets: { type: 'string', default: '1000' },
    'write-seconds': { type: 'string', default: '20' },
    'heap-snapshot': { type: 'string' },
    'staff-searches': { type: 'string', default: '0' },
    'cpu-profile': { type: 'boolean', default: false },
    'search-hold-ms': { type: 'string', default: '1000' },
    'distinct-searches': { type: 'string' },
  },
});
if (!['day', 'partner-day'].includes(args['staff-watch'])) throw new Error('--staff-watch is day or partner-day');
const STAFF_PARTNER_DAY = args['staff-watch'] === 'partner-day';
const WINDOW = args.window === undefined ? null : Number(args.window);
if (WINDOW !== null && !(Number.isInteger(WINDOW) && WINDOW >= 1 && WINDOW <= 500)) throw new Error('--window is 1 to 500 rows');
const SOCKETS = Number(args.sockets);
const SEARCHERS = Number(args['staff-searches']);
if (SEARCHERS > 0 && WINDOW === null) throw new Error('--staff-searches needs --window (a live search is a windowed found set)');
const STAFF_SHARE = 0.2;
const PARTNERS = 4;
const DAYS = 5;
const WRITES_PER_SECOND = 50;
const WRITE_SECONDS = Number(args['write-seconds']);
const BUDGET_P95_MS = WINDOW ? 50 : 100;
const BUDGET_SUBSCRIBE_S = 30;
const BUDGET_RSS_MIB = 1024;
// A seeded day's whole found sets are tens of megabytes of rows per socket: subscribing takes minutes.
const HARD_LIMIT_MS = args['data-dir'] ? 1_200_000 : 240_000;

const { default: pg } = await import('pg');
const { createSession } = await import('../apps/server/src/platform/auth/sessions.ts');
const { systemClock } = await import('../apps/server/src/platform/clock.ts');
const { CLIENT_VERSION } = await import('@tripline/core');
const { benchDatabase } = await import('./lib/bench-database.mjs');
const { memoryText, startPortal } = await import('./lib/portal.mjs');
const { summariseProfile } = await import('./lib/cpu-profile.mjs');
const { FanoutRecorder, MOD_BASE } = await import('./lib/fanout-sockets.mjs');
const { benchSearches, busiestDays, startSearchChurn } = await import('./lib/fanout-plan.mjs');

const log = (s) => console.log(`[live-fanout] ${s}`);
const cleanups = [];
const hardLimit = setTimeout(() => {
  console.error(`[live-fanout] gave up after ${HARD_LIMIT_MS / 1000} s`);
  void cleanup().finally(() => process.exit(1));
}, HARD_LIMIT_MS);

async function cleanup() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

try {
  const dbUrl = await benchDatabase({
    dataDir: args['data-dir'],
    tripsPerDay: args['trips-per-day'],
    days: args.days,
    prefix: 'tripline-bench-live-',
    cleanups,
    log,
  });
  // The portal process: migrations, and the demo data on start when the database is empty.
  const portal = await startPortal({
    root,
    dbUrl,
    env: args['heap-snapshot'] ? { TRIPLINE_BENCH_HEAP_SNAPSHOT: path.resolve(args['heap-snapshot']) } : {},
    onExit: (how) => {
      console.error(`[live-fanout] the portal exited (${how})`);
      void cleanup().finally(() => process.exit(1));
    },
  });
  cleanups.push(() => portal.stop());
  const { base } = portal;

  const pool = new pg.Pool({ connectionString: dbUrl, max: 8 });
  cleanups.push(() => pool.end());
  const { rows: size } = await pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  log(
    `database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs; ` +
      `portal RSS before any socket ${portal.rss().toFixed(0)} MiB; load average ${load()}`,
  );

  const { days, dayTotal, partners, trips } = await busiestDays(pool, DAYS, PARTNERS);
  const dayTrips = [...dayTotal.values()].reduce((a, b) => a + b, 0);
  log(`${trips.length} trips of ${partners.length} partners over ${days.join(', ')} (${dayTrips} trips on those days)`);
  const perPartnerDay = new Map();
  for (const t of trips) perPartnerDay.set(`${t.partner}/${t.day}`, (perPartnerDay.get(`${t.partner}/${t.day}`) ?? 0) + 1);
  const sizes = [...perPartnerDay.values()].sort((a, b) => a - b);
  log(
    `a partner's day: ${sizes[0]} to ${sizes.at(-1)} trips; a whole day: ${Math.round(dayTrips / days.length)} trips on average; ` +
      `staff sockets watch ${STAFF_PARTNER_DAY ? "a partner's day" : 'a whole day'}; ` +
      (WINDOW ? `windowed found sets, ${WINDOW} rows a window` : 'whole found sets'),
  );
  const searches = SEARCHERS > 0 ? (await benchSearches(pool, days)).slice(0, Number(args['distinct-searches'] ?? Infinity)) : [];
  // Windowed writes set modCount to base + N: above any modCount the trips hold now.
  const { rows: maxMod } = await pool.query('select coalesce(max(mod_count), 0)::int as m from drive_assignments');
  const modBase = Math.max(MOD_BASE, maxMod[0].m + 1);

  // Users and sessions straight in the database: 1,000 password sign-ins would time argon2, not this.
  async function user(types, parentId) {
    const { rows } = await pool.query(
      `insert into contacts (name, types, parent_id, username) values ($1, $2, $3, $4) returning id`,
      [`Bench ${Math.random().toString(36).slice(2, 8)}`, types, parentId, `bench_${Math.random().toString(36).slice(2)}`],
    );
    return { id: rows[0].id, cookie: `tripline_session=${await createSession(pool, systemClock, { contactId: rows[0].id })}` };
  }
  const partnerUsers = [];
  for (const p of partners) for (let i = 0; i < 5; i++) partnerUsers.push({ ...(await user(['AffiliateEmployee'], p)), partner: p });
  const staffUsers = [];
  for (let i = 0; i < 10; i++) staffUsers.push(await user(['SecureEmployee'], null));

  // Who should receive a write to a trip: the partner's sockets on that day, and staff on that day
  // (with --staff-watch partner-day, staff following that partner on that day).
  const receivers = new Map();
  const expect = (key) => receivers.set(key, (receivers.get(key) ?? 0) + 1);
  const recorder = new FanoutRecorder({
    windowed: WINDOW !== null,
    partnerOf: new Map(trips.map((t) => [t.id, t.partner])),
    modBase,
  });

  const t0 = performance.now();
  const sockets = [];
  const searchers = [];
  const staffCount = Math.round(SOCKETS * STAFF_SHARE);
  const view = WINDOW ? { start: 0, count: WINDOW } : undefined;
  const open = async (i) => {
    const staff = i < staffCount;
    const u = staff ? staffUsers[i % staffUsers.length] : partnerUsers[i % partnerUsers.length];
    const day = days[Math.floor(i / 7) % days.length];
    const followed = staff && STAFF_PARTNER_DAY ? partners[i % partners.length] : null;
    const filter = followed ? { pickupDate: day, affiliateId: followed } : { pickupDate: day };
    const key = followed ? `${followed}/${day}` : staff ? `*/${day}` : `${u.partner}/${day}`;
    const total = staff && !followed ? dayTotal.get(day) : perPartnerDay.get(key);
    const ws = await recorder.open({ base, cookie: u.cookie, clientVersion: CLIENT_VERSION, subscriptionId: `s${i}`, filter, view, partner: staff ? null : u.partner, total });
    expect(key);
    sockets.push(ws);
    if (staff && i < SEARCHERS) searchers.push(ws);
  };
  for (let i = 0; i < SOCKETS; i += 50) await Promise.all(Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => open(i + k)));
  const subscribeSeconds = (performance.now() - t0) / 1000;
  const subscribedRss = portal.rss();
  log(
    `${sockets.length} sockets subscribed in ${subscribeSeconds.toFixed(1)} s (${(recorder.fetchedBytes / 2 ** 20).toFixed(1)} MiB of found sets); ` +
      `portal RSS ${subscribedRss.toFixed(0)} MiB, peak ${portal.peakRss().toFixed(0)} MiB; load average ${load()}`,
  );
  const subscribedMemory = portal.memory();
  if (subscribedMemory) log(`  portal memory at its peak so far (MiB): ${memoryText(subscribedMemory.atPeakRss)}`);
  const kept = await portal.collected();
  if (kept) log(`  after a full garbage collection (MiB): ${memoryText(kept)}${args['heap-snapshot'] ? `; heap snapshot in ${args['heap-snapshot']}` : ''}`);
  cleanups.push(async () => {
    for (const ws of sockets) {
      ws.benchClosing = true;
      ws.terminate();
    }
  });

  // Writes at a steady rate, each marking the trip with its sequence number.
  let seq = 0;
  const pendingWrites = [];
  const expectedFor = new Map();
  const writesTo = new Map();
  const total = WRITES_PER_SECOND * WRITE_SECONDS;
  if (args['cpu-profile']) portal.startProfile();
  const churn = SEARCHERS > 0 ? startSearchChurn({ sockets: searchers, searches, view, holdMs: Number(args['search-hold-ms']) }) : null;
  const writeStart = performance.now();
  const writeStartClock = Date.now();
  const write = WINDOW
    ? (n, id) => pool.query(`update drive_assignments set flag = $1, mod_count = $3 where id = $2`, [`bench ${n}`, id, modBase + n])
    : (n, id) => pool.query(`update drive_assignments set flag = $1 where id = $2`, [`bench ${n}`, id]);
  // Catch up on missed ticks, so the rate holds even when a timer fires late.
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - writeStart) / 1000) * WRITES_PER_SECOND) + 1);
      while (seq < due) {
        const n = ++seq;
        const trip = trips[Math.floor(Math.random() * trips.length)];
        writesTo.set(n, trip.id);
        expectedFor.set(n, (receivers.get(`${trip.partner}/${trip.day}`) ?? 0) + (receivers.get(`*/${trip.day}`) ?? 0));
        recorder.sent(n);
        pendingWrites.push(write(n, trip.id));
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const writeSeconds = (performance.now() - writeStart) / 1000;
  await Promise.all(pendingWrites);
  const searched = await churn?.stop();
  const stalls = portal.stalls(writeStartClock, Date.now());
  const profile = args['cpu-profile'] ? await portal.stopProfile() : null;

  const expected = [...expectedFor.values()].reduce((a, b) => a + b, 0);
  const { latencies } = recorder;
  const settleUntil = performance.now() + 5_000;
  while (performance.now() < settleUntil && latencies.length < expected) await new Promise((r) => setTimeout(r, 100));

  const { overtaken, lost } = recorder.losses(seq, writesTo, expectedFor);

  const sorted = latencies.length ? [...latencies].sort((a, b) => a - b) : [NaN];
  const rss = portal.rss();
  const peak = portal.peakRss();
  const p50 = quantile(sorted, 0.5);
  const p95 = quantile(sorted, 0.95);
  const p99 = quantile(sorted, 0.99);
  log(`${seq} writes in ${writeSeconds.toFixed(1)} s (${(seq / writeSeconds).toFixed(1)}/s); ${latencies.length} of ${expected} deliveries timed; load average ${load()}`);
  if (WINDOW) log(`  ${recorder.rowDeliveries} of them came as a row of the socket's window, the rest as member updates`);
  log(`  ${recorder.changeMessages} change messages, ${(recorder.changeBytes / 2 ** 20).toFixed(1)} MiB`);
  if (searched) {
    const s = [...searched.answered].sort((a, b) => a - b);
    log(
      `staff searches while writing (${SEARCHERS} sockets, ${searches.length} different searches, each held ${args['search-hold-ms']} ms): ${s.length} answered, ` +
        `time to FetchedFoundSet p50 ${quantile(s, 0.5)?.toFixed(0)} ms, p95 ${quantile(s, 0.95)?.toFixed(0)} ms, max ${s.at(-1)?.toFixed(0)} ms; ` +
        `${searched.changes} search change messages (${(searched.changeBytes / 2 ** 20).toFixed(1)} MiB); errors: ${searched.errors.length}` +
        (searched.errors.length ? ` (first: ${searched.errors[0]})` : ''),
    );
  }
  log(`${overtaken} writes were followed within 200 ms by another write to the same trip; deliveries lost otherwise: ${lost}`);
  log(`write-to-client latency: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`);
  log(`portal process memory (RSS) with ${SOCKETS} sockets: ${rss.toFixed(0)} MiB now, peak ${peak.toFixed(0)} MiB`);
  const memory = portal.memory();
  if (memory) log(`  (MiB) at the peak: ${memoryText(memory.atPeakRss)}; now: ${memoryText(memory.last)}`);
  const keptAtEnd = await portal.collected();
  if (keptAtEnd) log(`  after a full garbage collection (MiB): ${memoryText(keptAtEnd)}`);
  log(
    `rows or members of another partner seen by partner sockets: ${recorder.strays}; wrong member counts: ${recorder.wrongTotals}; ` +
      `invalidated: ${recorder.invalidated}; closed by the portal: ${recorder.closedEarly}; errors: ${recorder.errors.length}` +
      (recorder.errors.length ? ` (first: ${recorder.errors[0]})` : ''),
  );
  log(
    `portal event loop during the writes: longest stall ${stalls.longest.toFixed(0)} ms; ` +
      `${stalls.over} of ${stalls.of} quarter-seconds held it up over 50 ms`,
  );
  if (profile) for (const line of summariseProfile(profile)) log(`portal CPU during the writes: ${line}`);
  const sound =
    recorder.strays === 0 && lost === 0 && recorder.wrongTotals === 0 && recorder.errors.length === 0 && recorder.closedEarly === 0 && !searched?.errors.length;
  const fast = p95 <= BUDGET_P95_MS;
  const small = !WINDOW || (subscribeSeconds <= BUDGET_SUBSCRIBE_S && peak <= BUDGET_RSS_MIB);
  log(
    `${sound && fast && small ? 'PASS' : 'FAIL'}: p95 ${p95.toFixed(1)} ms (budget ${BUDGET_P95_MS} ms)` +
      (WINDOW ? `; subscribed in ${subscribeSeconds.toFixed(1)} s (budget ${BUDGET_SUBSCRIBE_S} s); peak RSS ${peak.toFixed(0)} MiB (budget ${BUDGET_RSS_MIB} MiB)` : ''),
  );
  await cleanup();
  clearTimeout(hardLimit);
  process.exit(sound && fast && small ? 0 : 1);
} catch (e) {
  console.error('[live-fanout] failed:', e);
  await cleanup();
  clearTimeout(hardLimit);
  process.exit(1);
}
