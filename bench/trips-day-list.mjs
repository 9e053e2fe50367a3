// Day list budget (spec 1 §2 Home): one partner's day of 2,000 trips answers GET
// /api/drive-assignments?serviceDate= in at most 20 ms of server time at the 95th percentile (50 ms
// before 2026-11-25), and in at most 1.5 times what the bare SQL for the same rows takes. The same
// day's list view (&view=list, list rows instead of full trips) is timed beside it.
//
//   node bench/trips-day-list.mjs [--trips-per-day N] [--days D] [--requests R] [--data-dir DIR]
//
// Seeds a fresh embedded database with `npm run seed` (default 3,000 trips a day for 7 days; the
// million-trip run is --trips-per-day 27000 --days 37), gives the demo `partner` login's company
// exactly 2,000 trips on the busiest day, signs in as that user and asks for the day over HTTP on
// loopback. The client runs in a worker thread so that reading the answer does not share the
// server's event loop. Server time is Fastify's, from the request's arrival until the last byte is
// handed to the socket; the client's time to the last byte is shown beside it. The bare SQL is the
// day's trips joined with their legs, fetched as rows by the same driver, in blocks alternating with
// the requests. Also timed: the first (cold) request, and the list when one trip of the day changed
// before each request (a partner's live day). --data-dir reuses a seeded folder (seeding only when
// it holds no trips).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ms, openSeededDatabase, signIn, startBenchApp, stats } from './lib/in-process.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';


runUnderTsx(import.meta.url);

const { values: args } = parseArgs({
  options: {
    'trips-per-day': { type: 'string', default: '3000' },
    days: { type: 'string', default: '7' },
    requests: { type: 'string', default: '200' },
    'data-dir': { type: 'string' },
  },
});
const TRIPS = 2_000;
const REQUESTS = Number(args.requests);
const BUDGET_P95_MS = 20;
const BUDGET_RATIO = 1.5;
const log = (s) => console.log(`[trips-day-list] ${s}`);


/** Gives the partner exactly TRIPS trips on the busiest day, moving trips between partners of that day. */
async function partnerDay(pool) {
  const { rows: who } = await pool.query(
    `select c.parent_id as partner from contacts c where c.username = 'partner'`,
  );
  const partner = who[0].partner;
  const { rows: days } = await pool.query(
    'select service_date as day, count(*)::int as n from drive_assignments group by 1 order by 2 desc, 1 desc limit 1',
  );
  const day = days[0].day;
  if (days[0].n < TRIPS) throw new Error(`the busiest day has ${days[0].n} trips; seed at least ${TRIPS} a day`);
  const { rows: other } = await pool.query(
    `select id from contacts where types @> '{Affiliate}' and parent_id is null and id <> $1 order by contact_number limit 1`,
    [partner],
  );
  await pool.query(
    `update drive_assignments set farmout_contact_id = $3 where id in (
       select id from drive_assignments where service_date = $1 and farmout_contact_id = $2 order by id offset $4)`,
    [day, partner, other[0].id, TRIPS],
  );
  await pool.query(
    `update drive_assignments set farmout_contact_id = $2 where id in (
       select id from drive_assignments where service_date = $1 and farmout_contact_id is distinct from $2 order by id
        limit greatest(0, $3 - (select count(*) from drive_assignments where service_date = $1 and farmout_contact_id = $2)))`,
    [day, partner, TRIPS],
  );
  await pool.query('analyze drive_assignments, trip_legs');
  const { rows: check } = await pool.query(
    'select count(*)::int as trips, (select count(*)::int from trip_legs tl join drive_assignments d on d.id = tl.drive_assignment_id where d.service_date = $1 and d.farmout_contact_id = $2) as legs from drive_assignments where service_date = $1 and farmout_contact_id = $2',
    [day, partner],
  );
  return { partner, day, trips: check[0].trips, legs: check[0].legs };
}

const BARE_SQL = `select da.*, tl.* from drive_assignments da join trip_legs tl on tl.drive_assignment_id = da.id
                   where da.farmout_contact_id = $1 and da.service_date = $2`;

let db;
let app;
let remove = () => {};
try {
  ({ db, remove } = await openSeededDatabase(args, 'tripline-bench-day-', log));
  const { rows: size } = await db.pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  const { rows: version } = await db.pool.query('show server_version');
  const target = await partnerDay(db.pool);
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs; PostgreSQL ${version[0].server_version}`);
  log(`partner day ${target.day}: ${target.trips} trips, ${target.legs} legs`);

  // server time: from the request's arrival to the last byte handed to the socket
  app = await startBenchApp(db.pool);
  const { headers } = app;
  const cookie = await signIn(app, 'partner');
  const dayUrl = `${app.base}/api/drive-assignments?serviceDate=${target.day}`;
  let url = dayUrl;

  const client = new Worker(
    `const http = require('node:http');
     const { parentPort } = require('node:worker_threads');
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
     parentPort.on('message', ({ url, headers, parse }) => {
       const t0 = performance.now();
       http.get(url, { agent, headers }, (res) => {
         const chunks = [];
         res.on('data', (c) => chunks.push(c));
         res.on('end', () => {
           const ms = performance.now() - t0;
           const body = Buffer.concat(chunks);
           parentPort.postMessage({ status: res.statusCode, ms, bytes: body.length, total: parse ? JSON.parse(body).total : null });
         });
       });
     });`,
    { eval: true },
  );
  const ask = (parse = false) =>
    new Promise((resolve) => {
      client.once('message', resolve);
      client.postMessage({ url, headers: { ...headers, cookie }, parse });
    });
  const timeList = async (parse = false) => {
    const r = await ask(parse);
    if (r.status !== 200) throw new Error(`day list answered ${r.status}`);
    // onResponse has run: the socket took the last byte before the client could read it
    await new Promise((resolve) => setImmediate(resolve));
    return { elapsed: app.serverMs(), roundTrip: r.ms, bytes: r.bytes, total: r.total };
  };
  const timeBare = async () => {
    const t0 = performance.now();
    const r = await db.pool.query(BARE_SQL, [target.partner, target.day]);
    const elapsed = performance.now() - t0;
    if (r.rows.length !== target.legs) throw new Error('the bare SQL found other rows');
    return elapsed;
  };

  const cold = await timeList(true);
  if (cold.total !== TRIPS) throw new Error(`the day list answered ${cold.total} trips`);
  log(`first request (every trip built): ${ms(cold.elapsed)} server time, ${(cold.bytes / 1024 / 1024).toFixed(1)} MiB`);
  for (let i = 0; i < 20; i++) {
    await timeList();
    await timeBare();
  }

  // alternating blocks, with a collection between them: each side pays for its own garbage, and
  // both see the same machine load over the run
  const list = [];
  const trips = [];
  const bare = [];
  const BLOCK = 25;
  for (let done = 0; done < REQUESTS; done += BLOCK) {
    globalThis.gc?.();
    for (let i = 0; i < BLOCK; i++) {
      const r = await timeList();
      list.push(r.elapsed);
      trips.push(r.roundTrip);
    }
    globalThis.gc?.();
    for (let i = 0; i < BLOCK; i++) bare.push(await timeBare());
  }
  globalThis.gc?.();
  const { rows: ids } = await db.pool.query(
    'select id from drive_assignments where service_date = $1 and farmout_contact_id = $2 order by id',
    [target.day, target.partner],
  );
  const changed = [];
  for (let i = 0; i < REQUESTS; i++) {
    await db.pool.query(`update drive_assignments set flag = $2 where id = $1`, [ids[(i * 7) % ids.length].id, `Bench ${i}`]);
    changed.push((await timeList()).elapsed);
  }

  // the list view of the same day, after the same warm-up
  url = `${dayUrl}&view=list`;
  const rowsCold = await timeList(true);
  if (rowsCold.total !== TRIPS) throw new Error(`the list view answered ${rowsCold.total} trips`);
  for (let i = 0; i < 20; i++) await timeList();
  const listView = [];
  let listBytes = 0;
  globalThis.gc?.();
  for (let i = 0; i < REQUESTS; i++) {
    const r = await timeList();
    listView.push(r.elapsed);
    listBytes = r.bytes;
  }

  const l = stats(list);
  const rt = stats(trips);
  const b = stats(bare);
  const c = stats(changed);
  const ratio = l.p95 / b.p95;
  log(`day list, ${REQUESTS} requests, server:    p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, max ${ms(l.max)}`);
  log(`  client's time to the last byte:     p50 ${ms(rt.p50)}, p95 ${ms(rt.p95)}`);
  log(`bare SQL, same rows:                  p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, max ${ms(b.max)}`);
  log(`day list, one trip changed each time: p50 ${ms(c.p50)}, p95 ${ms(c.p95)}, max ${ms(c.max)}`);
  const lv = stats(listView);
  log(
    `list view (&view=list, ${(listBytes / 2 ** 20).toFixed(2)} MiB; first request ${ms(rowsCold.elapsed)}): ` +
      `p50 ${ms(lv.p50)}, p95 ${ms(lv.p95)}, max ${ms(lv.max)}`,
  );
  log(`load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`);
  const ok = l.p95 <= BUDGET_P95_MS && ratio <= BUDGET_RATIO && c.p95 <= BUDGET_P95_MS;
  log(`budget p95 <= ${BUDGET_P95_MS} ms and <= ${BUDGET_RATIO} x bare SQL: ${ok ? 'met' : 'MISSED'} (p95 ratio ${ratio.toFixed(2)})`);
  await client.terminate();
  await app.close();
  app = null;
  await db.close();
  db = null;
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(`[trips-day-list] failed: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
} finally {
  await app?.close().catch(() => {});
  await db?.close().catch(() => {});
  remove();
}
