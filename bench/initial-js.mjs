// Download budget of the passenger portal: what /passenger-portal/ fetches before its first screen.
//
//   node bench/initial-js.mjs [DIST]      (DIST: a web build, default WEB_DIST, else apps/web/dist)
//
// Reads the build manifest (vite build.manifest) and each chunk's source map of a web build
// (build it first: (cd apps/web && npx vite build --outDir DIR)). The initial JS is the entry
// (index.html's script) and every chunk it imports statically, at most 250 KB gzip; the first
// screen adds the passenger home's chunk, which the entry loads on demand, and its own static
// imports. Neither may hold Leaflet, echarts, the map data or another route's screen; the entry
// holds no date pickers either (the home may, for its search).
// Exits 1 over budget or when one of those is found, 2 when the build cannot be read.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 250;
const ENTRY = 'index.html';
const SCREENS = 'apps/web/src/app/screens.tsx';
/** The passenger home's module: lazily loaded, yet needed for the first screen. */
const PORTAL_HOME = 'src/features/portal-trips/PortalHomePage.tsx';
/** Screens of the portal roles (and sign-in): the only screens the passenger may download first. */
const PORTAL_SCREEN_FOLDERS = ['features/portal-trips/', 'features/portal-accounts/', 'features/portal-request/', 'features/auth/'];
/** Libraries of maps and charts: never before the passenger's first screen. */
const MAPS_AND_CHARTS = ['leaflet', 'echarts', 'zrender', 'topojson-client', 'us-atlas'];
/** …nor date pickers in the entry, which every page loads. */
const ENTRY_FORBIDDEN = [...MAPS_AND_CHARTS, '@mantine/dates', 'dayjs'];
/** Every endpoint with its schemas: the first page's modules name their own endpoint group (authEndpoints) instead. */
const CONTRACT = 'packages/core/src/api/contract.ts';

function fail(message, code = 2) {
  console.error(message);
  process.exit(code);
}

/**
 * The screens a passenger's first page must not carry: every screen module of the route table
 * outside the portal's own folders (the back office, the partner's day, the shared help pages).
 */
export function staffScreens(screensSource) {
  const modules = [...screensSource.matchAll(/import\(\s*'\.\.\/(features\/[^']+)'\s*\)/g)].map((m) => m[1]);
  return modules.filter((m) => !PORTAL_SCREEN_FOLDERS.some((folder) => m.startsWith(folder)));
}

/** The chunk files reached from `start` through static imports, in load order. */
function staticClosure(manifest, start, seen = new Set()) {
  const entry = manifest[start];
  if (!entry) fail(`${start} is not in the build manifest`);
  if (seen.has(entry.file)) return [];
  seen.add(entry.file);
  const files = [entry.file];
  for (const imported of entry.imports ?? []) files.push(...staticClosure(manifest, imported, seen));
  return files;
}

/**
 * Source files of a chunk, from its source map: relative to the repository, or
 * `node_modules/<package>/…`. Only the bundler's own small runtime comes without a map.
 */
function chunkSources(dist, file, kb) {
  const mapFile = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    if (kb < 2) return [];
    fail(`${file} has no source map: build with build.sourcemap on`);
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const base = path.dirname(path.join(dist, file));
  return map.sources.map((s) => {
    const absolute = path.resolve(base, map.sourceRoot ?? '', s);
    const inModules = absolute.lastIndexOf(`${path.sep}node_modules${path.sep}`);
    return inModules >= 0 ? absolute.slice(inModules + 1) : path.relative(root, absolute);
  });
}

function packageOf(source) {
  if (!source.startsWith('node_modules/')) return source.split('/').slice(0, source.startsWith('apps/') ? 4 : 3).join('/');
  const parts = source.slice('node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Gzip size in KB (zlib's default level, as servers compress on the fly). */
function gzipKb(dist, file) {
  return gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
}

/** What a set of chunks weighs and holds that it must not. */
export function inspect(dist, files, staff, forbidden) {
  const chunks = files.map((file) => {
    const kb = gzipKb(dist, file);
    return { file, kb, sources: chunkSources(dist, file, kb) };
  });
  const sources = chunks.flatMap((c) => c.sources);
  const heavy = [...new Set(sources.map(packageOf).filter((p) => forbidden.includes(p)))];
  const screens = staff.filter((screen) => sources.some((s) => s.endsWith(`apps/web/src/${screen}`)));
  const wholeContract = sources.some((s) => s.endsWith(CONTRACT));
  return { chunks, kb: chunks.reduce((sum, c) => sum + c.kb, 0), heavy, screens, wholeContract };
}

function print(title, result) {
  console.log(`${title}: ${result.kb.toFixed(1)} KB gzip in ${result.chunks.length} files`);
  for (const c of [...result.chunks].sort((a, b) => b.kb - a.kb)) {
    const packages = [...new Set(c.sources.map(packageOf))];
    const shown = packages.slice(0, 6).join(', ') + (packages.length > 6 ? `, … (${packages.length} in all)` : '');
    console.log(`  ${c.kb.toFixed(1).padStart(6)} KB  ${c.file}  ${shown}`);
  }
}

function main() {
  const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) fail(`No build manifest at ${manifestFile}: build the web app first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const staff = staffScreens(fs.readFileSync(path.join(root, SCREENS), 'utf8'));
  if (!staff.length) fail(`No staff screens found in ${SCREENS}`);

  const initialFiles = staticClosure(manifest, ENTRY);
  const initial = inspect(dist, initialFiles, staff, ENTRY_FORBIDDEN);
  print('Initial JS of /passenger-portal/ (entry and its static imports)', initial);
  const screenFiles = staticClosure(manifest, PORTAL_HOME, new Set(initialFiles));
  const screen = inspect(dist, screenFiles, staff, MAPS_AND_CHARTS);
  print('Added for the first screen (the passenger home and its imports)', screen);
  console.log(`First screen in all: ${(initial.kb + screen.kb).toFixed(1)} KB gzip`);
  if (initial.wholeContract) console.log(`Note: the initial JS holds the whole API contract (${CONTRACT}), every endpoint's schemas`);

  const problems = [];
  if (initial.kb > BUDGET_KB) problems.push(`the initial JS is ${initial.kb.toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget`);
  for (const [name, result] of [['initial JS', initial], ['passenger home', screen]]) {
    if (result.heavy.length) problems.push(`the ${name} holds ${result.heavy.join(', ')}`);
    if (result.screens.length) problems.push(`the ${name} holds screens of other routes: ${result.screens.join(', ')}`);
  }
  if (problems.length) fail(`Over budget: ${problems.join('; ')}`, 1);
  console.log(`Within budget (${BUDGET_KB} KB gzip); no Leaflet, echarts, map data or other routes' screens, no date pickers in the entry.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
