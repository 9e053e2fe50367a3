import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_CLOSED, LIVE_OPEN, type LiveClientMessage, type LiveServerMessage } from '@tripline/core';
import { deliverLiveMessage, parseLiveMessage, reconnectDelay, type LiveHandlers } from './found-set.ts';

export type { FoundSetChange, LiveHandlers, WindowFacts } from './found-set.ts';

type FetchMessage = Extract<LiveClientMessage, { type: 'fetch' }>;
/** Omit on each member of a union, so a member's own fields (a SyncDriveAssv fetch's view) stay. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What to subscribe to: a live table, its filter and, for a windowed found set, its view (spec 1 §7). */
export type LiveRequest = OmitEach<FetchMessage, 'type' | 'subscriptionId'>;

/** Ends a subscription when called; a windowed one can also move its window. */
export interface LiveSubscription {
  (): void;
  /**
   * Moves the window of a subscription with a view: the server answers the rows from `start`
   * (FoundSetRows) without evaluating the set again, and a fetch after a reconnect or an
   * invalidation asks for this window. Asking for the same window again answers its rows again.
   */
  moveWindow(start: number, count: number): void;
}

export interface LiveStatus {
  /** spec 1 §4: closed (0) or open (1). */
  state: typeof LIVE_CLOSED | typeof LIVE_OPEN;
  /** An open connection closed without being asked to; true until one opens again. */
  lost: boolean;
  /** Consecutive attempts that never opened. */
  failedAttempts: number;
  /** The browser has websockets at all. */
  supported: boolean;
}

/** The part of a WebSocket the client uses, so tests can hand it a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveClientOptions {
  url: () => string;
  createSocket?: ((url: string) => SocketLike) | null;
  random?: () => number;
  /** An unused connection is closed after this long, so a date change does not reconnect. */
  idleCloseMs?: number;
}

const SOCKET_OPEN = 1;
const NUDGE_MIN_GAP_MS = 2_000;

interface Subscription {
  request: LiveRequest;
  handlers: LiveHandlers<unknown>;
}

/** One websocket per tab to /api/live, carrying every found-set subscription of the page. */
export class LiveClient {
  private socket: SocketLike | null = null;
  private readonly subs = new Map<string, Subscription>();
  private readonly listeners = new Set<() => void>();
  private status: LiveStatus;
  private seq = 0;
  private attempt = 0;
  private lastAttemptAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: ((url: string) => SocketLike) | null;

  constructor(private readonly options: LiveClientOptions) {
    this.createSocket =
      options.createSocket !== undefined
        ? options.createSocket
        : typeof WebSocket === 'undefined'
          ? null
          : (url) => new WebSocket(url) as unknown as SocketLike;
    this.status = { state: LIVE_CLOSED, lost: false, failedAttempts: 0, supported: this.createSocket !== null };
  }

  getStatus = (): LiveStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribe<Row>(request: LiveRequest, handlers: LiveHandlers<Row>): LiveSubscription {
    const id = `${request.table}-${++this.seq}`;
    this.subs.set(id, { request, handlers: handlers as LiveHandlers<unknown> });
    this.cancelIdleClose();
    if (this.isOpen()) this.sendFetch(id);
    else this.ensureConnecting();
    const stop = () => {
      if (!this.subs.delete(id)) return;
      if (this.isOpen()) this.send({ type: 'close', subscriptionId: id });
      if (this.subs.size === 0) this.scheduleIdleClose();
    };
    return Object.assign(stop, { moveWindow: (start: number, count: number) => this.moveWindow(id, start, count) });
  }

  private moveWindow(id: string, start: number, count: number): void {
    const sub = this.subs.get(id);
    if (!sub || !('view' in sub.request) || !sub.request.view) return;
    sub.request = { ...sub.request, view: { ...sub.request.view, start, count } };
    // Not open: the fetch that goes out once it is carries the window.
    if (this.isOpen()) this.send({ type: 'window', subscriptionId: id, start, count });
  }

  /**
   * Opens the connection before any screen subscribes (the app starting for a signed-in user), so
   * that the first fetch goes out on an open socket instead of waiting for the handshake. Left
   * unused, it closes like any idle connection.
   */
  preconnect(): void {
    if (!this.status.supported || this.subs.size > 0 || this.socket || this.reconnectTimer) return;
    this.connect();
    this.scheduleIdleClose();
  }

  /** A request to the server just succeeded: it is reachable, so try now instead of waiting out the backoff. */
  nudge(): void {
    if (this.socket || this.subs.size === 0 || !this.status.supported) return;
    if (Date.now() - this.lastAttemptAt < NUDGE_MIN_GAP_MS) return;
    this.clearReconnect();
    this.connect();
  }

  /** The signed-in user changed: the open socket speaks for the previous one. */
  reset(): void {
    this.clearReconnect();
    this.cancelIdleClose();
    this.closeSocket();
    this.attempt = 0;
    this.setStatus({ state: LIVE_CLOSED, lost: false, failedAttempts: 0 });
    if (this.subs.size > 0) this.connect();
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === SOCKET_OPEN && this.status.state === LIVE_OPEN;
  }

  private ensureConnecting(): void {
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  private connect(): void {
    if (!this.createSocket) return;
    this.lastAttemptAt = Date.now();
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url());
    } catch {
      this.failed(false);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus({ state: LIVE_OPEN, lost: false, failedAttempts: 0 });
      for (const id of this.subs.keys()) this.sendFetch(id);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket && typeof event.data === 'string') this.receive(event.data);
    };
    // Any close we did not ask for is a lost connection: the server stopping, the network, or the
    // server's LIVE_CLOSE_TRY_AGAIN_LATER (its database is down, or this tab fell too far behind).
    // Each screen shows its own text while `lost`; the client reconnects with backoff and fetches
    // every found set again once a socket opens.
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failed(this.status.state === LIVE_OPEN);
    };
    // A failed socket also closes; the close handler decides what happens next.
    socket.onerror = () => undefined;
  }

  private failed(wasOpen: boolean): void {
    this.setStatus({
      state: LIVE_CLOSED,
      lost: wasOpen || this.status.lost,
      failedAttempts: wasOpen ? 0 : this.status.failedAttempts + 1,
    });
    if (this.subs.size === 0) return;
    const delay = reconnectDelay(this.attempt++, this.options.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private receive(text: string): void {
    const message = parseLiveMessage(text) as LiveServerMessage<unknown> | null;
    if (!message) return;
    // An Error without a subscription answers nothing this tab asked for.
    const sub = message.subscriptionId ? this.subs.get(message.subscriptionId) : undefined;
    if (!sub) return;
    // the fetch again goes out with the subscription's current window
    if (message.type === 'FoundSetInvalidated') this.sendFetch(message.subscriptionId);
    else deliverLiveMessage(message, sub.handlers);
  }

  private sendFetch(id: string): void {
    const sub = this.subs.get(id);
    if (sub) this.send({ type: 'fetch', subscriptionId: id, ...sub.request } as LiveClientMessage);
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(message));
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    // Detached first: closing on purpose is not a lost connection.
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      try {
        socket.close(1000, 'done');
      } catch {
        // Already closing.
      }
    }
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.subs.size > 0) return;
      this.clearReconnect();
      this.closeSocket();
      this.setStatus({ state: LIVE_CLOSED, lost: false, failedAttempts: 0 });
    }, this.options.idleCloseMs ?? 10_000);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(next: Omit<LiveStatus, 'supported'>): void {
    const s = this.status;
    if (s.state === next.state && s.lost === next.lost && s.failedAttempts === next.failedAttempts) return;
    this.status = { ...next, supported: s.supported };
    for (const listener of this.listeners) listener();
  }
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/live`;
}

/** The tab's one live connection. */
export const live = new LiveClient({ url: liveUrl });

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live.onStatus, live.getStatus, live.getStatus);
}

/**
 * The socket speaks for whoever was signed in when it opened: after su or a new sign-in it is
 * replaced, and every subscription is fetched again under the new user.
 */
export function useLiveSession(userId: string): void {
  const first = useRef(userId);
  useEffect(() => {
    if (first.current === userId) return;
    first.current = userId;
    live.reset();
  }, [userId]);
}
