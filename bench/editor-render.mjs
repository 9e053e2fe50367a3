// Reservation editor budget (spec 2 §2): /drive-assv-edit/{id} for an existing trip is interactive
// within 500 ms in Chromium: from navigation start until the trip's title, every leg with its
// passenger and the Save button are in the document with nothing still loading, and the next frame
// after that.
//
//   node bench/editor-render.mjs [--data-dir DIR [--trips-per-day N] [--days D]] [--visits V]
//
// The portal runs as its own process on the seeded folder (the million-trip run is --data-dir with
// --trips-per-day 27000 --days 37; a folder without trips is seeded first) and serves the web build
// named by WEB_DIST, else apps/web/dist (build it first: (cd apps/web && npx vite build --outDir DIR)).
// Raw Chromium over the DevTools protocol (no Network domain, as bench/home-render.mjs), browser,
// portal and PostgreSQL on the same machine, signed in as the demo `dispatcher`. Each visit is a
// full navigation to a trip with four legs; the first after the portal starts is reported apart.
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

const { args, visits: VISITS, webDist, log, launch } = renderBench('editor-render', root);
const BUDGET_MS = 500;

/** Installed before the page's scripts: `window.__editorReady` holds when (ms since navigation start) the editor became usable and the frame after. */
const READY = (ref, legs) => `(() => {
  const ready = () => {
    const title = document.querySelector('h1');
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Save');
    const passengers = [...document.querySelectorAll('input')].filter((i) => i.labels?.[0]?.textContent.startsWith('Passenger') && i.value);
    return title?.textContent.includes(${JSON.stringify(ref)}) && save && passengers.length >= ${legs};
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    const at = Math.round(performance.now());
    // what the time went to: the document's scripts, and each API call (start and end)
    const nav = performance.getEntriesByType('navigation')[0];
    const calls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/'))
      .map((e) => new URL(e.name).pathname.slice(5) + ' ' + Math.round(e.startTime) + '-' + Math.round(e.responseEnd));
    requestAnimationFrame(() => setTimeout(() => (window.__editorReady = { at, shown: Math.round(performance.now()), loaded: Math.round(nav.domContentLoadedEventEnd), calls })));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

const cleanups = [];
try {
  const dbUrl = await benchDatabase({
    dataDir: args['data-dir'],
    tripsPerDay: args['trips-per-day'],
    days: args.days,
    prefix: 'tripline-bench-editor-',
    cleanups,
    log,
  });
  const db = new pg.Client({ connectionString: dbUrl });
  const portal = await startPortal({ root, dbUrl, env: { WEB_DIST: webDist } });
  cleanups.push(() => portal.stop());
  await db.connect();
  // a trip of the coming week with four legs, each with a passenger (the editor's usual load)
  const { rows: [trip] } = await db.query(
    `select da.reference_number as ref, count(tl.id)::int as legs from drive_assignments da join trip_legs tl on tl.drive_assignment_id = da.id
      where da.service_date between current_date and current_date + 7 and tl.passenger_id is not null
      group by da.id order by count(tl.id) desc, da.reference_number limit 1`,
  );
  const { rows: [size] } = await db.query('select count(*)::int as trips, (select count(*)::int from trip_legs) as legs from drive_assignments');
  await db.end();
  log(`database: ${size.trips.toLocaleString('en-US')} trips, ${size.legs.toLocaleString('en-US')} legs; trip ${trip.ref} with ${trip.legs} legs`);

  const browser = await launch();
  cleanups.push(() => browser.close());
  const target = `${portal.base}/drive-assv-edit/${trip.ref}`;
  await browser.addInitScript(READY(trip.ref, trip.legs));
  const { first, rest, median, stats: s } = await timeVisits(browser, { base: portal.base, user: 'dispatcher', target, readyExpression: 'window.__editorReady', visits: VISITS });
  log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`first visit after the portal started: usable at ${first.at} ms, shown ${first.shown} ms`);
  log(`median visit: scripts loaded at ${median.loaded} ms; API calls (ms from navigation start): ${median.calls.join(', ')}`);
  log(`${rest.length} visits, navigation start to the editor shown: p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (budget ${BUDGET_MS} ms)`);
  process.exitCode = s.p95 <= BUDGET_MS ? 0 : 1;
  log(s.p95 <= BUDGET_MS ? 'budget met' : 'budget MISSED');
} catch (e) {
  console.error(`[editor-render] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}
