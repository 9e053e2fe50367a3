import { MSG } from '@tripline/core';
import type pg from 'pg';
import { HttpError } from '../errors.ts';

/** Network failures of the connection itself: the server is gone, refuses, or cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's answers that mean "no session now": 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, in recovery) and class 08 connection
 * exceptions.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** node-postgres reports a lost or never-opened socket with these texts and no code. */
const DRIVER_TEXTS = [/^Connection terminated/, /timeout exceeded when trying to connect/, /Client has encountered a connection error/, /Connection terminated unexpectedly/];

/** The 503 every API request answers while the database cannot be used. */
export const databaseUnreachable = () => new HttpError(503, 'database_unreachable', MSG.DATABASE_UNREACHABLE);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a database call failed because the database could not be reached, not because of the query. */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  if (err instanceof HttpError) return err.code === 'database_unreachable';
  const code = codeOf(err);
  if (code && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
  // Several addresses tried at once fail together (Node's AggregateError).
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionError)) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && !code && DRIVER_TEXTS.some((re) => re.test(message));
}

/** A failure that proves the database is down at once (nothing listens, or it says it is not accepting sessions). */
function provesDown(err: unknown): boolean {
  const code = codeOf(err);
  if (code === 'ECONNREFUSED' || code === '57P03' || code === '57P02') return true;
  const inner = (err as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(provesDown);
}

/** A short name of a failure for the log: the code or the kind, never the text of a query or its values. */
export function failureName(err: unknown): string {
  if (typeof err === 'string') return err;
  return codeOf(err) ?? (err instanceof Error && DRIVER_TEXTS.some((re) => re.test(err.message)) ? 'connection lost' : 'unknown failure');
}

export interface DatabaseStatusOptions {
  /** Opens a fresh connection and runs a trivial query; rejects when the database cannot be used. */
  probe(): Promise<void>;
  log(line: string): void;
  /** First and longest wait between probes while the database is down. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

/**
 * Whether the portal's database is usable. Marked down on a failure that proves it (or on a probe
 * that fails after a doubtful one); while down it is probed with a growing delay until it answers
 * again. The outage and the recovery are each logged once.
 */
export class DatabaseStatus {
  private downSince: number | null = null;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<boolean> | null = null;
  private stopped = false;
  private readonly listeners = new Set<(up: boolean) => void>();

  constructor(private readonly o: DatabaseStatusOptions) {}

  get up(): boolean {
    return this.downSince === null;
  }

  /** Called with up = false when the database is lost and up = true when it is back. */
  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A database call failed: a connection failure marks the database down or has it checked. */
  report(err: unknown): void {
    if (this.stopped || !isConnectionError(err) || !this.up) return;
    if (provesDown(err)) this.markDown(failureName(err));
    else void this.check();
  }

  /** Known to be down (the embedded server exited): requests fail at once until a probe succeeds. */
  markDown(reason: string): void {
    if (this.stopped) return;
    if (this.downSince === null) {
      this.downSince = Date.now();
      this.attempt = 0;
      this.o.log(`The database is not reachable (${reason}); API requests answer 503 until it is back`);
      this.emit(false);
    }
    this.schedule();
  }

  /** Probes now (one probe at a time); answers whether the database is usable. */
  check(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(this.up);
    this.checking ??= this.o
      .probe()
      .then(
        () => {
          this.markUp();
          return true;
        },
        (err: unknown) => {
          this.markDown(failureName(err));
          return false;
        },
      )
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private markUp(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.downSince === null) return;
    const seconds = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.attempt = 0;
    this.o.log(`The database is reachable again after ${seconds} s`);
    this.emit(true);
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    const min = this.o.retryMinMs ?? 250;
    const delay = Math.min(this.o.retryMaxMs ?? 5_000, min * 2 ** this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check();
    }, delay);
    this.timer.unref();
  }

  private emit(up: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(up);
      } catch {
        // One listener's fault does not keep the others from hearing it.
      }
    }
  }
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Makes the pool fail fast while the database is known to be down (no request waits on a server
 * that is gone) and report the connection failures it meets. pool.query goes through connect too.
 */
export function guardPool(pool: pg.Pool, status: DatabaseStatus): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guarded = (cb?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    if (!status.up) {
      const err = databaseUnreachable();
      if (!cb) return Promise.reject(err);
      process.nextTick(() => cb(err, undefined, () => {}));
      return undefined;
    }
    if (cb) {
      return connect((err, client, done) => {
        if (err) status.report(err);
        cb(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).catch((err: unknown) => {
      status.report(err);
      throw err;
    });
  };
  pool.connect = guarded as typeof pool.connect;
  // A checked-out connection whose server dies between two queries emits 'error' with nobody
  // listening, which would end the process: every connection is heard for its whole life. The
  // next query on it fails (503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', (err) => status.report(err)));
}
