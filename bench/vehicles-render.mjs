// Vehicle list budget: for a partner with 500 vehicles, /vehicles renders its first
// screen of rows within 1 s in Chromium: from navigation start until the count "500 vehicles" and
// the first rows are in the document, and the next frame after that.
//
//   node bench/vehicles-render.mjs [--data-dir DIR [--trips-per-day N] [--days D]] [--visits V]
//
// The portal runs as its own process on a fresh embedded database with the demo data (or the
// seeded folder of --data-dir) and serves the web build named by WEB_DIST, else apps/web/dist
// (build it first: (cd apps/web && npx vite build --outDir DIR)). The demo `partner` login's
// company is given vehicles until it has 500, each with a valid VIN. Raw Chromium over the DevTools
// protocol (no Network domain), browser, portal and PostgreSQL on one machine. Each visit is a full
// navigation to /vehicles after another page; the first after the portal starts is reported apart.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase } from './lib/bench-database.mjs';
import { startPortal } from './lib/portal.mjs';
import { renderBench, timeVisits } from './lib/render-bench.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
runUnderTsx(import.meta.url);

const { args, visits: VISITS, webDist, log, launch } = renderBench('vehicles-render', root);
const VEHICLES = 500;
const BUDGET_MS = 1_000;

/** Installed before the page's scripts: `window.__vehiclesShown` holds when the list was in the document and the frame after (ms since navigation start). */
const READY = `(() => {
  const ready = () => document.querySelector('[data-vehicle-id]') && document.body.textContent.includes(${JSON.stringify(`${VEHICLES} vehicles`)});
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    const at = Math.round(performance.now());
    const nav = performance.getEntriesByType('navigation')[0];
    const calls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/'))
      .map((e) => new URL(e.name).pathname.slice(5) + ' ' + Math.round(e.startTime) + '-' + Math.round(e.responseEnd));
    const rows = document.querySelectorAll('[data-vehicle-id]').length;
    requestAnimationFrame(() => setTimeout(() => (window.__vehiclesShown = { at, shown: Math.round(performance.now()), loaded: Math.round(nav.domContentLoadedEventEnd), rows, calls })));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Gives the partner company vehicles until it has `count`, each with its own valid VIN. */
async function fillFleet(db, partnerId, count) {
  const { vinCheckDigit } = await import('@tripline/core');
  const { rows: [have] } = await db.query('select count(*)::int as n from vehicles where partner_id = $1 and not deleted', [partnerId]);
  const numbers = [];
  const vins = [];
  for (let i = 0; numbers.length < count - have.n; i++) {
    const draft = `5TDKZ3DC0LS${String(700000 + i).padStart(6, '0')}`;
    numbers.push(`BEN-${1000 + i}`);
    vins.push(draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9));
  }
  await db.query(
    `insert into vehicles (vehicle_number, vehicle_type, vin, partner_id, manufacturer, model, model_year, license_plate,
       ambulatory_seating_capacity, wheelchair_seating_capacity, ambulatory_ability, lift_type, available, term_date)
     select n, case when i % 3 = 0 then 'Ambulatory Sedan' else 'Wheelchair Van' end, v, $3, 'Toyota', 'Sienna', 2020, 'BEN-' || i,
            4, case when i % 3 = 0 then 0 else 1 end, '{Ambulatory,Wheelchair}', 'Side ramp', i % 17 <> 0,
            case when i % 29 = 0 then current_date - 10 end
       from unnest($1::text[], $2::text[]) with ordinality as x(n, v, i)
     on conflict do nothing`,
    [numbers, vins, partnerId],
  );
  const { rows: [now] } = await db.query('select count(*)::int as n from vehicles where partner_id = $1 and not deleted', [partnerId]);
  return now.n;
}

const cleanups = [];
try {
  const dbUrl = await benchDatabase({
    dataDir: args['data-dir'],
    tripsPerDay: args['trips-per-day'],
    days: args.days,
    prefix: 'tripline-bench-vehicles-',
    cleanups,
    log,
  });
  const portal = await startPortal({ root, dbUrl, env: { WEB_DIST: webDist } });
  cleanups.push(() => portal.stop());
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows: [partner] } = await db.query(`select parent_id as id from contacts where username = 'partner'`);
  const fleet = await fillFleet(db, partner.id, VEHICLES);
  await db.query('analyze vehicles');
  await db.end();
  if (fleet !== VEHICLES) throw new Error(`the partner has ${fleet} vehicles, not ${VEHICLES}`);
  log(`the demo partner's company has ${fleet} vehicles`);

  const browser = await launch();
  cleanups.push(() => browser.close());
  const target = `${portal.base}/vehicles`;
  await browser.addInitScript(READY);
  const { first, rest, median, stats: s } = await timeVisits(browser, { base: portal.base, user: 'partner', target, readyExpression: 'window.__vehiclesShown', visits: VISITS });
  log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`first visit after the portal started: in the document at ${first.at} ms, shown ${first.shown} ms (${first.rows} rows drawn of ${VEHICLES})`);
  log(`median visit: scripts loaded at ${median.loaded} ms; API calls (ms from navigation start): ${median.calls.join(', ')}`);
  log(`${rest.length} visits, navigation start to the list shown: p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (budget ${BUDGET_MS} ms)`);
  const met = s.p95 <= BUDGET_MS && first.shown <= BUDGET_MS;
  process.exitCode = met ? 0 : 1;
  log(met ? 'budget met' : 'budget MISSED');
} catch (e) {
  console.error(`[vehicles-render] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}
