// Marketplace list budget (issue 14 §9): a day of 5,000 open offered trips in the million-trip
// seed; GET marketplace-trips as the demo `partner` login (every trip redacted, priced with its
// rates, Out-Of-Area from its ZIP coverage), range 300 miles so the whole day is listed: server
// p95 <= 100 ms. Server time is Fastify's, per request.
//
//   DATABASE_URL=postgres://…/tripline node bench/marketplace-trips.mjs [--trips N] [--requests R]
//   node bench/marketplace-trips.mjs --data-dir DIR [--trips N] [--requests R]
//
// The run offers N trips of tomorrow (open to every partner since an hour ago, unaccepted), gives
// the partner a Flat Rate for each bill-to and service type among them, and puts every trip, rate
// and session back as it found them at the end.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ms, openSeededDatabase, startBenchApp, stats } from './lib/in-process.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';

runUnderTsx(import.meta.url);

const { values: args } = parseArgs({
  options: {
    trips: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '100' },
    'data-dir': { type: 'string' },
    'trips-per-day': { type: 'string', default: '27000' },
    days: { type: 'string', default: '7' },
  },
});
const TRIPS = Number(args.trips);
const REQUESTS = Number(args.requests);
const WARM_UP = 5;
const BUDGET_MS = 100;
const log = (s) => console.log(`[marketplace-trips] ${s}`);

const { openDatabase } = await import('../apps/server/src/platform/db/database.ts');
const { addDays, operatorToday } = await import('@tripline/core');

async function openBenchDatabase() {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 10 });
    return { db, remove: () => {} };
  }
  return openSeededDatabase(args, 'tripline-bench-marketplace-', log);
}

let db;
let app;
let remove = () => {};
let offered = [];
let rateIds = [];
try {
  ({ db, remove } = await openBenchDatabase());
  const { pool } = db;
  const date = addDays(operatorToday(new Date()), 1);
  const { rows: login } = await pool.query(`select parent_id from contacts where username = 'partner'`);
  if (!login[0]?.parent_id) throw new Error("the data has no demo 'partner' login");
  const partnerId = login[0].parent_id;

  // N trips of the day, unaccepted first, as they were before the run
  const { rows } = await pool.query(
    `select id, accepted, locked, marketplace_until from drive_assignments
      where service_date = $1 and not canceled and service_type_requested in ('01', '03', '05')
      order by accepted, reference_number limit $2`,
    [date, TRIPS],
  );
  offered = rows;
  if (offered.length < TRIPS) throw new Error(`only ${offered.length} trips on ${date} can be offered`);
  await pool.query(
    `update drive_assignments set accepted = false, locked = false, marketplace_until = now() - interval '1 hour' where id = any($1::uuid[])`,
    [offered.map((r) => r.id)],
  );
  const { rows: groups } = await pool.query(
    `select distinct bill_to_contact_id as bill_to, coalesce(service_number, service_type_requested) as service
       from drive_assignments where id = any($1::uuid[]) and bill_to_contact_id is not null
        and not exists (select 1 from partner_rates r where r.affiliate_id = $2 and r.bill_to_contact_id = drive_assignments.bill_to_contact_id)`,
    [offered.map((r) => r.id), partnerId],
  );
  for (const g of groups) {
    const { rows: made } = await pool.query(
      `insert into partner_rates (affiliate_id, bill_to_contact_id, service_id, rate_type, base_flat_rate, cancel_rate, adds_off_hours, adds_pca, date_begin)
       values ($1, $2, $3, 'Flat Rate', 42, 15, 6, 5, $4::date - 30) returning id`,
      [partnerId, g.bill_to, g.service, date],
    );
    rateIds.push(made[0].id);
  }
  const { rows: size } = await pool.query('select count(*)::int as trips from drive_assignments');
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips; ${offered.length.toLocaleString('en-US')} offered on ${date}; ${groups.length} rates made`);

  app = await startBenchApp(pool);
  const res = await fetch(`${app.base}/api/login`, {
    method: 'POST',
    headers: { ...app.headers, authorization: `Basic ${Buffer.from('partner:Tripline1!').toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const times = [];
  let bytes = 0;
  let listed = 0;
  let priced = 0;
  for (let i = 0; i < REQUESTS + WARM_UP; i++) {
    const id = randomUUID();
    const answer = await fetch(`${app.base}/api/marketplace-trips?date=${date}&zip=87102&range=300`, { headers: { ...app.headers, cookie, 'x-bench-id': id } });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`marketplace-trips answered ${answer.status}: ${text.slice(0, 300)}`);
    await new Promise((resolve) => setImmediate(resolve));
    if (i === 0) {
      const body = JSON.parse(text);
      bytes = text.length;
      listed = body.driveAssignments.length;
      priced = body.driveAssignments.filter((d) => d.rate !== 'NoRate').length;
    }
    if (i >= WARM_UP) times.push(app.serverMsOf(id));
  }
  const t = stats(times);
  log(`${listed.toLocaleString('en-US')} trips listed (${priced.toLocaleString('en-US')} priced), ${(bytes / 1048576).toFixed(1)} MiB a list; ${REQUESTS} requests`);
  log(`  server time: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`);
  const ok = t.p95 <= BUDGET_MS;
  log(`budget p95 <= ${BUDGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(`[marketplace-trips] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await app?.close().catch(() => {});
  if (db) {
    // the trips, rates and the login's sessions go back to what they were
    await db.pool
      .query(
        `update drive_assignments da set accepted = o.accepted, locked = o.locked, marketplace_until = o.until
           from unnest($1::uuid[], $2::boolean[], $3::boolean[], $4::timestamptz[]) as o(id, accepted, locked, until) where da.id = o.id`,
        [offered.map((r) => r.id), offered.map((r) => r.accepted), offered.map((r) => r.locked), offered.map((r) => r.marketplace_until)],
      )
      .catch(() => {});
    await db.pool.query('delete from partner_rates where id = any($1::uuid[])', [rateIds]).catch(() => {});
    await db.pool.query(`delete from sessions where contact_id = (select id from contacts where username = 'partner')`).catch(() => {});
    await db.close().catch(() => {});
  }
  remove();
}
