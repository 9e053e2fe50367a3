// Marketplace list budget: a day of 5,000 open offered trips in the million-trip
// seed; GET marketplace-trips as the demo `partner` login (every trip redacted, priced with its
// rates, Out-Of-Area from its ZIP coverage), range 300 miles so the whole day is listed: server
// p95 <= 100 ms. Server time is Fastify's, per request. Measured three ways: the day unchanged
// between lists (the kept answer), one trip of the day changed before each list (the answer made
// again from kept trips), both gzip-compressed as browsers ask; and uncompressed for reference.
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
    `select id, accepted, locked, marketplace_until, notes_summary from drive_assignments
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

  /** REQUESTS timed lists after WARM_UP; `before` runs ahead of each (untimed), `encoding` is what the client accepts. */
  const measure = async (before, encoding) => {
    const times = [];
    let shape = null;
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      await before();
      const id = randomUUID();
      const headers = { ...app.headers, cookie, 'x-bench-id': id, 'accept-encoding': encoding };
      const answer = await fetch(`${app.base}/api/marketplace-trips?date=${date}&zip=87102&range=300`, { headers });
      const sent = Number(answer.headers.get('content-length'));
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`marketplace-trips answered ${answer.status}: ${text.slice(0, 300)}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (!shape) {
        const body = JSON.parse(text);
        const listed = body.driveAssignments.length;
        shape = { listed, priced: body.driveAssignments.filter((d) => d.rate !== 'NoRate').length, bytes: text.length, sent };
      }
      if (i >= WARM_UP) times.push(app.serverMsOf(id));
    }
    return { t: stats(times), shape };
  };
  const nothing = async () => {};
  // a trip of the day changes before each list (a claim, a time, a note): the day's answer is made again from kept trips
  let touched = 0;
  const oneChange = async () => {
    await pool.query('update drive_assignments set notes_summary = $2 where id = $1', [offered[touched++ % offered.length].id, `bench ${touched}`]);
  };
  const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;
  const line = (t) => `p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`;
  const same = await measure(nothing, 'gzip, deflate, br');
  log(`${same.shape.listed.toLocaleString('en-US')} trips listed (${same.shape.priced.toLocaleString('en-US')} priced), ${mib(same.shape.bytes)} of JSON, ${mib(same.shape.sent)} gzip-compressed; ${REQUESTS} requests each`);
  log(`  unchanged day, gzip (as browsers ask): ${line(same.t)}`);
  const changed = await measure(oneChange, 'gzip, deflate, br');
  log(`  one trip changed before each list, gzip: ${line(changed.t)}`);
  const plain = await measure(oneChange, 'identity');
  log(`  one trip changed before each list, uncompressed: ${line(plain.t)}`);
  const ok = same.t.p95 <= BUDGET_MS && changed.t.p95 <= BUDGET_MS;
  log(`budget p95 <= ${BUDGET_MS} ms (gzip, unchanged and changed day): ${ok ? 'met' : 'MISSED'}`);
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
        `update drive_assignments da set accepted = o.accepted, locked = o.locked, marketplace_until = o.until, notes_summary = o.notes
           from unnest($1::uuid[], $2::boolean[], $3::boolean[], $4::timestamptz[], $5::text[]) as o(id, accepted, locked, until, notes) where da.id = o.id`,
        [offered.map((r) => r.id), offered.map((r) => r.accepted), offered.map((r) => r.locked), offered.map((r) => r.marketplace_until), offered.map((r) => r.notes_summary)],
      )
      .catch(() => {});
    await db.pool.query('delete from partner_rates where id = any($1::uuid[])', [rateIds]).catch(() => {});
    await db.pool.query(`delete from sessions where contact_id = (select id from contacts where username = 'partner')`).catch(() => {});
    await db.close().catch(() => {});
  }
  remove();
}
