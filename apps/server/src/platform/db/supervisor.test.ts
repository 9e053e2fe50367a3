import { describe, expect, it, vi } from 'vitest';
import { DatabaseStatus } from './availability.ts';
import type { EmbeddedServer } from './embedded.ts';
import { EmbeddedSupervisor } from './supervisor.ts';

/** A stand-in for a running postmaster: die() is the crash, stop() the asked-for shutdown. */
function fakeServer(port: number) {
  let die!: () => void;
  const exited = new Promise<void>((resolve) => (die = resolve));
  const server: EmbeddedServer & { die(): void; stopped: boolean } = {
    url: `postgres://postgres:pw@127.0.0.1:${port}/postgres`,
    port,
    clusterDir: '/cluster',
    exited,
    stopped: false,
    die,
    async stop() {
      server.stopped = true;
      die();
    },
  };
  return server;
}

function setup(failures: number) {
  const lines: string[] = [];
  let reachable = false;
  const status = new DatabaseStatus({
    probe: async () => {
      if (!reachable) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    },
    log: (l) => lines.push(l),
    retryMinMs: 60_000,
  });
  const first = fakeServer(5555);
  const started: ReturnType<typeof fakeServer>[] = [];
  const ports: number[] = [];
  const start = vi.fn(async (port: number) => {
    ports.push(port);
    if (ports.length <= failures) throw new Error('pre-existing shared memory block is still in use\nmore detail');
    reachable = true;
    const s = fakeServer(port);
    started.push(s);
    return s;
  });
  const supervisor = new EmbeddedSupervisor(first, { dataDir: '/data', status, log: (l) => lines.push(l), start, retryMinMs: 5, retryMaxMs: 20 });
  return { status, first, started, ports, start, supervisor, lines };
}

describe('EmbeddedSupervisor', () => {
  it('marks the database down when the postmaster dies and starts it again on the same port, retrying a failed start', async () => {
    const t = setup(2);
    const changes: boolean[] = [];
    t.status.onChange((up) => changes.push(up));
    t.first.die();
    await vi.waitFor(() => expect(changes).toEqual([false, true]));
    expect(t.status.up).toBe(true);
    expect(t.ports).toEqual([5555, 5555, 5555]);
    expect(t.supervisor.restarts).toBe(1);
    expect(t.supervisor.url).toBe(t.started[0].url);
    // The failed start is logged once, by its first line only.
    expect(t.lines.filter((l) => l.startsWith('Starting the embedded PostgreSQL again failed'))).toEqual([
      'Starting the embedded PostgreSQL again failed, retrying: pre-existing shared memory block is still in use',
    ]);

    // A second crash is handled the same way.
    t.started[0].die();
    await vi.waitFor(() => expect(t.supervisor.restarts).toBe(2));
    await t.supervisor.stop();
    expect(t.started[1].stopped).toBe(true);
    t.status.stop();
  });

  it('does not start the server again after it was asked to stop', async () => {
    const t = setup(0);
    await t.supervisor.stop();
    expect(t.first.stopped).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(t.start).not.toHaveBeenCalled();
    expect(t.status.up).toBe(true);
    t.status.stop();
  });
});
