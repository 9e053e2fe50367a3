// What the render benchmarks share: their options (a seeded folder or a fresh demo, visits), the
// web build they serve, their log prefix and the Chromium they drive.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
