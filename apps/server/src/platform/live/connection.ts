import { LiveClientMessage } from '@tripline/core';
import type { RawData, WebSocket } from 'ws';
import type { SessionUser } from '../auth/users.ts';
import type { BackPressure } from './back-pressure.ts';
import type { FoundSetRegistry, Subscriber, Subscription } from './registry.ts';

/** How the socket was signed in, so the hub can check later that it still is. */
export type LiveCredential =
  | { kind: 'session'; idHash: string; contactId: string; impersonatorId: string | null }
  | { kind: 'token'; tokenHash: string; contactId: string };

/** A client that holds one screen's worth of found sets never needs more. */
export const MAX_SUBSCRIPTIONS = 50;

export const NO_WINDOW = 'There is no windowed found set with this subscription id';

/** One open /api/live socket: reads the client's messages and sends what the registry pushes. */
export class LiveConnection implements Subscriber {
  private readonly subscriptions = new Map<string, Subscription>();
  /** Answered the last ping (keep-alive). */
  alive = true;

  constructor(
    readonly ws: WebSocket,
    public user: SessionUser,
    readonly credential: LiveCredential,
    private readonly registry: FoundSetRegistry,
    private readonly pressure: BackPressure<Subscription>,
    onFault: (err: unknown) => void,
  ) {
    ws.on('message', (data, isBinary) => {
      try {
        this.receive(data, isBinary);
      } catch (e) {
        // A fault while handling one message must not take the process down with it.
        onFault(e);
        this.error('The server could not handle the message');
      }
    });
    ws.on('pong', () => {
      this.alive = true;
    });
  }

  get subscriptionList(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  /**
   * Sends a message. A live change (`change` set) is withheld while the socket is too far behind
   * on reading, and the subscription is invalidated once it catches up; a reply always goes, unless
   * the socket is so far behind that it is closed instead (back-pressure.ts).
   */
  send(text: string, change?: Subscription): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    const allowed = change ? this.pressure.allowChange(this.ws, change) : this.pressure.allowReply(this.ws);
    if (allowed) this.ws.send(text);
  }

  forget(sub: Subscription): void {
    if (this.subscriptions.get(sub.subscriptionId) === sub) this.subscriptions.delete(sub.subscriptionId);
  }

  private error(message: string, subscriptionId?: string): void {
    this.send(JSON.stringify({ type: 'Error', ...(subscriptionId ? { subscriptionId } : {}), message }));
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return this.error('Send messages as JSON text');
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return this.error('The message is not valid JSON');
    }
    const parsed = LiveClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      const id = (json as { subscriptionId?: unknown } | null)?.subscriptionId;
      return this.error(`The message is not valid (${where}${issue?.message ?? 'unknown'})`, typeof id === 'string' ? id.slice(0, 64) : undefined);
    }
    const msg = parsed.data;
    const existing = this.subscriptions.get(msg.subscriptionId);
    if (msg.type === 'window') {
      if (!existing?.window) return this.error(NO_WINDOW, msg.subscriptionId);
      return this.registry.moveWindow(existing, msg.start, msg.count);
    }
    if (existing) {
      this.registry.unsubscribe(existing);
      this.subscriptions.delete(msg.subscriptionId);
    }
    if (msg.type === 'close') {
      this.send(JSON.stringify({ type: 'Unsubscribed', subscriptionId: msg.subscriptionId }));
      return;
    }
    // A fetch with an id in use replaces that subscription (a new date on the same list).
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return this.error(`At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`, msg.subscriptionId);
    }
    const sub = this.registry.subscribe(msg.subscriptionId, this, msg.table, msg.filter, 'view' in msg ? msg.view : undefined);
    if ('error' in sub) return this.error(sub.error, msg.subscriptionId);
    this.subscriptions.set(msg.subscriptionId, sub);
  }

  /** The socket closed: its subscriptions end with it. */
  closed(): void {
    for (const sub of this.subscriptions.values()) this.registry.unsubscribe(sub);
    this.subscriptions.clear();
  }
}
