import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_TRY_AGAIN_LATER } from '@tripline/core';
import { fakeLiveClient, type FakeSocket } from './fake-socket.ts';
import { LiveClient, type LiveHandlers } from './live.ts';

let sockets: FakeSocket[];
const newClient = () => fakeLiveClient(sockets, 0.999999);

const request = { table: 'SyncDriveAssv', filter: { pickupDate: '2025-03-14', affiliateId: 'p1' } } as const;

function handlers() {
  return { fetched: vi.fn(), changed: vi.fn(), rows: vi.fn(), error: vi.fn() } satisfies LiveHandlers<unknown>;
}

const windowed = { ...request, view: { start: 0, count: 50, sort: { key: 'time', dir: 'desc' }, q: '!' } } as const;

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('LiveClient', () => {
  it('opens one socket and fetches each subscription once it is open', () => {
    const live = newClient();
    const h = handlers();
    live.subscribe(request, h);
    live.subscribe({ table: 'VOGDelivery', filter: { unread: true, recipientId: 'u1' } }, handlers());
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://portal/api/live');
    sockets[0].open();
    expect(sockets[0].sent).toEqual([
      { type: 'fetch', subscriptionId: 'SyncDriveAssv-1', ...request },
      { type: 'fetch', subscriptionId: 'VOGDelivery-2', table: 'VOGDelivery', filter: { unread: true, recipientId: 'u1' } },
    ]);
    expect(live.getStatus()).toMatchObject({ state: 1, lost: false });
  });

  it('routes rows, changes and errors to their subscription and refetches an invalidated one', () => {
    const live = newClient();
    const h = handlers();
    live.subscribe(request, h);
    const s = sockets[0];
    s.open();
    s.receive({ type: 'FetchedFoundSet', subscriptionId: 'SyncDriveAssv-1', table: 'SyncDriveAssv', rows: [{ id: 'a' }] });
    s.receive({ type: 'FoundSetChanged', subscriptionId: 'SyncDriveAssv-1', table: 'SyncDriveAssv', added: [], updated: [], removed: ['a'] });
    s.receive({ type: 'FoundSetChanged', subscriptionId: 'other', table: 'SyncDriveAssv', added: [], updated: [], removed: ['b'] });
    s.receive({ type: 'Error', subscriptionId: 'SyncDriveAssv-1', message: 'Refused' });
    s.receive({ type: 'FoundSetInvalidated', subscriptionId: 'SyncDriveAssv-1' });
    expect(h.fetched).toHaveBeenCalledWith([{ id: 'a' }]);
    expect(h.changed).toHaveBeenCalledTimes(1);
    expect(h.changed).toHaveBeenCalledWith({ added: [], updated: [], removed: ['a'] });
    expect(h.error).toHaveBeenCalledWith('Refused');
    expect(s.sent).toHaveLength(2);
  });

  it('sends close on unsubscribe and closes the idle socket later', () => {
    const live = newClient();
    const stop = live.subscribe(request, handlers());
    sockets[0].open();
    stop();
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'close', subscriptionId: 'SyncDriveAssv-1' });
    expect(sockets[0].closed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(sockets[0].closed).toBe(true);
    expect(live.getStatus()).toMatchObject({ state: 0, lost: false });
  });

  it('can open the socket before the first subscription, which then fetches on it at once', () => {
    const live = newClient();
    live.preconnect();
    expect(sockets).toHaveLength(1);
    sockets[0].open();
    live.subscribe(request, handlers());
    live.preconnect();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent).toEqual([{ type: 'fetch', subscriptionId: 'SyncDriveAssv-1', ...request }]);
    vi.advanceTimersByTime(5_000);
    expect(sockets[0].closed).toBe(false);
  });

  it('closes an early socket nobody subscribes on, and does not retry one that was refused', () => {
    const live = newClient();
    live.preconnect();
    sockets[0].open();
    vi.advanceTimersByTime(1_000);
    expect(sockets[0].closed).toBe(true);
    expect(live.getStatus()).toMatchObject({ state: 0, lost: false });

    live.preconnect();
    sockets[1].drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    live.subscribe(request, handlers());
    expect(sockets).toHaveLength(3);
  });

  it('marks an unexpected close as lost, reconnects with backoff and fetches again', () => {
    const live = newClient();
    live.subscribe(request, handlers());
    sockets[0].open();
    sockets[0].drop();
    expect(live.getStatus()).toMatchObject({ state: 0, lost: true });
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drop();
    expect(live.getStatus()).toMatchObject({ state: 0, lost: true, failedAttempts: 1 });
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sockets[2].open();
    expect(live.getStatus()).toMatchObject({ state: 1, lost: false, failedAttempts: 0 });
    expect(sockets[2].sent).toEqual([{ type: 'fetch', subscriptionId: 'SyncDriveAssv-1', ...request }]);
  });

  it("treats the server's 'try again later' close (database down) as lost, keeps trying with a growing delay and fetches every found set again", () => {
    const live = newClient();
    const day = handlers();
    const inbox = handlers();
    live.subscribe(request, day);
    live.subscribe({ table: 'VOGDelivery', filter: { unread: true, recipientId: 'u1' } }, inbox);
    sockets[0].open();
    sockets[0].receive({ type: 'FetchedFoundSet', subscriptionId: 'SyncDriveAssv-1', table: 'SyncDriveAssv', rows: [{ id: 't1' }] });
    sockets[0].drop(LIVE_CLOSE_TRY_AGAIN_LATER);
    expect(live.getStatus()).toMatchObject({ state: 0, lost: true });
    // While the database is down every upgrade is refused; each wait doubles, up to 30 s.
    const waits = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    for (const [i, wait] of waits.entries()) {
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
      sockets[i + 1].drop();
      expect(live.getStatus()).toMatchObject({ state: 0, lost: true, failedAttempts: i + 1 });
    }
    vi.advanceTimersByTime(30_000);
    const back = sockets[sockets.length - 1];
    back.open();
    expect(live.getStatus()).toMatchObject({ state: 1, lost: false, failedAttempts: 0 });
    expect(back.sent).toEqual([
      { type: 'fetch', subscriptionId: 'SyncDriveAssv-1', ...request },
      { type: 'fetch', subscriptionId: 'VOGDelivery-2', table: 'VOGDelivery', filter: { unread: true, recipientId: 'u1' } },
    ]);
    back.receive({ type: 'FetchedFoundSet', subscriptionId: 'SyncDriveAssv-1', table: 'SyncDriveAssv', rows: [{ id: 't1' }, { id: 't2' }] });
    expect(day.fetched).toHaveBeenLastCalledWith([{ id: 't1' }, { id: 't2' }]);
  });

  it('tries again at once after a successful request, but not in a tight loop', () => {
    const live = newClient();
    live.subscribe(request, handlers());
    sockets[0].open();
    sockets[0].drop();
    vi.advanceTimersByTime(2_000);
    sockets[1].drop();
    live.nudge();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    live.nudge();
    expect(sockets).toHaveLength(3);
  });

  it('tells listeners about every state change', () => {
    const live = newClient();
    const seen: number[] = [];
    live.onStatus(() => seen.push(live.getStatus().state));
    live.subscribe(request, handlers());
    sockets[0].open();
    sockets[0].drop();
    expect(seen).toEqual([1, 0]);
  });

  it('starts a fresh connection for a new user and never reports it as lost', () => {
    const live = newClient();
    live.subscribe(request, handlers());
    sockets[0].open();
    live.reset();
    expect(sockets[0].closed).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(live.getStatus()).toMatchObject({ state: 0, lost: false });
  });

  it('stays closed where the browser has no websockets', () => {
    const live = new LiveClient({ url: () => 'ws://x', createSocket: null });
    live.subscribe(request, handlers());
    expect(live.getStatus()).toMatchObject({ state: 0, supported: false });
  });

  describe('windowed found sets', () => {
    const sub = 'SyncDriveAssv-1';

    it('hands the window facts, the changed members and moved rows to the subscription, with any other figures the server adds', () => {
      const live = newClient();
      const h = handlers();
      live.subscribe(windowed, h);
      const s = sockets[0];
      s.open();
      expect(s.sent).toEqual([{ type: 'fetch', subscriptionId: sub, ...windowed }]);
      const members = [['a', 'k1', 0, 0], ['b', 'k2', 3, 1]];
      s.receive({ type: 'FetchedFoundSet', subscriptionId: sub, table: 'SyncDriveAssv', rows: [{ id: 'a' }], total: 2, start: 0, members, matches: 12, hidden: 10 });
      expect(h.fetched).toHaveBeenCalledWith([{ id: 'a' }], { total: 2, start: 0, members, extras: { matches: 12, hidden: 10 } });
      s.receive({ type: 'FoundSetChanged', subscriptionId: sub, table: 'SyncDriveAssv', added: [], updated: [{ id: 'b' }], removed: ['c'], members: [members[1]], total: 2, matches: 11 });
      expect(h.changed).toHaveBeenCalledWith({ added: [], updated: [{ id: 'b' }], removed: ['c'], members: [members[1]], total: 2, extras: { matches: 11 } });
      s.receive({ type: 'FoundSetRows', subscriptionId: sub, start: 1, rows: [{ id: 'b' }] });
      expect(h.rows).toHaveBeenCalledWith(1, [{ id: 'b' }]);
      // a set without a view is told exactly what it always was
      s.receive({ type: 'FetchedFoundSet', subscriptionId: sub, table: 'SyncDriveAssv', rows: [] });
      expect(h.fetched).toHaveBeenLastCalledWith([]);
    });

    it('moves the window without fetching again, and fetches with the current window after an invalidation or a reconnect', () => {
      const live = newClient();
      const subscription = live.subscribe(windowed, handlers());
      const s = sockets[0];
      s.open();
      subscription.moveWindow(200, 120);
      // the same window again answers its rows again
      subscription.moveWindow(200, 120);
      const moved = { ...windowed, view: { ...windowed.view, start: 200, count: 120 } };
      expect(s.sent.slice(1)).toEqual([
        { type: 'window', subscriptionId: sub, start: 200, count: 120 },
        { type: 'window', subscriptionId: sub, start: 200, count: 120 },
      ]);
      s.receive({ type: 'FoundSetInvalidated', subscriptionId: sub });
      expect(s.sent.at(-1)).toEqual({ type: 'fetch', subscriptionId: sub, ...moved });

      s.drop();
      subscription.moveWindow(400, 100);
      vi.advanceTimersByTime(1_000);
      sockets[1].open();
      expect(sockets[1].sent).toEqual([{ type: 'fetch', subscriptionId: sub, ...windowed, view: { ...windowed.view, start: 400, count: 100 } }]);
    });

    it('sends nothing for a window of a set without a view, or after it ended', () => {
      const live = newClient();
      const plain = live.subscribe(request, handlers());
      sockets[0].open();
      plain.moveWindow(10, 10);
      const stop = live.subscribe(windowed, handlers());
      stop();
      stop.moveWindow(10, 10);
      expect(sockets[0].sent.map((m) => (m as { type: string }).type)).toEqual(['fetch', 'fetch', 'close']);
    });
  });
});
