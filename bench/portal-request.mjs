// Portal trip request budget: a case manager with 40 bill-to accounts, 20 clients
// at once, each previewing a trip for one of its members (POST case-manager-trip-preview) and
// scheduling it (POST case-manager-trip-schedule): server p95 <= 100 ms each. Server time is
// Fastify's, per request.
//
//   node bench/portal-request.mjs [--data-dir DIR] [--trips-per-day N] [--days D] [--clients C] [--requests R] [--think-ms T]
//   DATABASE_URL=postgres://… node bench/portal-request.mjs [--clients C] [--requests R]
//
// By default each client books again as soon as it has booked (the machine's saturation); with
// --think-ms each waits about that long (0.5 to 1.5 times it) between bookings, as people do.
//
// With DATABASE_URL it runs on that database as it is (migrated first; the million-trip run is a
// database seeded with --trips-per-day 27000 --days 37); else on a seeded folder (--data-dir) or a
// fresh one seeded first. The case manager is made for the run: its accounts are the 40 bill-tos
// covering the most members (new empty ones when the data has fewer), each client books for its
// own new member (covered by one of those accounts), home to a place on file, for the day after
// the first one the member's plan allows. Each trip is removed once booked, the held requests at the end.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ms, openSeededDatabase, startBenchApp, stats } from './lib/in-process.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';

runUnderTsx(import.meta.url);

const { values: args } = parseArgs({
  options: {
    'trips-per-day': { type: 'string', default: '3000' },
    days: { type: 'string', default: '7' },
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '10' },
    'think-ms': { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
  },
});
const CLIENTS = Number(args.clients);
const REQUESTS = Number(args.requests);
const THINK_MS = Number(args['think-ms']);
const WARM_UP = 2;
const BILL_TOS = 40;
const BUDGET_MS = 100;
const PASSWORD = 'Bench-Request9';
const log = (s) => console.log(`[portal-request] ${s}`);

const { addMemberCoverages } = await import('../apps/server/src/modules/demo/coverage.ts');
const { hashPassword } = await import('../apps/server/src/platform/auth/password.ts');
const { openDatabase } = await import('../apps/server/src/platform/db/database.ts');
const { operatorToday } = await import('@tripline/core');

/** The 40 bill-tos covering the most members, topped up with new empty accounts. */
async function billTos(pool) {
  const { rows } = await pool.query(
    `select cv.bill_to_id as id from coverages cv where not cv.deleted group by 1 order by count(*) desc, 1 limit ${BILL_TOS}`,
  );
  const ids = rows.map((r) => r.id);
  while (ids.length < BILL_TOS) {
    const made = await pool.query(`insert into contacts (name, types) values ($1, '{Bill To}') returning id`, [`Benchmark Account ${ids.length + 1}`]);
    ids.push(made.rows[0].id);
  }
  return ids;
}

/** A case manager of those accounts who signs in with a password, made for this run. */
async function caseManager(pool, accounts) {
  const username = `bench_cm_${Date.now()}`;
  const { rows } = await pool.query(
    `insert into contacts (name, types, username, password_hash) values ('Benchmark Case Manager', '{Case Manager}', $1, $2) returning id`,
    [username, await hashPassword(PASSWORD)],
  );
  for (const b of accounts) await pool.query('insert into case_manager_bill_tos (case_manager_id, bill_to_id) values ($1, $2)', [rows[0].id, b]);
  return { id: rows[0].id, username };
}

/**
 * One new member per client, made for the run: covered by one of the accounts (under a plan one
 * of that account's members has), with a home and a day programme on file, both places seeded
 * trips use. New members rather than seeded ones, whose thousands of trips a year (the seed's
 * volume, not a person's) pass every plan's trip limit.
 */
async function members(pool, accounts, n) {
  const { rows: plans } = await pool.query(
    `select distinct on (bill_to_id) bill_to_id, plan_id from coverages
      where bill_to_id = any($1::uuid[]) and not deleted and status = 'Active' and plan_id is not null order by bill_to_id, created_at`,
    [accounts],
  );
  if (plans.length === 0) throw new Error('none of the accounts covers a member under a plan');
  const { rows: places } = await pool.query(
    `select location_first_id as home, location_second_id as place from trip_legs tablesample system (1)
      where location_first_id is not null and location_second_id is not null and location_first_id <> location_second_id limit $1`,
    [n],
  );
  if (places.length < n) throw new Error(`only ${places.length} seeded legs to take places from; ${n} are needed`);
  const made = [];
  for (let i = 0; i < n; i++) {
    const { bill_to_id: billToId, plan_id: planId } = plans[i % plans.length];
    const memberId = `BENCHRQ${Date.now()}${i}`;
    const { rows } = await pool.query(
      `insert into contacts (name, types, member_id, plan_id) values ($1, '{S/N Passenger}', $2, $3) returning id`,
      [`Benchmark Member ${i + 1}`, memberId, planId],
    );
    const id = rows[0].id;
    await pool.query('insert into coverages (contact_id, bill_to_id, plan_id, member_id) values ($1, $2, $3, $4)', [id, billToId, planId, memberId]);
    await pool.query(
      `insert into join_contact_addresses (contact_id, address_id, label, sort_order) values ($1, $2, 'Home', 0), ($1, $3, 'Office', 1)`,
      [id, places[i].home, places[i].place],
    );
    made.push({ id, home: places[i].home, place: places[i].place });
  }
  return made;
}

async function openBenchDatabase() {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 20 });
    return { db, remove: () => {} };
  }
  return openSeededDatabase(args, 'tripline-bench-portal-request-', log);
}

let db;
let app;
let remove = () => {};
const made = { requests: [], contacts: [] };
try {
  ({ db, remove } = await openBenchDatabase());
  const { pool } = db;
  const { rows: covered } = await pool.query('select count(*)::int as n from coverages');
  if (covered[0].n === 0) {
    const client = await pool.connect();
    try {
      log('giving the members their coverages (data seeded before coverages existed)');
      await addMemberCoverages(client, operatorToday(new Date()));
    } finally {
      client.release();
    }
  }
  const { rows: size } = await pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs`);
  const accounts = await billTos(pool);
  const manager = await caseManager(pool, accounts);
  made.contacts.push(manager.id);
  const riders = await members(pool, accounts, CLIENTS);
  made.contacts.push(...riders.map((r) => r.id));

  app = await startBenchApp(pool);
  const call = async (cookie, method, path, body) => {
    const id = randomUUID();
    const res = await fetch(`${app.base}/api/${path}`, {
      method,
      headers: { ...app.headers, cookie, 'x-bench-id': id, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    await new Promise((resolve) => setImmediate(resolve));
    return { json, elapsed: app.serverMsOf(id) };
  };
  const signIn = async () => {
    const res = await fetch(`${app.base}/api/login`, {
      method: 'POST',
      headers: { ...app.headers, authorization: `Basic ${Buffer.from(`${manager.username}:${PASSWORD}`).toString('base64')}` },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };

  // each client: its own session and member, the first day the member's plan allows and its appointment type
  const clients = [];
  for (const rider of riders) {
    const cookie = await signIn();
    const options = (await call(cookie, 'GET', `case-manager-trip-create-options?passengerId=${rider.id}`)).json;
    if (options.apptTypes.length === 0) throw new Error('no appointment type is offered');
    // the day after the first one offered, so that every hour of the day is far enough ahead
    const next = new Date(`${options.earliestDate}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const day = next.toISOString().slice(0, 10) <= options.latestDate ? next.toISOString().slice(0, 10) : options.latestDate;
    clients.push({ cookie, rider, day, apptType: options.apptTypes[0].code });
  }
  const request = (c, i) => ({
    passenger: c.rider.id,
    serviceTypeCode: '01',
    serviceDate: c.day,
    // A different hour each time, as a case manager books the day's appointments
    apptTime: `${String(8 + (i % 9)).padStart(2, '0')}:30:00`,
    locationFirst: { id: c.rider.home },
    locationSecond: { id: c.rider.place },
    apptType: c.apptType,
    farConfirmed: true,
  });

  const previews = [];
  const schedules = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (let i = 0; i < REQUESTS + WARM_UP; i++) {
        const p = await call(c.cookie, 'POST', 'case-manager-trip-preview', request(c, i));
        const s = await call(c.cookie, 'POST', 'case-manager-trip-schedule', { requestId: p.json.requestId });
        made.requests.push(p.json.requestId);
        // each booking goes once made, so the member's history and yearly trip count stay a real one's
        await pool.query('delete from drive_assignments where id = $1', [s.json.daId]);
        if (i >= WARM_UP) {
          previews.push(p.elapsed);
          schedules.push(s.elapsed);
        }
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const line = (what, t) => `${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`;
  const p = stats(previews);
  const s = stats(schedules);
  const pace = THINK_MS > 0 ? `, about ${THINK_MS} ms between bookings` : ', each booking again at once';
  log(`${CLIENTS} clients of a case manager with ${BILL_TOS} bill-tos, ${REQUESTS} requests each${pace} (${previews.length} of each timed, ${wall.toFixed(1)} s):`);
  log(`  ${line('trip-preview', p)}`);
  log(`  ${line('trip-schedule', s)}`);
  const ok = p.p95 <= BUDGET_MS && s.p95 <= BUDGET_MS;
  log(`budget preview and schedule p95 <= ${BUDGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(`[portal-request] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await app?.close().catch(() => {});
  if (db) {
    // What the run made goes again, so the database stays as it was given
    await db.pool.query('delete from trip_requests where id = any($1::uuid[])', [made.requests]).catch(() => {});
    await db.pool.query('delete from case_manager_bill_tos where case_manager_id = any($1::uuid[])', [made.contacts]).catch(() => {});
    await db.pool.query('delete from sessions where contact_id = any($1::uuid[])', [made.contacts]).catch(() => {});
    await db.pool.query('delete from coverages where contact_id = any($1::uuid[])', [made.contacts]).catch(() => {});
    await db.pool.query('update contacts set deleted = true, username = null where id = any($1::uuid[])', [made.contacts]).catch(() => {});
    await db.close().catch(() => {});
  }
  remove();
}
