// Chromium driven over the DevTools protocol with the Page, Runtime and Emulation domains only. Playwright
// enables the Network domain, so every websocket frame the page receives (megabytes for a large
// found set) is also copied to the driving process; a user's browser pays nothing of the kind, and
// on a small machine that copy competes with the page. This driver never enables Network.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts a headless Chromium and opens one page in it. */
export async function launchRawChromium({ executablePath, args = [], viewport = { width: 1440, height: 900 } }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-bench-chromium-'));
  const proc = spawn(
    executablePath,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      `--window-size=${viewport.width},${viewport.height}`,
      ...args,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((r) => proc.once('exit', r));
  const endpoint = await new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 30_000);
    proc.stderr.on('data', (d) => {
      err += d;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.once('exit', () => reject(new Error(`Chromium exited:\n${err}`)));
  });

  const ws = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    const call = msg.id !== undefined && pending.get(msg.id);
    if (!call) return;
    pending.delete(msg.id);
    if (msg.error) call.reject(new Error(`${call.method}: ${msg.error.message}`));
    else call.resolve(msg.result);
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { method, resolve, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const inPage = (method, params) => send(method, params, sessionId);
  // Init scripts run only with the Page domain on; the viewport is set as Playwright sets it.
  await inPage('Page.enable');
  await inPage('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });

  /** The value of an expression in the page (a promise is awaited). */
  async function evaluate(expression) {
    const { result, exceptionDetails } = await inPage('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  }

  return {
    /** Runs `source` in every new document before the page's own scripts. */
    addInitScript: (source) => inPage('Page.addScriptToEvaluateOnNewDocument', { source }),
    async goto(url) {
      const { errorText } = await inPage('Page.navigate', { url });
      if (errorText) throw new Error(`${url}: ${errorText}`);
    },
    evaluate,
    /**
     * Waits until `expression` is truthy in the document at `url` and answers its value. The
     * previous document may still be current right after a navigation: its answer does not count,
     * and an evaluation cut off by the navigation is simply asked again.
     */
    async waitFor(url, expression, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const probe = `new Promise((resolve) => {
        const until = performance.now() + 2000;
        const check = () => {
          const value = location.href === ${JSON.stringify(url)} && (${expression});
          if (value || performance.now() > until) resolve(value || null);
          else setTimeout(check, 20);
        };
        check();
      })`;
      while (Date.now() < deadline) {
        const value = await evaluate(probe).catch(() => null);
        if (value) return value;
        await sleep(20);
      }
      throw new Error(`timed out waiting for ${expression} at ${url}`);
    },
    async close() {
      await send('Browser.close').catch(() => {});
      ws.close();
      const killer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
