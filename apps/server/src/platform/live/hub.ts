import { LIVE_CLOSE_TRY_AGAIN_LATER, MSG, SESSION_IDLE_MS } from '@tripline/core';
import type { Pool } from 'pg';
import type { WebSocket } from 'ws';
import { loadSessionUser, type SessionUser } from '../auth/users.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseStatus } from '../db/availability.ts';
import { BackPressure, PRESSURE_CHECK_MS, type PressureStats } from './back-pressure.ts';
import { LiveConnection, type LiveCredential } from './connection.ts';
import { ChangeListener } from './listener.ts';
import { FoundSetRegistry, type Subscription } from './registry.ts';
import type { LiveSource } from './source.ts';

export interface LiveHubOptions {
  pool: Pool;
  /** While the database is down, sockets are closed with LIVE_CLOSE_TRY_AGAIN_LATER. */
  database?: DatabaseStatus;
  clock: Clock;
  sources: readonly LiveSource[];
  log: (msg: string, err?: unknown) => void;
  /** Notifications arriving within this window are applied together. */
  batchMs?: number;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  /** How long a found set nobody subscribes to stays current (default one minute). */
  lingerMs?: number;
  /** How often the operator's date is checked for sets that depend on it (default one minute). */
  dayCheckMs?: number;
}

/** Close code for a socket whose sign-in ended (4000–4999 are the application's; 4401 reads as 401). */
export const CLOSE_SIGNED_OUT = 4401;
const CLOSE_GOING_AWAY = 1001;

export interface LiveStats extends PressureStats {
  connections: number;
  foundSets: number;
  subscriptions: number;
  evaluations: number;
  loads: number;
  changes: number;
  listening: boolean;
}

/**
 * The live-update server of one process: the LISTEN connection, the found-set registry and the
 * open sockets, with the keep-alive and the periodic check that each socket's sign-in still holds.
 */
export class LiveHub {
  readonly registry: FoundSetRegistry;
  /** Back-pressure on the sockets; its limits may be adjusted while running. */
  readonly pressure: BackPressure<Subscription>;
  private readonly listener: ChangeListener;
  private readonly connections = new Set<LiveConnection>();
  private pending = new Map<string, Set<string>>();
  private batchTimer: NodeJS.Timeout | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly stopWatching: (() => void) | null;

  constructor(private readonly o: LiveHubOptions) {
    this.registry = new FoundSetRegistry(o.sources, o.log, o.lingerMs ?? 60_000);
    // A socket that caught up after missing changes: those subscriptions are fetched again.
    this.pressure = new BackPressure<Subscription>(() => o.clock.now().getTime(), (missed) => void this.registry.invalidate(missed));
    this.listener = new ChangeListener(
      { ...o.pool.options },
      {
        notification: (payload) => this.notified(payload),
        reconnected: () => void this.registry.invalidateAll(),
        // The LISTEN connection is the first to hear the database go: have it checked now.
        lost: () => void o.database?.check(),
        log: o.log,
      },
    );
    this.stopWatching = o.database?.onChange((up) => this.databaseChanged(up)) ?? null;
  }

  /**
   * Down: every socket closes with "try again later" (its found sets can no longer be kept
   * current) and the clients reconnect with backoff. Up: the LISTEN connection is opened again
   * now, and lingering found sets are invalidated, since changes in between were not heard.
   */
  private databaseChanged(up: boolean): void {
    if (this.stopped) return;
    if (!up) {
      this.closeSockets(LIVE_CLOSE_TRY_AGAIN_LATER, MSG.DATABASE_UNREACHABLE);
      return;
    }
    this.listener.retryNow();
    void this.registry.invalidateAll();
  }

  async start(): Promise<void> {
    await this.listener.start();
    const every = (ms: number, fn: () => unknown) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.o.heartbeatMs ?? 30_000, () => this.heartbeat());
    every(PRESSURE_CHECK_MS, () => this.pressure.check());
    every(this.o.sessionCheckMs ?? 60_000, () => this.checkSessions().catch((e) => this.o.log('live session check failed', e)));
    every(this.o.dayCheckMs ?? 60_000, () => this.checkDay());
  }

  /**
   * Found sets whose members depend on the operator's date (a search for "+1" or "today") are
   * read again once it has moved on, and their subscribers told the difference.
   */
  checkDay(): void {
    if (this.stopped || (this.o.database && !this.o.database.up)) return;
    this.registry.dayChanged(this.o.clock.now());
  }

  /** The backend pid of the LISTEN connection, or null while it is down. */
  get listenerPid(): number | null {
    return this.listener.pid;
  }

  stats(): LiveStats {
    return {
      connections: this.connections.size,
      foundSets: this.registry.foundSetCount,
      subscriptions: this.registry.subscriptionCount,
      ...this.registry.counters,
      ...this.pressure.stats(),
      listening: this.listener.connected,
    };
  }

  accept(ws: WebSocket, user: SessionUser, credential: LiveCredential): void {
    if (this.stopped) {
      ws.close(CLOSE_GOING_AWAY, 'Server is stopping');
      return;
    }
    if (this.o.database && !this.o.database.up) {
      ws.close(LIVE_CLOSE_TRY_AGAIN_LATER, MSG.DATABASE_UNREACHABLE);
      return;
    }
    const conn = new LiveConnection(ws, user, credential, this.registry, this.pressure, (e) => this.o.log('live message failed', e));
    this.connections.add(conn);
    this.pressure.add(ws);
    ws.on('close', () => {
      this.connections.delete(conn);
      this.pressure.remove(ws);
      conn.closed();
    });
  }

  private notified(payload: string): void {
    let msg: { table?: unknown; ids?: unknown };
    try {
      msg = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof msg.table !== 'string' || !Array.isArray(msg.ids)) return;
    const ids = this.pending.get(msg.table) ?? new Set<string>();
    for (const id of msg.ids) if (typeof id === 'string') ids.add(id);
    this.pending.set(msg.table, ids);
    // One transaction touching a trip and its legs sends several notifications: apply them once.
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = null;
      void this.registry.applyChanges(() => {
        const batch = this.pending;
        this.pending = new Map();
        return batch;
      });
    }, this.o.batchMs ?? 20);
  }

  /** Sends pings; a socket that did not answer the previous one is dropped. */
  heartbeat(): void {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  /**
   * Closes sockets whose session ended (signed out, idle or absolute limit, su rotated the id) or
   * whose API token was revoked, and refreshes each user's scope: when it changed, the user's found
   * sets are invalidated so the rows are fetched again under the new scope. Reads only: an open
   * socket does not keep an idle session alive.
   */
  async checkSessions(): Promise<void> {
    const conns = [...this.connections];
    if (conns.length === 0 || (this.o.database && !this.o.database.up)) return;
    const now = this.o.clock.now();
    const sessionHashes = conns.flatMap((c) => (c.credential.kind === 'session' ? [c.credential.idHash] : []));
    const tokenHashes = conns.flatMap((c) => (c.credential.kind === 'token' ? [c.credential.tokenHash] : []));
    const valid = new Set<string>();
    if (sessionHashes.length) {
      const { rows } = await this.o.pool.query(
        `select id_hash from sessions
          where id_hash = any($1) and not mfa_pending and expires_at > $2 and last_seen_at >= $3`,
        [sessionHashes, now, new Date(now.getTime() - SESSION_IDLE_MS)],
      );
      for (const r of rows) valid.add(r.id_hash);
    }
    if (tokenHashes.length) {
      const { rows } = await this.o.pool.query(
        `select token_hash from api_tokens where token_hash = any($1) and not revoked and (expires_at is null or expires_at > $2)`,
        [tokenHashes, now],
      );
      for (const r of rows) valid.add(r.token_hash);
    }
    const fresh = new Map<string, SessionUser | null>();
    for (const conn of conns) {
      const c = conn.credential;
      if (!valid.has(c.kind === 'session' ? c.idHash : c.tokenHash)) {
        conn.ws.close(CLOSE_SIGNED_OUT, MSG.SESSION_TIMED_OUT);
        continue;
      }
      const impersonatorId = c.kind === 'session' ? c.impersonatorId : null;
      const key = `${c.contactId}/${impersonatorId}`;
      if (!fresh.has(key)) fresh.set(key, await loadSessionUser(this.o.pool, c.contactId, impersonatorId));
      const user = fresh.get(key);
      if (!user) {
        conn.ws.close(CLOSE_SIGNED_OUT, MSG.SESSION_TIMED_OUT);
        continue;
      }
      const tokenEndpoints = conn.user.tokenEndpoints;
      if (scopeOf(user) !== scopeOf(conn.user)) {
        conn.user = { ...user, ...(tokenEndpoints ? { tokenEndpoints } : {}) };
        await this.registry.invalidate(conn.subscriptionList);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWatching?.();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.closeSockets();
    await this.listener.stop();
  }

  /** Asks every socket to close, and cuts those that do not finish the close handshake in time. */
  closeSockets(code = CLOSE_GOING_AWAY, reason = 'Server is stopping'): void {
    const open = [...this.connections];
    for (const conn of open) conn.ws.close(code, reason);
    if (open.length === 0) return;
    setTimeout(() => {
      for (const conn of open) conn.ws.terminate();
    }, 1_000).unref();
  }
}

/** What row scope depends on (platform/scope.ts). */
function scopeOf(u: SessionUser): string {
  return JSON.stringify([u.id, u.types, u.ldapGroups, u.adminAccess, u.partnerId, [...u.billToIds].sort()]);
}
