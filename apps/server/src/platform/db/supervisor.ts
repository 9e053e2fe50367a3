import type { DatabaseStatus } from './availability.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';

export interface SupervisorOptions {
  dataDir: string;
  status: DatabaseStatus;
  log: (line: string) => void;
  /** Starts the server again (the launcher by default; tests hand in their own). */
  start?: (port: number) => Promise<EmbeddedServer>;
  retryMinMs?: number;
  retryMaxMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * Keeps the embedded PostgreSQL running: when the postmaster exits without being asked to (a
 * crash, kill -9), the database is marked down at once and the server is started again on the
 * same data folder and port, so the connection string stays valid. PostgreSQL replays its
 * write-ahead log on that start, so every committed write is there again. A start that fails
 * (old backends still hold the shared memory for a moment) is retried with a growing delay.
 */
export class EmbeddedSupervisor implements EmbeddedServer {
  private current: EmbeddedServer;
  private restarting: Promise<void> | null = null;
  private stopping = false;
  /** How many times the server was started again after it died. */
  restarts = 0;

  constructor(
    first: EmbeddedServer,
    private readonly o: SupervisorOptions,
  ) {
    this.current = first;
    this.watch(first);
  }

  get url(): string {
    return this.current.url;
  }
  get port(): number {
    return this.current.port;
  }
  get clusterDir(): string {
    return this.current.clusterDir;
  }
  get exited(): Promise<void> {
    return this.current.exited;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.restarting;
    await this.current.stop();
  }

  private watch(server: EmbeddedServer): void {
    void server.exited.then(() => {
      if (this.stopping || server !== this.current) return;
      this.o.status.markDown('the embedded PostgreSQL stopped');
      this.restarting ??= this.restart().finally(() => {
        this.restarting = null;
      });
    });
  }

  private async restart(): Promise<void> {
    const start = this.o.start ?? ((port: number) => startEmbeddedPostgres({ dataDir: this.o.dataDir, port, log: this.o.log }));
    const port = this.current.port;
    for (let attempt = 0; !this.stopping; attempt++) {
      try {
        const server = await start(port);
        if (this.stopping) {
          await server.stop();
          return;
        }
        this.current = server;
        this.restarts++;
        this.o.log('The embedded PostgreSQL was started again after it stopped');
        this.watch(server);
        await this.o.status.check();
        return;
      } catch (e) {
        // No PHI here: the launcher's message is about processes, files and ports.
        if (attempt === 0) this.o.log(`Starting the embedded PostgreSQL again failed, retrying: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
        await sleep(Math.min(this.o.retryMaxMs ?? 5_000, (this.o.retryMinMs ?? 250) * 2 ** attempt));
      }
    }
  }
}
