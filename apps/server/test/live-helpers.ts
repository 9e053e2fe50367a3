import type { AddressInfo } from 'node:net';
import { CLIENT_VERSION, type LiveClientMessage, type LiveServerMessage } from '@tripline/core';
import pg, { type Pool } from 'pg';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from './app.ts';
import { quietOnRemoval } from './db.ts';
import { PASSWORD } from './factories.ts';
import { SESSION_OPTIONS } from '../src/platform/db/database.ts';

/** A server process for live tests: a real listening app on loopback. */
export interface Served extends TestApp {
  base: string;
  origin: string;
}

export async function serve(pool: Pool): Promise<Served> {
  const t = await buildTestApp(pool);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, base: `http://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
}

/**
 * Two server processes on one database, as behind a load balancer: `a` on the test database's
 * pool, `b` on a pool of its own. `close` stops both and ends b's pool.
 */
export async function serveTwo(pool: Pool, url: string): Promise<{ a: Served; b: Served; close(): Promise<void> }> {
  const poolB = quietOnRemoval(new pg.Pool({ connectionString: url, options: SESSION_OPTIONS, max: 5 }));
  const a = await serve(pool);
  const b = await serve(poolB);
  return {
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      await poolB.end();
    },
  };
}

/** A signed-in browser over real HTTP: the session cookie and the headers the web app sends. */
export class HttpSession {
  constructor(
    readonly served: Served,
    readonly cookie: string,
  ) {}

  static async signIn(served: Served, username: string): Promise<HttpSession> {
    const res = await fetch(`${served.base}/api/login`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${username}:${PASSWORD}`).toString('base64'),
        'x-client-version': String(CLIENT_VERSION),
        origin: served.origin,
      },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('tripline_session='));
    if (!cookie) throw new Error('no session cookie');
    return new HttpSession(served, cookie);
  }

  /** The same session used against another process (sessions live in the database). */
  on(served: Served): HttpSession {
    return new HttpSession(served, this.cookie);
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = {
      cookie: this.cookie,
      'x-client-version': String(CLIENT_VERSION),
      origin: this.served.origin,
    };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(`${this.served.base}${path}`, init);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }

  live(): Promise<LiveClient> {
    return LiveClient.open(this.served, { cookie: this.cookie, origin: this.served.origin });
  }
}

type Waiter = { match: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void };

/** A live socket that records every message, so tests await exactly the message they expect. */
export class LiveClient {
  /** Every message received, in order, as sent (for "never contained" checks). */
  readonly raw: string[] = [];
  private readonly unread: LiveServerMessage[] = [];
  private waiters: Waiter[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      const msg = JSON.parse(text) as LiveServerMessage;
      const w = this.waiters.find((x) => x.match(msg));
      if (w) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(msg);
      } else this.unread.push(msg);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(served: Served, headers: Record<string, string>): Promise<LiveClient> {
    const ws = new WebSocket(`${served.base.replace('http', 'ws')}/api/live`, { headers });
    const client = new LiveClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** The HTTP status answered instead of an upgrade. */
  static refusal(served: Served, headers: Record<string, string>): Promise<number> {
    const ws = new WebSocket(`${served.base.replace('http', 'ws')}/api/live`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => reject(new Error('the upgrade was accepted')));
      ws.once('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      ws.once('error', () => {});
    });
  }

  send(msg: LiveClientMessage | Record<string, unknown> | string): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The next message matching, including one that already arrived and was not yet taken. */
  next<T extends LiveServerMessage['type']>(
    type: T,
    where: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<LiveServerMessage, { type: T }>> {
    const match = (m: LiveServerMessage) => m.type === type && where(m as Extract<LiveServerMessage, { type: T }>);
    const i = this.unread.findIndex(match);
    if (i >= 0) return Promise.resolve(this.unread.splice(i, 1)[0] as Extract<LiveServerMessage, { type: T }>);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve: (m) => (clearTimeout(timer), resolve(m as Extract<LiveServerMessage, { type: T }>)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== waiter);
        reject(new Error(`no ${type} within ${timeoutMs} ms; received: ${this.raw.join('\n')}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Sends fetch and answers the FetchedFoundSet. */
  async fetch(subscriptionId: string, table: 'SyncDriveAssv' | 'VOGDelivery', filter: Record<string, unknown>) {
    this.send({ type: 'fetch', subscriptionId, table, filter });
    return this.next('FetchedFoundSet', (m) => m.subscriptionId === subscriptionId);
  }

  /** Sends a fetch with a view (a windowed found set) and answers the FetchedFoundSet. */
  async fetchView(subscriptionId: string, filter: Record<string, unknown>, view: Record<string, unknown>) {
    this.send({ type: 'fetch', subscriptionId, table: 'SyncDriveAssv', filter, view });
    return this.next('FetchedFoundSet', (m) => m.subscriptionId === subscriptionId);
  }

  changed(subscriptionId: string, where: (m: Extract<LiveServerMessage, { type: 'FoundSetChanged' }>) => boolean = () => true) {
    return this.next('FoundSetChanged', (m) => m.subscriptionId === subscriptionId && where(m));
  }

  /** Stops reading from the connection (a client too slow to keep up): the server's data piles up. */
  pauseReading(): void {
    this.ws.pause();
  }

  resumeReading(): void {
    this.ws.resume();
  }

  /** Messages received but not taken by next(). */
  get pending(): readonly LiveServerMessage[] {
    return this.unread;
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

export const idsOf = (rows: unknown[]) => rows.map((r) => (r as { id: string }).id);

/** One trip with one leg, farmed out to a partner (or not) on a date. */
export async function insertTrip(
  pool: Pool,
  t: { date: string; partnerId?: string | null; billToId?: string | null; passengerId?: string | null },
): Promise<string> {
  const { rows } = await pool.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id, bill_to_contact_id)
     values ($1, '01', $2, $3) returning id`,
    [t.date, t.partnerId ?? null, t.billToId ?? null],
  );
  await pool.query('insert into trip_legs (drive_assignment_id, passenger_id) values ($1, $2)', [rows[0].id, t.passengerId ?? null]);
  return rows[0].id;
}

/** One trip with one leg and an ordered pickup time, for found sets whose order matters. */
export async function insertTimedTrip(
  pool: Pool,
  t: { date: string; time: string; partnerId?: string | null; billToId?: string | null; priority?: number; passName?: string },
): Promise<string> {
  const { rows } = await pool.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id, bill_to_contact_id, schedule_priority)
     values ($1, '01', $2, $3, $4) returning id`,
    [t.date, t.partnerId ?? null, t.billToId ?? null, t.priority ?? 1],
  );
  await pool.query('insert into trip_legs (drive_assignment_id, loc_first_time_ord, pass_name) values ($1, $2, $3)', [rows[0].id, t.time, t.passName ?? null]);
  return rows[0].id;
}

/**
 * The sockets of a test file, each subscribed to one fence trip that every user of the file sees,
 * so a test can wait until every change made so far has reached a socket: its fence subscription
 * hears a change made now, and a socket's messages arrive in the order they were sent.
 */
export class Fence {
  static readonly DAY = '2026-01-02';
  private readonly open: LiveClient[] = [];
  private constructor(
    private readonly pool: Pool,
    readonly trip: string,
  ) {}

  /** Adds the fence trip (given to a partner and an account, so their users see it too). */
  static async create(pool: Pool, to: { partnerId?: string | null; billToId?: string | null } = {}): Promise<Fence> {
    return new Fence(pool, await insertTimedTrip(pool, { date: Fence.DAY, time: '08:00:00', ...to }));
  }

  /** A live socket of the session, already following the fence trip. */
  async socket(s: HttpSession): Promise<LiveClient> {
    const c = await s.live();
    this.open.push(c);
    const fetched = await c.fetch('fence', 'SyncDriveAssv', { pickupDate: Fence.DAY });
    if (!idsOf(fetched.rows).includes(this.trip)) throw new Error('the fence trip is not visible to this user');
    return c;
  }

  async settled(...sockets: LiveClient[]): Promise<void> {
    const mark = `fence ${Math.random()}`;
    await this.pool.query('update drive_assignments set flag = $2 where id = $1', [this.trip, mark]);
    for (const s of sockets) await s.changed('fence', (m) => JSON.stringify(m.updated).includes(mark));
  }

  async close(): Promise<void> {
    for (const c of this.open.splice(0)) await c.close();
  }
}
