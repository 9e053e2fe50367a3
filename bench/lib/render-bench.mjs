// What the render benchmarks share: their options (a seeded folder or a fresh demo, visits), the
// web build they serve, their log prefix and the Chromium they drive.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stats } from './in-process.mjs';
import { launchRawChromium } from './raw-chromium.mjs';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Reads the common options and checks the web build (WEB_DIST, else apps/web/dist) exists. */
export function renderBench(name, root) {
  const { values: args } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'trips-per-day': { type: 'string', default: '3000' },
      days: { type: 'string', default: '7' },
      visits: { type: 'string', default: '10' },
    },
  });
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no web build in ${webDist}: build it first (see the head of the benchmark)`);
  return {
    args,
    visits: Number(args.visits),
    webDist,
    log: (s) => console.log(`[${name}] ${s}`),
    launch: () => launchRawChromium({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }),
  };
}

/**
 * Signs `user` in on the browser's page (the demo password), then visits `target` `visits + 1`
 * times, each a full navigation after another page, answering what `readyExpression` (set by the
 * page's init script) held each time: the first visit, then the rest, the median and their stats.
 */
export async function timeVisits(browser, { base, user, target, readyExpression, visits }) {
  await browser.goto(`${base}/login`);
  await browser.waitFor(`${base}/login`, "document.readyState === 'complete'");
  const { DEMO_PASSWORD } = await import('../../apps/server/src/modules/demo/index.ts');
  const { CLIENT_VERSION } = await import('@tripline/core');
  const status = await browser.evaluate(
    `fetch('/api/login', { method: 'POST', headers: { Authorization: 'Basic ' + btoa(${JSON.stringify(`${user}:${DEMO_PASSWORD}`)}), 'X-Client-Version': '${CLIENT_VERSION}' } }).then((r) => r.status)`,
  );
  if (status !== 200) throw new Error(`sign-in answered ${status}`);
  const seen = [];
  for (let i = 0; i <= visits; i++) {
    await browser.goto(`${base}/messages`);
    await browser.waitFor(`${base}/messages`, "document.readyState === 'complete'");
    await browser.goto(target);
    seen.push(await browser.waitFor(target, readyExpression));
  }
  const [first, ...rest] = seen;
  const median = [...rest].sort((a, b) => a.shown - b.shown)[Math.floor((rest.length - 1) / 2)];
  return { first, rest, median, stats: stats(rest.map((v) => v.shown)) };
}
