import { MSG } from '@tripline/core';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors.ts';
import { DatabaseStatus, failureName, guardPool, isConnectionError } from './availability.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['ECONNREFUSED', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', coded('ECONNRESET')],
    ['57P01 admin_shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', coded('57P02')],
    ['57P03 cannot_connect_now', coded('57P03', 'the database system is starting up')],
    ['08006 connection_failure', coded('08006')],
    ['a lost socket', new Error('Connection terminated unexpectedly')],
    ['an ended client', new Error('Connection terminated')],
    ['a pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['several addresses refused', Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), {})],
    ['the 503 of a pool known to be down', new HttpError(503, 'database_unreachable', MSG.DATABASE_UNREACHABLE)],
  ])('is true for %s', (_name, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it.each([
    ['a syntax error', coded('42601', 'syntax error at or near "selec"')],
    ['a unique violation', coded('23505')],
    ['a serialization failure', coded('40001')],
    ['another HttpError', new HttpError(409, 'conflict', 'changed')],
    ['a coded error whose text looks like a lost socket', coded('XX000', 'Connection terminated')],
    ['an AggregateError with one query failure', new AggregateError([coded('ECONNREFUSED'), coded('42601')])],
    ['an empty AggregateError', new AggregateError([])],
    ['null', null],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, err) => {
    expect(isConnectionError(err)).toBe(false);
  });

  it('names a failure by its code or kind, never by its text', () => {
    expect(failureName(coded('57P03', 'the database system is starting up'))).toBe('57P03');
    expect(failureName(new Error('Connection terminated unexpectedly'))).toBe('connection lost');
    expect(failureName(new Error('value "Jane Doe" is wrong'))).toBe('unknown failure');
  });
});

describe('DatabaseStatus', () => {
  afterEach(() => vi.useRealTimers());

  function status(probe: () => Promise<void>) {
    const lines: string[] = [];
    const changes: boolean[] = [];
    const s = new DatabaseStatus({ probe, log: (l) => lines.push(l), retryMinMs: 100, retryMaxMs: 400 });
    s.onChange((up) => changes.push(up));
    return { s, lines, changes };
  }

  it('is up until a failure proves otherwise, and ignores failures that are not about the connection', () => {
    const probe = vi.fn(async () => {});
    const { s, lines } = status(probe);
    expect(s.up).toBe(true);
    s.report(coded('23505'));
    s.report(new Error('boom'));
    expect(s.up).toBe(true);
    expect(probe).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('goes down at once on a refused connection, probes with a growing delay, and logs the outage and the recovery once each', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const probe = vi.fn(async () => {
      if (!reachable) throw coded('ECONNREFUSED');
    });
    const { s, lines, changes } = status(probe);
    s.report(coded('ECONNREFUSED'));
    s.report(coded('ECONNREFUSED'));
    s.markDown('the embedded PostgreSQL stopped');
    expect(s.up).toBe(false);
    expect(changes).toEqual([false]);
    await vi.advanceTimersByTimeAsync(99);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1); // 100 ms
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200); // then 200 ms
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400 + 400); // then the 400 ms ceiling, twice
    expect(probe).toHaveBeenCalledTimes(4);
    reachable = true;
    await vi.advanceTimersByTimeAsync(400);
    expect(s.up).toBe(true);
    expect(changes).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledTimes(5);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('The database is not reachable (ECONNREFUSED); API requests answer 503 until it is back');
    expect(lines[1]).toMatch(/^The database is reachable again after \d+\.\d s$/);
  });

  it('checks a doubtful failure (one backend ended) before calling the database down', async () => {
    const probe = vi.fn(async () => {});
    const { s, changes } = status(probe);
    s.report(coded('57P01'));
    s.report(new Error('Connection terminated unexpectedly'));
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(s.up).toBe(true);
    expect(changes).toEqual([]);
  });

  it('goes down when the check of a doubtful failure fails too', async () => {
    const { s, changes } = status(async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    s.report(coded('57P01'));
    await vi.waitFor(() => expect(s.up).toBe(false));
    expect(changes).toEqual([false]);
    s.stop();
  });
});

describe('guardPool', () => {
  it('refuses at once with the 503 while the database is down, and reports failures it meets', async () => {
    // Nothing listens on port 1: every connection is refused.
    const pool = new pg.Pool({ connectionString: 'postgres://u:p@127.0.0.1:1/x', connectionTimeoutMillis: 5_000 });
    const s = new DatabaseStatus({ probe: async () => Promise.reject(coded('ECONNREFUSED')), log: () => {}, retryMinMs: 60_000 });
    guardPool(pool, s);
    try {
      const first = await pool.query('select 1').catch((e: unknown) => e);
      expect((first as { code?: string }).code).toBe('ECONNREFUSED');
      expect(s.up).toBe(false);
      const second = await pool.query('select 1').catch((e: unknown) => e);
      expect(second).toBeInstanceOf(HttpError);
      expect(second).toMatchObject({ status: 503, code: 'database_unreachable', message: MSG.DATABASE_UNREACHABLE });
      await expect(pool.connect()).rejects.toMatchObject({ status: 503 });
      await new Promise<void>((resolve) =>
        pool.connect((err) => {
          expect(err).toMatchObject({ status: 503 });
          resolve();
        }),
      );
    } finally {
      s.stop();
      await pool.end();
    }
  });
});
