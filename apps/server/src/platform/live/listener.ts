import pg from 'pg';

/** The channel the row-change triggers of migration 0003 notify. */
export const CHANGES_CHANNEL = 'tripline_changes';

export interface ListenerHandlers {
  notification(payload: string): void;
  /** The connection came back after a loss: notifications in between are gone. */
  reconnected(): void;
  /** The connection dropped (perhaps the database is gone). */
  lost?(): void;
  log(msg: string, err?: unknown): void;
}

const MAX_RETRY_MS = 5_000;

/**
 * One dedicated connection per server process that LISTENs for row changes. A pooled connection
 * would not do: LISTEN belongs to a session, and the pool hands sessions to other work. When the
 * connection drops it is re-opened with a growing delay, and the owner is told so it can have the
 * clients fetch again.
 */
export class ChangeListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempts = 0;
  /** The backend process of the LISTEN connection (tests end it to prove reconnection). */
  pid: number | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly handlers: ListenerHandlers,
  ) {}

  get connected(): boolean {
    return this.client !== null;
  }

  /** Connects once; if that fails the listener keeps trying in the background. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (e) {
      this.handlers.log('live updates: could not listen for changes, retrying', e);
      this.scheduleRetry();
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, application_name: 'tripline-live', keepAlive: true });
    client.on('notification', (m) => {
      if (m.channel === CHANGES_CHANNEL && m.payload) this.handlers.notification(m.payload);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      const { rows } = await client.query('select pg_backend_pid() as pid');
      if (this.stopped) {
        await client.end();
        return;
      }
      this.pid = rows[0].pid;
      this.client = client;
      this.attempts = 0;
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.client || this.stopped) return;
    this.client = null;
    this.pid = null;
    this.handlers.log('live updates: lost the change notification connection', err);
    client.end().catch(() => {});
    this.scheduleRetry();
    this.handlers.lost?.();
  }

  /** The database is back: listen again now instead of waiting out the delay. */
  retryNow(): void {
    if (this.stopped || this.client || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempts = 0;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = Math.min(MAX_RETRY_MS, 100 * 2 ** this.attempts++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => {
          if (!this.stopped) this.handlers.reconnected();
        },
        (e) => {
          // Once per outage: the retries go on quietly until the database answers.
          if (this.attempts === 1) this.handlers.log('live updates: reconnecting failed, retrying', e);
          this.scheduleRetry();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query(`UNLISTEN ${CHANGES_CHANNEL}`).catch(() => {});
    await client.end().catch(() => {});
  }
}
