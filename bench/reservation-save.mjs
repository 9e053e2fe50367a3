// Reservation editor budgets (spec 2 §2–§9), as the demo `dispatcher` over loopback HTTP:
//   - saving a 4-leg trip: booking it (POST drive-assignments-detailed without modCount) and saving
//     it again with changed times (with its modCount): server p95 <= 50 ms each;
//   - POST coverage-check for the same booking: server p95 <= 20 ms.
//
//   node bench/reservation-save.mjs [--data-dir DIR] [--trips-per-day N] [--days D] [--requests R]
//
// Runs on a seeded folder (--data-dir, the million-trip run is --trips-per-day 27000 --days 37) or a
// fresh one seeded first; members get their coverages first when the folder was seeded before
// coverages existed. The booking is a phoned request for a new member (a coverage under the plan
// and bill-to of the seed's busiest member, and its home and clinic): four legs, home to the clinic
// with an appointment (so coverage is judged), back home, to a second place and back home, the
// last stop typed (geocoded and stored as a new address). Each booking is removed after its save,
// so the member's history stays that of a real one. The same is then timed for the seed's busiest
// member itself, whose history the generated data makes far heavier than any real one's (about
// 70 trips a day). Server time is Fastify's.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
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
const REQUESTS = Number(args.requests);
const BUDGET_SAVE_MS = 50;
const BUDGET_COVERAGE_MS = 20;
const log = (s) => console.log(`[reservation-save] ${s}`);

const { addMemberCoverages } = await import('../apps/server/src/modules/demo/coverage.ts');
const { operatorToday, addDays } = await import('@tripline/core');

/** The seed's busiest member: their bill-to and plan, home and two places they were driven to. */
async function busiestMember(pool) {
  const { rows } = await pool.query(
    `select tl.passenger_id as id, count(*)::int as n from trip_legs tl
       join coverages c on c.contact_id = tl.passenger_id
      group by 1 order by 2 desc limit 1`,
  );
  if (rows.length === 0) throw new Error('no passenger with a coverage');
  const passengerId = rows[0].id;
  const { rows: places } = await pool.query(
    `select tl.location_first_id as home, tl.location_second_id as place, count(*)::int as n from trip_legs tl
      where tl.passenger_id = $1 and tl.location_first_id is not null and tl.location_second_id is not null
      group by 1, 2 order by 3 desc limit 2`,
    [passengerId],
  );
  const { rows: cov } = await pool.query('select bill_to_id, plan_id, member_id from coverages where contact_id = $1 order by date_begin desc limit 1', [passengerId]);
  const { rows: home } = await pool.query('select complete_address as text from addresses where id = $1', [places[0].home]);
  return {
    passengerId,
    home: places[0].home,
    homeText: home[0].text,
    clinic: places[0].place,
    other: (places[1] ?? places[0]).place,
    billToId: cov[0].bill_to_id,
    planId: cov[0].plan_id,
    memberId: cov[0].member_id,
  };
}

/** A new member like the busiest one (same plan, bill-to and places), with no trips yet. */
async function newMember(pool, like) {
  const memberId = `BENCH${Date.now()}`;
  const { rows } = await pool.query(
    `insert into contacts (name, types, member_id, plan_id) values ('Benchmark Member', '{S/N Passenger}', $1, $2) returning id`,
    [memberId, like.planId],
  );
  await pool.query('insert into coverages (contact_id, bill_to_id, plan_id, member_id) values ($1, $2, $3, $4)', [rows[0].id, like.billToId, like.planId, memberId]);
  return { ...like, passengerId: rows[0].id, memberId };
}

function reservation(b, serviceDate, id, shift = 0) {
  const at = (h, m) => `${String(h).padStart(2, '0')}:${String((m + shift) % 60).padStart(2, '0')}:00`;
  const leg = (whichLeg, from, to, pickup, appt, apptType = null) => ({
    whichLeg,
    passengerId: b.passengerId,
    locationFirst: from,
    locationSecond: to,
    locFirstTimeOrd: pickup,
    locSecondTimeOrd: null,
    apptTime: appt,
    apptType,
  });
  return {
    id,
    serviceDate,
    serviceTypeRequested: '01',
    billToContactId: b.billToId,
    requestedBy: 'benchmark',
    authorizedBy: 'Benchmark',
    tripLegs: [
      leg('A', { id: b.home }, { id: b.clinic }, at(8, 15), at(9, 0), 'Dialysis'),
      leg('B', { id: b.clinic }, { id: b.home }, at(11, 30), null),
      leg('C', { id: b.home }, { id: b.other }, at(13, 0), null),
      leg('D', { id: b.other }, { text: b.homeText }, at(14, 0), null),
    ],
  };
}

let db;
let app;
let remove = () => {};
try {
  ({ db, remove } = await openSeededDatabase(args, 'tripline-bench-reservation-', log));
  const { pool } = db;
  const today = operatorToday(new Date());
  const { rows: covered } = await pool.query('select count(*)::int as n from coverages');
  if (covered[0].n === 0) {
    const client = await pool.connect();
    try {
      log('giving the demo members their coverages (a folder seeded before coverages existed)');
      await addMemberCoverages(client, today);
    } finally {
      client.release();
    }
  }
  const { rows: size } = await pool.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  log(`database: ${size[0].trips.toLocaleString('en-US')} trips, ${size[0].legs.toLocaleString('en-US')} legs`);
  const busiest = await busiestMember(pool);
  const member = await newMember(pool, busiest);
  const serviceDate = addDays(today, 3);

  app = await startBenchApp(pool);
  const cookie = await signIn(app, 'dispatcher');
  const post = async (path, body) => {
    const res = await fetch(`${app.base}/api/${path}`, {
      method: 'POST',
      headers: { ...app.headers, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    await new Promise((resolve) => setImmediate(resolve));
    return { json, elapsed: app.serverMs() };
  };

  /** Books and saves again `n` times (after ten not counted), each booking removed after its save. */
  async function saves(who, n) {
    const creates = [];
    const updates = [];
    for (let i = 0; i < n + 10; i++) {
      if (i % 25 === 0) globalThis.gc?.();
      const id = randomUUID();
      const made = await post('drive-assignments-detailed', reservation(who, serviceDate, id));
      const again = reservation(who, serviceDate, id, 5);
      const saved = await post('drive-assignments-detailed', {
        ...again,
        modCount: made.json.trip.modCount,
        tripLegs: again.tripLegs.map((l, k) => ({ ...l, id: made.json.trip.tripLegs[k].id })),
      });
      await pool.query('delete from drive_assignments where id = $1', [id]);
      if (i >= 10) {
        creates.push(made.elapsed);
        updates.push(saved.elapsed);
      }
    }
    return { create: stats(creates), update: stats(updates) };
  }

  async function checks(who, n) {
    const check = {
      passengerId: who.passengerId,
      memberId: who.memberId,
      serviceDate,
      serviceType: '01',
      appointmentType: 'Dialysis',
      serviceTime: '09:00:00',
      pickupId: who.home,
      dropoffId: who.clinic,
    };
    const times = [];
    let verdict = null;
    for (let i = 0; i < n + 10; i++) {
      const r = await post('coverage-check', check);
      verdict = r.json;
      if (i >= 10) times.push(r.elapsed);
    }
    return { ...stats(times), verdict };
  }

  const line = (what, t) => `${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`;
  const saved = await saves(member, REQUESTS);
  const checked = await checks(member, REQUESTS);
  log(`a new member (${REQUESTS} each):`);
  log(`  ${line('booking a 4-leg trip', saved.create)}`);
  log(`  ${line('saving it again with new times', saved.update)}`);
  log(`  ${line(`coverage-check (${checked.verdict.error ?? 'covered'}; ${checked.verdict.partners?.length ?? 0} partners)`, checked)}`);
  const heavy = await saves(busiest, 40);
  const heavyCheck = await checks(busiest, 40);
  const { rows: load } = await pool.query(
    `select count(distinct tl.drive_assignment_id)::int as n from trip_legs tl where tl.passenger_id = $1 and tl.serv_date_beg = $2`,
    [busiest.passengerId, serviceDate],
  );
  log(`the seed's busiest member (${load[0].n} trips on the day, 40 each):`);
  log(`  ${line('booking', heavy.create)}; ${line('saving again', heavy.update)}`);
  log(`  ${line(`coverage-check (${heavyCheck.verdict.error ?? 'covered'})`, heavyCheck)}`);
  const ok = saved.create.p95 <= BUDGET_SAVE_MS && saved.update.p95 <= BUDGET_SAVE_MS && checked.p95 <= BUDGET_COVERAGE_MS;
  log(`budget save p95 <= ${BUDGET_SAVE_MS} ms, coverage-check p95 <= ${BUDGET_COVERAGE_MS} ms (a new member): ${ok ? 'met' : 'MISSED'}`);
  await pool.query('delete from contacts where id = $1', [member.passengerId]);
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(`[reservation-save] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await app?.close().catch(() => {});
  await db?.close().catch(() => {});
  remove();
}
