// Contact search budget (spec 2 §2, §5): on a register of 500,000 generated contacts
// (each with a phone and a member id, names drawn from the demo's first and last names so that a
// last name is shared by thousands), GET contacts?q as the demo `dispatcher` over loopback HTTP:
//   - by name (a full name, a last name alone, words in the other order, two word starts): p95 <= 100 ms;
//   - by phone (all ten digits, or the last four): p95 <= 100 ms;
//   - by member id: p95 <= 100 ms.
// Server time is Fastify's. Each kind's EXPLAIN (ANALYZE, BUFFERS) of the statement the server
// runs is written to bench/plans/contact-search-<kind>.txt.
//
//   node bench/contact-search.mjs [--data-dir DIR] [--contacts N] [--requests R]
//
// On a fresh folder (or a --data-dir without trips) the demo operator with a few trips is seeded
// first; the generated contacts are added once (a kept folder that has them is reused).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ms, openSeededDatabase, signIn, startBenchApp, stats } from './lib/in-process.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';

runUnderTsx(import.meta.url);

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: '500000' },
    requests: { type: 'string', default: '200' },
    'trips-per-day': { type: 'string', default: '50' },
    days: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
  },
});
const CONTACTS = Number(args.contacts);
const REQUESTS = Number(args.requests);
const BUDGET_MS = 100;
const PLANS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plans');
const log = (s) => console.log(`[contact-search] ${s}`);

const { FIRST_NAMES, LAST_NAMES, DEMO_USER_IDS } = await import('../apps/server/src/modules/demo/people.ts');
const { listContacts } = await import('../apps/server/src/modules/contacts/register.ts');
const { loadSessionUser } = await import('../apps/server/src/platform/auth/users.ts');
const { operatorToday } = await import('@tripline/core');

/** The generated register: BM-numbered member ids, a 575 phone each, a date of birth. */
async function generateContacts(pool, n) {
  const { rows } = await pool.query(`select count(*)::int as n from contacts where member_id like 'BM%'`);
  if (rows[0].n >= n) return log(`reusing ${rows[0].n.toLocaleString('en-US')} generated contacts`);
  log(`generating ${n.toLocaleString('en-US')} contacts with phones and member ids`);
  const started = performance.now();
  await pool.query(
    `insert into contacts (name, first_name, last_name, types, member_id, date_of_birth)
     select f || ' ' || l, f, l, '{S/N Passenger}', 'BM' || lpad(i::text, 9, '0'), date '1930-01-01' + (i * 37 % 27000)::int
       from generate_series($3::bigint + 1, $4::bigint) i,
            lateral (select ($1::text[])[(1 + (i * 7919) % cardinality($1::text[]))::int] as f,
                            ($2::text[])[(1 + (i * 104729 / 7) % cardinality($2::text[]))::int] as l) names`,
    [FIRST_NAMES, LAST_NAMES, rows[0].n, n],
  );
  await pool.query(
    `insert into contact_phones (contact_id, phone_number_with_area_code, type, main)
     select c.id, '575' || lpad(((substr(c.member_id, 3)::bigint * 7919) % 10000000)::text, 7, '0'), 'Cell', true
       from contacts c
      where c.member_id like 'BM%' and not exists (select 1 from contact_phones p where p.contact_id = c.id)`,
  );
  await pool.query('analyze contacts');
  await pool.query('analyze contact_phones');
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Queries of each kind, drawn from the generated contacts so each finds someone. */
async function queries(pool) {
  const { rows } = await pool.query(
    `select c.first_name, c.last_name, c.member_id, p.phone_number_with_area_code as phone
       from contacts c join contact_phones p on p.contact_id = c.id
      where c.member_id like 'BM%' order by md5(c.member_id) limit 400`,
  );
  const name = rows.flatMap((r, i) => {
    const forms = [`${r.first_name} ${r.last_name}`, r.last_name, `${r.last_name} ${r.first_name}`, `${r.first_name.slice(0, 3)} ${r.last_name.slice(0, 3)}`];
    return [forms[i % forms.length]];
  });
  const phone = rows.map((r, i) => (i % 2 ? r.phone : r.phone.slice(-4)));
  const memberId = rows.map((r) => r.member_id.toLowerCase());
  return { name, phone, memberId };
}

let db;
let app;
let remove = () => {};
try {
  ({ db, remove } = await openSeededDatabase(args, 'tripline-bench-contacts-', log));
  const { pool } = db;
  await generateContacts(pool, CONTACTS);
  const { rows: size } = await pool.query('select count(*)::int as contacts, (select count(*)::int from contact_phones) as phones from contacts');
  log(`database: ${size[0].contacts.toLocaleString('en-US')} contacts, ${size[0].phones.toLocaleString('en-US')} phones`);
  const kinds = await queries(pool);

  app = await startBenchApp(pool);
  const cookie = await signIn(app, 'dispatcher');
  const search = async (q) => {
    const res = await fetch(`${app.base}/api/contacts?q=${encodeURIComponent(q)}`, { headers: { ...app.headers, cookie } });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`contacts?q=${q} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    await new Promise((resolve) => setImmediate(resolve));
    return { found: json.contacts.length, elapsed: app.serverMs() };
  };

  const results = {};
  for (const [kind, list] of Object.entries(kinds)) {
    const times = [];
    let empty = 0;
    for (let i = 0; i < REQUESTS + 10; i++) {
      const r = await search(list[i % list.length]);
      if (r.found === 0) empty++;
      if (i >= 10) times.push(r.elapsed);
    }
    results[kind] = { ...stats(times), empty };
  }

  // the plan of the statement the server runs for one query of each kind
  const user = await loadSessionUser(pool, DEMO_USER_IDS.dispatcher, null);
  const today = operatorToday(new Date());
  fs.mkdirSync(PLANS, { recursive: true });
  for (const [kind, list] of Object.entries(kinds)) {
    const q = list[1];
    const plans = [];
    const explaining = {
      query: async (text, params) => {
        const plan = await pool.query(`explain (analyze, buffers) ${text}`, params);
        plans.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return pool.query(text, params);
      },
    };
    await listContacts(explaining, user, { q, includeDeleted: false }, today);
    const file = path.join(PLANS, `contact-search-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.txt`);
    fs.writeFileSync(file, `-- GET contacts?q=${q} on ${size[0].contacts.toLocaleString('en-US')} contacts\n${plans.join('\n\n-- then similar names\n')}\n`);
  }

  const line = (kind, t) => `${kind}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}${t.empty ? ` (${t.empty} found no one)` : ''}`;
  log(`${REQUESTS} searches of each kind:`);
  let over = false;
  for (const [kind, t] of Object.entries(results)) {
    log(`  ${line(kind, t)}${t.p95 > BUDGET_MS ? `  OVER the ${BUDGET_MS} ms budget` : ''}`);
    over ||= t.p95 > BUDGET_MS;
  }
  log(`plans in ${path.relative(process.cwd(), PLANS)}/contact-search-*.txt`);
  process.exitCode = over ? 1 : 0;
} finally {
  await app?.close();
  await db?.close();
  remove();
}
