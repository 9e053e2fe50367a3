// Passenger portal first render budget: /passenger-portal/ paints its header and
// "Loading your trips" within 1 s on a slow phone connection, from index.html's own markup; when the
// trips appear is recorded too.
//
//   node bench/portal-first-render.mjs [--runs N]
//
// Starts the portal as its own process on a fresh embedded database with the demo data, serving the
// web build named by WEB_DIST, else apps/web/dist (build it first: (cd apps/web && npx vite build
// --outDir DIR)). Chromium under playwright-core, throttled as Lighthouse's mobile Slow 4G: 150 ms
// latency, 1.6 Mbps down, 750 kbps up (DevTools network emulation), the CPU 4× slower, a 375×812
// phone screen. Each run is a new browser context (cold cache, new connections) signed in as the
// demo passenger by its session cookie set before the navigation. Five runs by default: the median
// and the worst first contentful paint (whether it was the page's own markup, painted before React
// replaced it), when React took over, and when the trips (or "No trips found") were in the document
// and the frame after; with the bytes the page fetched until then. Exits 1 when a run paints later
// than 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { benchDatabase } from './lib/bench-database.mjs';
import { startPortal } from './lib/portal.mjs';
import { runUnderTsx } from './lib/under-tsx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
runUnderTsx(import.meta.url);

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const log = (s) => console.log(`[portal-first-render] ${s}`);
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
if (!fs.existsSync(path.join(webDist, 'portal-home.html'))) throw new Error(`no web build with the portal's first paint in ${webDist}: build it first (see the head of this file)`);
const RUNS = Number(args.runs);
const BUDGET_MS = 1_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** Lighthouse's mobile Slow 4G, as DevTools network emulation takes it (bytes per second). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, connectionType: 'cellular4g' };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 };

/**
 * Installed in the page before its own scripts. Records in `window.__portalRender`, in ms since
 * navigation start: the first contentful paint, React replacing the page's own markup (its first
 * paint gone from the document), the trips (a trip's link, or "No trips found") in the document and the
 * frame after that.
 */
const MARKS = `(() => {
  const marks = (window.__portalRender = {});
  const now = () => Math.round(performance.now());
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = Math.round(e.startTime);
  }).observe({ type: 'paint', buffered: true });
  const observer = new MutationObserver(() => {
    if (marks.staticHeader === undefined && document.querySelector('#first-paint > .fp-header')) marks.staticHeader = true;
    if (marks.staticHeader && marks.react === undefined && !document.getElementById('first-paint')) marks.react = now();
    const trips = document.querySelector('main a[href*="daId="]') || /No trips found/.test(document.querySelector('main')?.textContent ?? '');
    if (trips && marks.trips === undefined) {
      const nav = performance.getEntriesByType('navigation')[0];
      marks.page = Math.round(nav.responseEnd);
      marks.trips = now();
      marks.tripLinks = document.querySelectorAll('main a[href*="daId="]').length;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (marks.shown = now())));
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Signs the demo passenger in over the API: the session cookie to set in each new context. */
async function passengerCookies(base) {
  const { DEMO_PASSWORD } = await import('../apps/server/src/modules/demo/index.ts');
  const { CLIENT_VERSION } = await import('@tripline/core');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`passenger:${DEMO_PASSWORD}`).toString('base64')}`, 'x-client-version': String(CLIENT_VERSION), origin: base },
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
}

/** One cold visit of the passenger home, throttled: its marks and the bytes fetched by kind until the trips were shown. */
async function visit(browser, base, cookies) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(MARKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const kinds = new Map();
    const bytes = {};
    cdp.on('Network.responseReceived', (e) => kinds.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const kind = kinds.get(e.requestId) ?? 'Other';
      bytes[kind] = (bytes[kind] ?? 0) + e.encodedDataLength;
    });
    await page.goto(`${base}/passenger-portal/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__portalRender?.shown !== undefined && window.__portalRender.fcp !== undefined, null, { timeout: 60_000, polling: 50 });
    const marks = await page.evaluate(() => window.__portalRender);
    const requests = kinds.size;
    return { ...marks, staticPaint: marks.staticHeader === true && (marks.react === undefined || marks.fcp < marks.react), bytes: { ...bytes }, requests };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const kb = (n) => `${((n ?? 0) / 1024).toFixed(0)} KB`;

const cleanups = [];
try {
  log(`web build ${webDist}`);
  const dbUrl = await benchDatabase({ prefix: 'tripline-bench-portal-paint-', cleanups, log });
  const portal = await startPortal({ root, dbUrl, env: { WEB_DIST: webDist } });
  cleanups.push(() => portal.stop());
  const cookies = await passengerCookies(portal.base);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  log(`Slow 4G (${SLOW_4G.latency} ms, 1.6 Mbps down, 750 kbps up), CPU ${CPU_SLOWDOWN}× slower, 375×812 phone, cold cache each run`);

  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const r = await visit(browser, portal.base, cookies);
    runs.push(r);
    log(
      `run ${i}: page received ${r.page} ms, first paint ${r.fcp} ms (${r.staticPaint ? "the page's own header and status" : 'drawn by React'}), React took over at ${r.react ?? '—'} ms, ` +
        `trips in the document at ${r.trips} ms (${r.tripLinks} trips), shown ${r.shown} ms; ${r.requests} requests, ` +
        `scripts ${kb(r.bytes.Script)}, styles ${kb(r.bytes.Stylesheet)}, page ${kb(r.bytes.Document)}, API ${kb((r.bytes.Fetch ?? 0) + (r.bytes.XHR ?? 0))}`,
    );
  }
  const fcps = runs.map((r) => r.fcp);
  const shown = runs.map((r) => r.shown);
  log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`first contentful paint: median ${median(fcps)} ms, worst ${Math.max(...fcps)} ms (budget ${BUDGET_MS} ms)`);
  log(`trips shown: median ${median(shown)} ms, worst ${Math.max(...shown)} ms`);
  const met = Math.max(...fcps) <= BUDGET_MS && runs.every((r) => r.staticPaint);
  process.exitCode = met ? 0 : 1;
  log(met ? "budget met: every run painted the page's own header and status within 1 s" : 'budget MISSED');
} catch (e) {
  console.error(`[portal-first-render] failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}
