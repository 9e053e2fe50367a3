// Trip search budgets (spec 2 §2, §5; docs/trip-search.md), as the demo `dispatcher` over loopback HTTP:
//   - a day-and-division search answering 1,000 rows (limit=1000): server p95 <= 150 ms;
//   - a nested custom query (AND with an OR group) answering up to 1,000 rows: server p95 <= 300 ms;
//   - a CSV download of about 50,000 trips, streamed from a cursor: time and the portal's peak RSS.
//
//   node bench/trip-search.mjs [--trips-per-day N] [--days D] [--requests R] [--data-dir DIR] [--explain]
//
// Seeds a fresh embedded database with `npm run seed` (default 27,000 trips a day for 7 days; the
// million-trip run is --trips-per-day 27000 --days 37). --data-dir reuses a seeded folder (seeding
// only when it holds no trips). --explain prints the plan of each search's id query.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ms, openSeededDatabase, signIn, startBenchApp, stats } from './lib/in-process.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';


runUnderTsx(import.meta.url);

const { values: args } = parseArgs({
  options: {
    'trips-per-day': { type: 'string', default: '27000' },
    days: { type: 'string', default: '7' },
    requests: { type: 'string', default: '100' },
    'data-dir': { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(args.requests);
const BUDGET_DAY_DIVISION_MS = 150;
const BUDGET_CUSTOM_MS = 300;
const CSV_TRIPS = 50_000;
const log = (s) => console.log(`[trip-search] ${s}`);

const { DEMO_PASSWORD } = await import('../apps/server/src/modules/demo/index.ts');
const { compileTripSearch } = await import('../apps/server/src/modules/search/compile.ts');
const { TripSearchQuery, operatorToday } = await import('@tripline/core');

const mib = (v) => `${(v / 1024 / 1024).toFixed(0)} MiB`;

let db;
let app;
let remove = () => {};
try {
  ({ db, remove } = await openSeededDatabase(args, 'tripline-bench-search-', log));
  await db.pool.query('analyze');
  const { rows: size } = await db.pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  const { rows: version } = await db.pool.query('show server_version');
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs; PostgreSQL ${version[0].server_version}`);
  // the busiest day, and its division with the most trips (at least 1,000 so the batch fills)
  const { rows: days } = await db.pool.query(
    `select to_char(da.service_date, 'YYYY-MM-DD') as day, dv.code as division, count(*)::int as n
       from drive_assignments da join divisions dv on dv.id = da.division_id
      group by 1, 2 order by 3 desc limit 1`,
  );
  const { day, division, n: dayDivisionTrips } = days[0];
  if (dayDivisionTrips < 1000) throw new Error(`the busiest day and division has ${dayDivisionTrips} trips; seed more`);
  const { rows: spread } = await db.pool.query(
    `select to_char(service_date, 'YYYY-MM-DD') as day, count(*)::int as n from drive_assignments
      where service_date >= $1::date group by 1 order by 1`,
    [day],
  );
  let csvTo = day;
  let csvTrips = 0;
  for (const d of spread) {
    csvTo = d.day;
    csvTrips += d.n;
    if (csvTrips >= CSV_TRIPS) break;
  }
  log(`day ${day}, division ${division}: ${dayDivisionTrips} trips; CSV ${day}..${csvTo}: ${csvTrips} trips`);

  app = await startBenchApp(db.pool);
  const { base, headers } = app;
  const cookie = await signIn(app, 'dispatcher');
  const { rows: me } = await db.pool.query(`select id from contacts where username = 'dispatcher'`);

  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const searches = {
    'day and division': { serviceDate: day, division, limit: '1000' },
    'nested custom query': {
      limit: '1000',
      filter: JSON.stringify({
        logicalOp: 'and',
        filters: [
          { key: 'serviceDate', op: 'eq', value: `${day}..${nextDay}` },
          { key: 'division', op: 'eq', value: division },
          {
            logicalOp: 'or',
            filters: [
              { key: 'priority', op: 'eq', value: '3+' },
              { key: 'serviceType', op: 'in', value: ['03', '05'] },
              { logicalOp: 'and', filters: [{ key: 'accepted', op: 'eq', value: false }, { key: 'pickupTimeOrdered', op: 'eq', value: '06:00-09:00' }] },
            ],
          },
        ],
      }),
    },
  };

  if (args.explain) {
    const user = { id: me[0].id, types: ['SecureEmployee'], adminAccess: false, ldapGroups: [], billToIds: [], partnerId: null };
    for (const [name, q] of Object.entries(searches)) {
      const params = [];
      const where = compileTripSearch(TripSearchQuery.parse(q), user, operatorToday(new Date()), params);
      const { rows } = await db.pool.query(
        `explain (analyze, buffers off) select da.id, count(*) over () from drive_assignments da
           cross join lateral (select min(tl.loc_first_time_ord) filter (where tl.loc_first_time_ord <> '23:59:00') as first_pickup from trip_legs tl where tl.drive_assignment_id = da.id) legs
          where ${where} order by da.service_date, legs.first_pickup nulls last, da.reference_number limit 1000`,
        params,
      );
      log(`plan of ${name}:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }

  // the client reads the answers in a worker thread, so that it does not share the server's event loop
  const client = new Worker(
    `const http = require('node:http');
     const { parentPort } = require('node:worker_threads');
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
     parentPort.on('message', ({ url, headers }) => {
       http.get(url, { agent, headers }, (res) => {
         const chunks = [];
         res.on('data', (c) => chunks.push(c));
         res.on('end', () => {
           const body = JSON.parse(Buffer.concat(chunks));
           parentPort.postMessage({ status: res.statusCode, rows: body.rows ? body.rows.length : null, total: body.total, message: body.message });
         });
       });
     });`,
    { eval: true },
  );
  const ask = async (q) => {
    const r = await new Promise((resolve) => {
      client.once('message', resolve);
      client.postMessage({ url: `${base}/api/drive-assignments?${new URLSearchParams(q)}`, headers: { ...headers, cookie } });
    });
    if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.message}`);
    await new Promise((resolve) => setImmediate(resolve));
    return { elapsed: app.serverMs(), rows: r.rows, total: r.total };
  };
  const results = {};
  for (const [name, q] of Object.entries(searches)) {
    const cold = await ask(q);
    for (let i = 0; i < 10; i++) await ask(q);
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      if (i % 25 === 0) globalThis.gc?.();
      times.push((await ask(q)).elapsed);
    }
    results[name] = { cold, ...stats(times) };
    const s = results[name];
    log(`${name}: ${cold.rows} rows of ${cold.total}; first ${ms(cold.elapsed)}; ${REQUESTS} requests p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`);
  }

  // CSV: prepare (password checked again), then stream the download, sampling the portal's RSS
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const prep = await fetch(`${base}/api/reports/csv/driveAssignments`, {
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ dateFrom: day, dateTo: csvTo, passwordVerify: DEMO_PASSWORD }),
  });
  if (prep.status !== 200) throw new Error(`CSV prepare answered ${prep.status}: ${await prep.text()}`);
  const { url } = await prep.json();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const download = await fetch(`${base}${url}`, { headers: { ...headers, cookie } });
  if (download.status !== 200) throw new Error(`CSV download answered ${download.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of download.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines++;
  }
  const csvMs = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  log(`CSV ${day}..${csvTo}: ${csvTrips} trips, ${newlines - 1} lines, ${mib(bytes)} in ${(csvMs / 1000).toFixed(2)} s; portal RSS ${mib(rssBefore)} before, peak ${mib(peak)}`);
  log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`);

  const ok = results['day and division'].p95 <= BUDGET_DAY_DIVISION_MS && results['nested custom query'].p95 <= BUDGET_CUSTOM_MS;
  log(`budget day-and-division p95 <= ${BUDGET_DAY_DIVISION_MS} ms, nested custom query p95 <= ${BUDGET_CUSTOM_MS} ms: ${ok ? 'met' : 'MISSED'}`);
  await client.terminate();
  await app.close();
  app = null;
  await db.close();
  db = null;
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(`[trip-search] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await app?.close().catch(() => {});
  await db?.close().catch(() => {});
  remove();
}
