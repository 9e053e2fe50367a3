import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION } from '@tripline/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Pool } from 'pg';
import { buildApp } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { localFileStore, type FileStore } from '../src/platform/providers/files.ts';
import type { GeoServices } from '../src/platform/providers/geo.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { outboxMessenger } from '../src/platform/providers/messaging.ts';
import type { AppDeps } from '../src/platform/deps.ts';

export const ORIGIN = 'http://localhost:80';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  files: FileStore;
  /** The folder of the stored files, removed when the app closes. */
  filesDir: string;
}

export async function buildTestApp(
  pool: Pool,
  clock = new ManualClock(),
  config: { searchTimeoutMs?: number; secureCookies?: boolean; mapTiles?: AppDeps['config']['mapTiles'] } = {},
  options: { webDist?: string; trustProxy?: boolean; geo?: GeoServices } = {},
): Promise<TestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-files-'));
  const files = localFileStore(filesDir);
  const app = await buildApp(
    {
      pool,
      clock,
      messenger: outboxMessenger(pool),
      files,
      geo: options.geo ?? geoServices(),
      config: { secureCookies: false, appVersion: 'test', ...config },
    },
    { webDist: options.webDist, trustProxy: options.trustProxy },
  );
  app.addHook('onClose', async () => fs.rmSync(filesDir, { recursive: true, force: true }));
  await app.ready();
  return { app, clock, files, filesDir };
}

/**
 * A stand-in for the built web app: index.html (with the given head/body) and one script under
 * assets/, in a folder of its own that the caller removes.
 */
export function fakeWebBuild(indexHtml = '<!doctype html><title>Tripline</title>'): string {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'app-1.js'), 'console.log(1)');
  return web;
}

/** A browser-like client: keeps cookies and sends the headers our web app sends. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    private app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { body?: unknown; headers?: Record<string, string | undefined> } = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = {
      'x-client-version': String(CLIENT_VERSION),
      origin: ORIGIN,
      host: 'localhost:80',
      ...(cookie ? { cookie } : {}),
    };
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string | undefined>) => this.request('GET', url, { headers });
  post = (url: string, body?: unknown, headers?: Record<string, string | undefined>) =>
    this.request('POST', url, { body: body ?? {}, headers });

  login(username: string, password: string) {
    return this.post('/api/login', undefined, {
      authorization: 'Basic ' + Buffer.from(`${username}:${password}`).toString('base64'),
    });
  }
}
