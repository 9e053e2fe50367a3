// Live fan-out budget (ARCHITECTURE "Live updates"): with 1,000 subscribed sockets, a trip written
// to the database reaches every subscriber that may see it within 100 ms at the 95th percentile,
// under 50 writes a second.
//
//   node bench/live-fanout.mjs [--data-dir DIR [--trips-per-day N] [--days D]] [--staff-watch day|partner-day]
//
// The portal runs as its own process on a fresh embedded PostgreSQL with the demo data; this
// process holds the sockets (partner users and staff, spread over the five busiest days), writes
// trips through SQL, and times each write from just before it is sent until each socket that
// should receive it has it. Loopback only; the whole run is bounded in time.
//
// --data-dir runs on a seeded folder instead (its database `tripline`), seeding it first with
// `npm run seed -- --trips-per-day N --days D` (default 27,000 for 37 days: the million-trip run)
// when it holds no trips; the folder is kept. There the five busiest days are seeded days of about
// 27,000 trips and each partner socket holds its partner's day of 3,000 to 5,000 trips.
//
// --staff-watch: what each staff socket subscribes to. `day` (the default): a whole day, any
// partner. `partner-day`: one of the four partners' days, as a dispatcher following a partner (the
// found set its partner's users share). The million-trip run uses partner-day: 200 staff sockets
// each holding a seeded day of 27,000 trips (about 68 MB of rows per socket) exhaust the portal's
// default JavaScript heap while the found sets are sent.
//
//   node bench/live-fanout.mjs --data-dir DIR --staff-watch partner-day   (DIR seeded or empty)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedTrips } from './lib/seed.mjs';

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
  },
});
if (!['day', 'partner-day'].includes(args['staff-watch'])) throw new Error('--staff-watch is day or partner-day');
const STAFF_PARTNER_DAY = args['staff-watch'] === 'partner-day';
const SOCKETS = 1_000;
const STAFF_SHARE = 0.2;
const PARTNERS = 4;
const DAYS = 5;
const WRITES_PER_SECOND = 50;
const WRITE_SECONDS = 20;
const BUDGET_P95_MS = 100;
// A seeded day's found sets are tens of megabytes of rows per socket: subscribing takes minutes.
const HARD_LIMIT_MS = args['data-dir'] ? 1_200_000 : 240_000;

const { default: pg } = await import('pg');
const { default: WebSocket } = await import('ws');
const { startEmbeddedPostgres } = await import('../apps/server/src/platform/db/embedded.ts');
const { createSession } = await import('../apps/server/src/platform/auth/sessions.ts');
const { systemClock } = await import('../apps/server/src/platform/clock.ts');
const { CLIENT_VERSION } = await import('@tripline/core');

const log = (s) => console.log(`[live-fanout] ${s}`);
const cleanups = [];
let finishing = false;
const hardLimit = setTimeout(() => {
  console.error(`[live-fanout] gave up after ${HARD_LIMIT_MS / 1000} s`);
  void cleanup().finally(() => process.exit(1));
}, HARD_LIMIT_MS);

async function cleanup() {
  finishing = true;
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const MARK = /"flag":"bench (\d+)"/g;
const FARMOUT = /"farmoutContactId":"([0-9a-f-]+)"/g;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The number of trips in the database at `url`, or null when there is no such database. */
async function tripCount(url) {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch (e) {
    if (e.code === '3D000') return null;
    throw e;
  }
  try {
    return (await c.query('select count(*)::int as n from drive_assignments')).rows[0].n;
  } catch (e) {
    if (e.code === '42P01') return 0;
    throw e;
  } finally {
    await c.end();
  }
}

try {
  const seeded = Boolean(args['data-dir']);
  const dataDir = seeded ? path.resolve(args['data-dir']) : fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-bench-live-'));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o755);
  if (!seeded) cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const pgServer = await startEmbeddedPostgres({ dataDir });
  cleanups.push(() => pgServer.stop());
  let dbUrl;
  if (seeded) {
    // the seeded folder's database, as the portal names it; seeded here when it holds no trips
    dbUrl = pgServer.url.replace(/\/postgres$/, '/tripline');
    if (!(await tripCount(dbUrl))) {
      if ((await tripCount(dbUrl)) === null) {
        const admin = new pg.Client({ connectionString: pgServer.url });
        await admin.connect();
        await admin.query('create database tripline');
        await admin.end();
      }
      seedTrips({
        tripsPerDay: args['trips-per-day'],
        days: args.days,
        env: { DATABASE_URL: dbUrl, TRIPLINE_BENCH_TSX: '' },
        where: dataDir,
        log,
      });
    }
  } else {
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('create database tripline_bench');
    await admin.end();
    dbUrl = pgServer.url.replace(/\/postgres$/, '/tripline_bench');
  }

  // The portal process: migrations, and the demo data on start when the database is empty.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', TRIPLINE_BENCH_TSX: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const serverExited = new Promise((r) => server.once('exit', r));
  // The portal ending on its own (out of memory, for instance) ends the run: sockets would wait forever.
  server.once('exit', (code, signal) => {
    if (finishing) return;
    console.error(`[live-fanout] the portal exited (${signal ?? `code ${code}`})`);
    void cleanup().finally(() => process.exit(1));
  });
  cleanups.push(async () => {
    server.kill('SIGTERM');
    await serverExited;
  });
  for (const t0 = Date.now(); ; ) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() - t0 > 120_000) throw new Error('the portal did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }

  const pool = new pg.Pool({ connectionString: dbUrl, max: 8 });
  cleanups.push(() => pool.end());
  const { rows: size } = await pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs`);

  // The busiest days, and the partners with the most trips on them.
  const days = (
    await pool.query(
      `select service_date::text as day from drive_assignments where farmout_contact_id is not null
        group by 1 order by count(*) desc, 1 limit $1`,
      [DAYS],
    )
  ).rows.map((r) => r.day);
  const partners = (
    await pool.query(
      `select farmout_contact_id as id from drive_assignments where service_date = any($1::date[])
        group by 1 order by count(*) desc limit $2`,
      [days, PARTNERS],
    )
  ).rows.map((r) => r.id);
  const trips = (
    await pool.query(
      `select id, service_date::text as day, farmout_contact_id as partner from drive_assignments
        where service_date = any($1::date[]) and farmout_contact_id = any($2::uuid[])`,
      [days, partners],
    )
  ).rows;
  const dayTrips = (
    await pool.query(`select count(*)::int as n from drive_assignments where service_date = any($1::date[])`, [days])
  ).rows[0].n;
  log(`${trips.length} trips of ${partners.length} partners over ${days.join(', ')} (${dayTrips} trips on those days)`);
  const perPartnerDay = new Map();
  for (const t of trips) perPartnerDay.set(`${t.partner}/${t.day}`, (perPartnerDay.get(`${t.partner}/${t.day}`) ?? 0) + 1);
  const sizes = [...perPartnerDay.values()].sort((a, b) => a - b);
  log(
    `a partner's day: ${sizes[0]} to ${sizes.at(-1)} trips; a whole day: ${Math.round(dayTrips / days.length)} trips on average; ` +
      `staff sockets watch ${STAFF_PARTNER_DAY ? "a partner's day" : 'a whole day'}`,
  );

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
  const sentAt = new Map();
  const latencies = [];
  const received = new Map();
  let strayIds = 0;
  let fetchedBytes = 0;

  const t0 = performance.now();
  const sockets = [];
  const staffCount = Math.round(SOCKETS * STAFF_SHARE);
  const open = async (i) => {
    const staff = i < staffCount;
    const u = staff ? staffUsers[i % staffUsers.length] : partnerUsers[i % partnerUsers.length];
    const day = days[Math.floor(i / 7) % days.length];
    const followed = staff && STAFF_PARTNER_DAY ? partners[i % partners.length] : null;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { cookie: u.cookie, origin: base, 'x-client-version': String(CLIENT_VERSION) },
      maxPayload: 1024 * 1024 * 1024,
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    // The rows are read with patterns rather than JSON.parse, so this process's own work stays small
    // next to the portal's and the timings are the portal's.
    const fetched = new Promise((resolve) => {
      ws.on('message', (data) => {
        const now = performance.now();
        // only the head of a found set (megabytes on a seeded day) is read
        const head = data.toString('latin1', 0, 32);
        if (head.startsWith('{"type":"FetchedFoundSet"')) {
          fetchedBytes += data.length;
          return resolve();
        }
        if (!head.startsWith('{"type":"FoundSetChanged"')) return;
        const text = String(data);
        if (!staff) for (const m of text.matchAll(FARMOUT)) if (m[1] !== u.partner) strayIds++;
        for (const m of text.matchAll(MARK)) {
          const n = Number(m[1]);
          if (!sentAt.has(n)) continue;
          latencies.push(now - sentAt.get(n));
          received.set(n, (received.get(n) ?? 0) + 1);
        }
      });
    });
    const filter = followed ? { pickupDate: day, affiliateId: followed } : { pickupDate: day };
    ws.send(JSON.stringify({ type: 'fetch', subscriptionId: `s${i}`, table: 'SyncDriveAssv', filter }));
    await fetched;
    expect(followed ? `${followed}/${day}` : staff ? `*/${day}` : `${u.partner}/${day}`);
    sockets.push(ws);
  };
  for (let i = 0; i < SOCKETS; i += 50) await Promise.all(Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => open(i + k)));
  log(`${sockets.length} sockets subscribed in ${((performance.now() - t0) / 1000).toFixed(1)} s (${(fetchedBytes / 2 ** 20).toFixed(0)} MiB of found sets)`);
  cleanups.push(async () => {
    for (const ws of sockets) ws.terminate();
  });

  // Writes at a steady rate, each marking the trip with its sequence number.
  let seq = 0;
  const pendingWrites = [];
  const expectedFor = new Map();
  const writesTo = new Map();
  const total = WRITES_PER_SECOND * WRITE_SECONDS;
  const writeStart = performance.now();
  // Catch up on missed ticks, so the rate holds even when a timer fires late.
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - writeStart) / 1000) * WRITES_PER_SECOND) + 1);
      while (seq < due) {
        const n = ++seq;
        const trip = trips[Math.floor(Math.random() * trips.length)];
        writesTo.set(n, trip.id);
        expectedFor.set(n, (receivers.get(`${trip.partner}/${trip.day}`) ?? 0) + (receivers.get(`*/${trip.day}`) ?? 0));
        sentAt.set(n, performance.now());
        pendingWrites.push(pool.query(`update drive_assignments set flag = $1 where id = $2`, [`bench ${n}`, trip.id]));
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const writeSeconds = (performance.now() - writeStart) / 1000;
  await Promise.all(pendingWrites);

  const expected = [...expectedFor.values()].reduce((a, b) => a + b, 0);
  const settleUntil = performance.now() + 5_000;
  while (performance.now() < settleUntil && latencies.length < expected) await new Promise((r) => setTimeout(r, 100));

  // Two writes to one trip applied in the same batch reach clients as the later version only. Any
  // other write that did not reach every socket that should see it is lost.
  const lastWrite = new Map();
  const overtaken = new Set();
  for (let n = 1; n <= seq; n++) {
    const prev = lastWrite.get(writesTo.get(n));
    if (prev !== undefined && sentAt.get(n) - sentAt.get(prev) < 200) overtaken.add(prev);
    lastWrite.set(writesTo.get(n), n);
  }
  let lost = 0;
  for (let n = 1; n <= seq; n++) if (!overtaken.has(n)) lost += expectedFor.get(n) - (received.get(n) ?? 0);

  const sorted = [...latencies].sort((a, b) => a - b);
  const rss = (() => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
    } catch {
      return NaN;
    }
  })();
  const p50 = quantile(sorted, 0.5);
  const p95 = quantile(sorted, 0.95);
  const p99 = quantile(sorted, 0.99);
  log(`${seq} writes in ${writeSeconds.toFixed(1)} s (${(seq / writeSeconds).toFixed(1)}/s); ${latencies.length} of ${expected} deliveries timed`);
  log(`${overtaken.size} writes were followed within 200 ms by another write to the same trip; deliveries lost otherwise: ${lost}`);
  log(`write-to-client latency: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`);
  log(`portal process memory (RSS) with ${SOCKETS} sockets: ${rss.toFixed(0)} MiB; rows of another partner seen by partner sockets: ${strayIds}`);
  const ok = p95 <= BUDGET_P95_MS && strayIds === 0 && lost === 0;
  log(`${ok ? 'PASS' : 'FAIL'}: p95 ${p95.toFixed(1)} ms (budget ${BUDGET_P95_MS} ms)`);
  await cleanup();
  clearTimeout(hardLimit);
  process.exit(ok ? 0 : 1);
} catch (e) {
  console.error('[live-fanout] failed:', e);
  await cleanup();
  clearTimeout(hardLimit);
  process.exit(1);
}
