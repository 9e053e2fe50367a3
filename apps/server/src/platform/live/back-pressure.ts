import { LIVE_CLOSE_TRY_AGAIN_LATER } from '@tripline/core';

/** What back-pressure needs of a socket (a `ws` WebSocket has both). */
export interface PressuredSocket {
  /** Bytes handed to the socket that the operating system has not yet taken. */
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
}

export interface PressureLimits {
  /**
   * Above this many bytes waiting on one socket, its live changes are withheld (paused). A day's
   * changes are a few KiB each, so a client this far behind is not reading, not merely slow.
   */
  highWaterBytes: number;
  /**
   * A paused socket that has drained to this is told to fetch again (FoundSetInvalidated for each
   * subscription that missed changes) and receives changes again. Lower than the high mark so a
   * socket hovering at the mark does not flap between paused and resumed.
   */
  lowWaterBytes: number;
  /** A paused socket still above the low mark this long after it was paused is closed with 4013. */
  stallMs: number;
  /**
   * Bytes in flight across every socket of the process. Above it, the sockets with the most queued
   * are paused, until what the paused ones hold would bring the total back under it.
   */
  portalBytes: number;
  /**
   * Replies (FetchedFoundSet, Error, Unsubscribed, FoundSetInvalidated) are always sent, even to a
   * paused socket: they answer the client's own request, and a big day must be able to load. A
   * socket that still has this much waiting when a reply is due is closed at once with 4013: it
   * keeps asking and does not read.
   */
  replyCeilingBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_PRESSURE_LIMITS: Readonly<PressureLimits> = {
  highWaterBytes: 4 * MiB,
  lowWaterBytes: 1 * MiB,
  stallMs: 30_000,
  portalBytes: 256 * MiB,
  replyCeilingBytes: 64 * MiB,
};

/** How often paused sockets are checked for having drained or stalled, and the portal total measured. */
export const PRESSURE_CHECK_MS = 250;

/** The close reason of a socket closed for back-pressure (the screens show their own text). */
export const FELL_BEHIND = 'The connection fell too far behind; reconnect and fetch again.';

interface Gauge<S> {
  readonly socket: PressuredSocket;
  /** When the socket was paused (clock ms), or null while changes flow. */
  pausedAt: number | null;
  /** Subscriptions whose changes were withheld: they are invalidated once the socket drains. */
  readonly missed: Set<S>;
}

export interface PressureStats {
  /** Bytes waiting across every socket, and on the one most behind. */
  inFlightBytes: number;
  largestBacklogBytes: number;
  pausedSockets: number;
  /** FoundSetChanged messages not sent because their socket was paused. */
  withheldChanges: number;
  /** Sockets closed with 4013 for staying behind or for a reply above the ceiling. */
  closedBehind: number;
}

/**
 * Back-pressure on the live sockets of one process. A socket more than `highWaterBytes` behind on
 * reading stops receiving live changes (they are dropped, not queued, so its backlog stops
 * growing); once drained to `lowWaterBytes` each subscription that missed changes is invalidated
 * and the client fetches it again. A socket still behind `stallMs` after it was paused is closed
 * with LIVE_CLOSE_TRY_AGAIN_LATER. `check()` runs every PRESSURE_CHECK_MS.
 */
export class BackPressure<S> {
  private readonly gauges = new Map<PressuredSocket, Gauge<S>>();
  private withheld = 0;
  private closed = 0;

  constructor(
    private readonly now: () => number,
    /** A paused socket drained: these subscriptions missed changes and must be fetched again. */
    private readonly drained: (missed: S[]) => void,
    /** Adjustable while running (tests tighten them). */
    public limits: PressureLimits = { ...DEFAULT_PRESSURE_LIMITS },
  ) {}

  add(socket: PressuredSocket): void {
    this.gauges.set(socket, { socket, pausedAt: null, missed: new Set() });
  }

  remove(socket: PressuredSocket): void {
    this.gauges.delete(socket);
  }

  isPaused(socket: PressuredSocket): boolean {
    return (this.gauges.get(socket)?.pausedAt ?? null) !== null;
  }

  /**
   * Whether a live change for `sub` may be sent now. When not, the change is dropped and `sub` is
   * remembered; the socket's backlog is at most the high mark plus the last message sent.
   */
  allowChange(socket: PressuredSocket, sub: S): boolean {
    const g = this.gauges.get(socket);
    if (!g) return false;
    if (g.pausedAt === null && socket.bufferedAmount > this.limits.highWaterBytes) g.pausedAt = this.now();
    if (g.pausedAt === null) return true;
    g.missed.add(sub);
    this.withheld++;
    return false;
  }

  /** Whether a reply may be sent now; a socket above the reply ceiling is closed instead. */
  allowReply(socket: PressuredSocket): boolean {
    if (!this.gauges.has(socket)) return false;
    if (socket.bufferedAmount <= this.limits.replyCeilingBytes) return true;
    this.close(socket);
    return false;
  }

  /** Pauses for the portal-wide cap, resumes drained sockets and closes stalled ones. */
  check(): void {
    const { lowWaterBytes, stallMs } = this.limits;
    this.capPortal();
    const now = this.now();
    // Closing deletes the socket's gauge, which a Map allows while it is being iterated.
    for (const g of this.gauges.values()) {
      if (g.pausedAt === null) continue;
      if (g.socket.bufferedAmount <= lowWaterBytes) {
        g.pausedAt = null;
        const missed = [...g.missed];
        g.missed.clear();
        if (missed.length) this.drained(missed);
      } else if (now - g.pausedAt >= stallMs) {
        this.close(g.socket);
      }
    }
  }

  /**
   * Above the portal-wide cap, pauses the sockets with the most queued until the bytes held by
   * paused sockets cover the excess. A socket at or under the low mark is never paused for it: it
   * would resume at once.
   */
  private capPortal(): void {
    const { portalBytes, lowWaterBytes } = this.limits;
    let total = 0;
    let covered = 0;
    const candidates: { g: Gauge<S>; bytes: number }[] = [];
    for (const g of this.gauges.values()) {
      const bytes = g.socket.bufferedAmount;
      total += bytes;
      if (g.pausedAt !== null) covered += bytes;
      else if (bytes > lowWaterBytes) candidates.push({ g, bytes });
    }
    const excess = total - portalBytes;
    if (excess <= 0) return;
    candidates.sort((a, b) => b.bytes - a.bytes);
    const now = this.now();
    for (const { g, bytes } of candidates) {
      if (covered >= excess) break;
      g.pausedAt = now;
      covered += bytes;
    }
  }

  private close(socket: PressuredSocket): void {
    this.gauges.delete(socket);
    this.closed++;
    socket.close(LIVE_CLOSE_TRY_AGAIN_LATER, FELL_BEHIND);
  }

  stats(): PressureStats {
    let inFlightBytes = 0;
    let largestBacklogBytes = 0;
    let pausedSockets = 0;
    for (const g of this.gauges.values()) {
      const bytes = g.socket.bufferedAmount;
      inFlightBytes += bytes;
      largestBacklogBytes = Math.max(largestBacklogBytes, bytes);
      if (g.pausedAt !== null) pausedSockets++;
    }
    return { inFlightBytes, largestBacklogBytes, pausedSockets, withheldChanges: this.withheld, closedBehind: this.closed };
  }
}
