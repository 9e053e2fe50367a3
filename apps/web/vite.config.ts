import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_PAINT_PAGE, FIRST_PAINT_SCREEN, firstPaintPage } from './src/app/first-paint.ts';

// The API runs as its own process in development; the browser still sees one origin.
const apiTarget = process.env.TRIPLINE_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiTarget, ws: true } };

// A dated build stamp, sent as X-App-Version so the server can tell builds apart in its logs.
const appVersion = process.env.VITE_APP_VERSION ?? new Date().toISOString().slice(0, 16).replace('T', ' ');

/** The product mark's glyph (the route icon the app header shows), as plain SVG markup. */
function markSvg(): string {
  const fromIcons = createRequire(createRequire(import.meta.url).resolve('@tabler/icons-react'));
  const svg = fs.readFileSync(fromIcons.resolve('@tabler/icons/outline/route.svg'), 'utf8');
  return svg.replace(/\s+/g, ' ').replace(/> </g, '><').trim();
}

/** The script files of the chunk built from `module` and of every chunk it imports (not on demand). */
function chunkFiles(bundle: Rolldown.OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
  if (!start) throw new Error(`the build has no chunk for ${module}`);
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) add(imported);
  };
  add(start.fileName);
  return [...files];
}

/** Writes the portal homes' page: index.html with the header and "Loading your trips" already in it. */
function portalFirstPaint(): Plugin {
  return {
    name: 'tripline-portal-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const page = firstPaintPage(String(index.source), markSvg(), chunkFiles(bundle, FIRST_PAINT_SCREEN));
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_PAGE, source: page });
    },
  };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Brotli's best quality takes about a second per 200 KB: used up to this size, a faster one above (the map). */
const BEST_BROTLI_UP_TO = 512 * 1024;

/**
 * Brotli and gzip copies of every script, style sheet and page, written once at build time: the
 * server sends them to browsers that accept them (a third to a quarter of the bytes on a slow
 * phone connection) without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'tripline-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(data, { level: 9 }),
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: data.length <= BEST_BROTLI_UP_TO ? 11 : 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), portalFirstPaint(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which files each page loads first (bench/initial-js.mjs reads it).
    manifest: true,
    rolldownOptions: {
      // The shared core's modules only declare things (schemas, rules, texts), apart from the one
      // that words validation messages: what a page does not use stays out of its download.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) || /[\\/]api[\\/]messages\.ts$/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change less often than the app and every page needs them: one
            // file that stays cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod with the module that turns its compiled parsers off (lib/strict-csp.ts), that one
            // first: every schema is built after it, so zod never probes for eval, which the content
            // security policy refuses and reports.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]strict-csp\.ts$/, priority: 2 },
            // The trip map's libraries and county atlas load only with the map (trip inspect).
            { name: 'map', test: /node_modules[\\/](leaflet|topojson-client|us-atlas)[\\/]/, priority: 1 },
            // What every first page loads anyway (main.tsx and all it imports, not on demand: the
            // frame, the sign-in steps, the Mantine components they use) in one file rather than
            // dozens of small ones, each a request and a round trip on a slow phone connection.
            { name: 'app', tags: ['$initial'] },
            // Everything else (the screens' own Mantine components, dates, charts) is split by the
            // screens that use it, so a page downloads only its own.
          ],
        },
      },
    },
  },
});
