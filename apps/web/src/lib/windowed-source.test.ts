import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowMember } from '@tripline/core';
import { FakeSocket } from './fake-socket.ts';
import { LiveClient, type LiveRequest } from './live.ts';
import { rowAt, slotsOf, type WindowAnswer, type WindowRange } from './windowed-set.ts';
import { WindowedSource } from './windowed-source.ts';

type Row = { id: string; modCount: number; v: string };

const SUB = 'SyncDriveAssv-1';
const N = 1_000;
const key = (i: number) => `k${String(i).padStart(5, '0')}`;
const member = (i: number, modCount = 0): WindowMember => [`t${i}`, key(i), modCount, 0];
const members = Array.from({ length: N }, (_, i) => member(i));
const wire = (i: number, modCount = 0, v = '') => ({ id: `t${i}`, modCount, v, wire: true });
const rowsOf = (w: WindowRange, modCount = 0) => Array.from({ length: Math.min(N, w.start + w.count) - w.start }, (_, k) => wire(w.start + k, modCount));
const request: LiveRequest = { table: 'SyncDriveAssv', filter: { pickupDate: '2031-05-06' }, view: { start: 0, count: 100, q: '!' } };

let sockets: FakeSocket[];
let loads: { window: WindowRange; signal: AbortSignal; resolve(a: WindowAnswer<Row>): void; reject(e: unknown): void }[];

function setup(options: { supported?: boolean } = {}) {
  const live = new LiveClient({
    url: () => 'ws://portal/api/live',
    createSocket:
      options.supported === false
        ? null
        : (url) => {
            const s = new FakeSocket(url);
            sockets.push(s);
            return s;
          },
    random: () => 0.999999,
  });
  const source = new WindowedSource<Row>({
    request,
    live,
    // the row type is what parsing gives: the wire marker is gone
    parse: (raw) => {
      const { id, modCount, v } = raw as Row;
      return { id, modCount, v };
    },
    load: (window, signal) => new Promise((resolve, reject) => loads.push({ window, signal, resolve, reject })),
  });
  source.start();
  return { live, source };
}

const socket = () => sockets[sockets.length - 1];
const sent = () => socket().sent as Record<string, unknown>[];
const fetchAnswer = (window: WindowRange, extra: object = {}) => ({
  type: 'FetchedFoundSet',
  subscriptionId: SUB,
  table: 'SyncDriveAssv',
  rows: rowsOf(window),
  total: N,
  start: window.start,
  members,
  ...extra,
});

beforeEach(() => {
  sockets = [];
  loads = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('WindowedSource over the live socket', () => {
  it('fetches the first window with the view and holds the parsed rows, members, total and extra figures', () => {
    const { source } = setup();
    socket().open();
    expect(sent()).toEqual([{ type: 'fetch', subscriptionId: SUB, ...request }]);
    expect(source.getSnapshot().set.fetched).toBe(false);
    socket().receive(fetchAnswer({ start: 0, count: 100 }, { matches: 40 }));
    const { set, source: from } = source.getSnapshot();
    expect(from).toBe('live');
    expect(set.total).toBe(N);
    expect(set.extras).toEqual({ matches: 40 });
    expect(rowAt(set, 99)).toEqual({ id: 't99', modCount: 0, v: '' });
    expect(rowAt(set, 100)).toBeUndefined();
  });

  it('moves the window after the rows in view settle, and fills it from FoundSetRows', () => {
    const { source } = setup();
    socket().open();
    socket().receive(fetchAnswer({ start: 0, count: 100 }));
    source.show(10, 25);
    source.show(600, 615);
    vi.advanceTimersByTime(119);
    expect(sent()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent()[1]).toEqual({ type: 'window', subscriptionId: SUB, start: 500, count: 216 });
    expect(source.getSnapshot().set.window).toEqual({ start: 500, count: 216 });
    expect(rowAt(source.getSnapshot().set, 600)).toBeUndefined();
    socket().receive({ type: 'FoundSetRows', subscriptionId: SUB, start: 500, rows: rowsOf({ start: 500, count: 216 }) });
    expect(rowAt(source.getSnapshot().set, 600)).toEqual({ id: 't600', modCount: 0, v: '' });
    // rows held near the old window are let go once it is far away
    expect(source.getSnapshot().set.rows.has('t0')).toBe(false);
    // rows still in the window ask for nothing
    source.show(530, 560);
    vi.advanceTimersByTime(200);
    expect(sent()).toHaveLength(2);
  });

  it('follows a steady scroll now and then instead of waiting for it to stop', () => {
    const { source } = setup();
    socket().open();
    socket().receive(fetchAnswer({ start: 0, count: 100 }));
    // a row further every 50 ms: the rows in view never settle for 120 ms
    for (let i = 1; i <= 8; i++) {
      source.show(i * 40, i * 40 + 15);
      vi.advanceTimersByTime(50);
    }
    const windows = sent().filter((m) => m.type === 'window');
    expect(windows).toHaveLength(1);
    // asked 400 ms after the rows first moved, around the rows in view then
    expect(windows[0]).toMatchObject({ start: 320 - 100 });
  });

  it("ignores live rows of a record written here within 5 s but still moves its member, then asks for a row still older than its member", () => {
    const { source } = setup();
    socket().open();
    socket().receive(fetchAnswer({ start: 0, count: 100 }));
    source.touch('t3');
    source.put([{ id: 't3', modCount: 1, v: 'answer' }]);
    // the echo of the write, then someone else's change within the 5 s
    socket().receive({ type: 'FoundSetChanged', subscriptionId: SUB, table: 'SyncDriveAssv', added: [], updated: [wire(3, 1, 'echo')], removed: [], members: [member(3, 1)], total: N });
    expect(rowAt(source.getSnapshot().set, 3)?.v).toBe('answer');
    socket().receive({ type: 'FoundSetChanged', subscriptionId: SUB, table: 'SyncDriveAssv', added: [], updated: [wire(3, 2, 'theirs')], removed: [], members: [member(3, 2)], total: N });
    expect(rowAt(source.getSnapshot().set, 3)).toBeUndefined();
    expect(sent()).toHaveLength(1);
    vi.advanceTimersByTime(5_050);
    expect(sent()[1]).toEqual({ type: 'window', subscriptionId: SUB, start: 0, count: 100 });
    // FoundSetRows is an answer, not a live change: the 5-second rule does not apply
    socket().receive({ type: 'FoundSetRows', subscriptionId: SUB, start: 0, rows: [wire(3, 2, 'theirs')] });
    expect(rowAt(source.getSnapshot().set, 3)?.v).toBe('theirs');
  });

  it('flags a conflict until the next write answer of that row', () => {
    const { source } = setup();
    socket().open();
    socket().receive(fetchAnswer({ start: 0, count: 100 }));
    source.conflict({ id: 't1', modCount: 4, v: 'server' });
    expect([...source.getSnapshot().conflicts]).toEqual(['t1']);
    expect(rowAt(source.getSnapshot().set, 1)?.v).toBe('server');
    source.put([{ id: 't1', modCount: 5, v: 'mine' }]);
    expect(source.getSnapshot().conflicts.size).toBe(0);
  });

  it('closes the subscription when stopped and fetches the window it had when started again', () => {
    const { source } = setup();
    socket().open();
    socket().receive(fetchAnswer({ start: 0, count: 100 }));
    source.show(300, 320);
    vi.advanceTimersByTime(200);
    source.stop();
    expect(sent().at(-1)).toEqual({ type: 'close', subscriptionId: SUB });
    source.start();
    expect(sent().at(-1)).toEqual({ type: 'fetch', subscriptionId: 'SyncDriveAssv-2', ...request, view: { ...request.view, start: 200, count: 221 } });
  });
});

describe('WindowedSource over HTTP', () => {
  it('reads the window over HTTP when the live answer does not come, pages as the rows in view move, and takes the live answer when it comes', async () => {
    const { source } = setup();
    vi.advanceTimersByTime(3_000);
    expect(loads.map((l) => l.window)).toEqual([{ start: 0, count: 100 }]);
    loads[0].resolve({ rows: rowsOf({ start: 0, count: 100 }).map(({ id, modCount, v }) => ({ id, modCount, v })), start: 0, total: N, members });
    await vi.advanceTimersByTimeAsync(0);
    expect(source.getSnapshot().source).toBe('http');
    expect(rowAt(source.getSnapshot().set, 5)?.id).toBe('t5');

    source.show(900, 920);
    await vi.advanceTimersByTimeAsync(200);
    expect(loads[1].window).toEqual({ start: 800, count: 200 });
    loads[1].resolve({ rows: [{ id: 't910', modCount: 0, v: 'page' }], start: 800, total: N, members });
    await vi.advanceTimersByTimeAsync(0);
    expect(rowAt(source.getSnapshot().set, 910)?.v).toBe('page');

    // the socket opens late: its fetch asks for the window now in view, and its answer takes over
    socket().open();
    expect(sent()[0]).toMatchObject({ type: 'fetch', view: { start: 800, count: 200 } });
    socket().receive(fetchAnswer({ start: 800, count: 200 }));
    expect(source.getSnapshot().source).toBe('live');
  });

  it('reads over HTTP at once without websockets, reports a failure and reads again on reload', async () => {
    const { source } = setup({ supported: false });
    expect(loads).toHaveLength(1);
    loads[0].reject(new Error('Server not responding'));
    await vi.advanceTimersByTimeAsync(0);
    expect(source.getSnapshot()).toMatchObject({ source: null, error: new Error('Server not responding') });
    const reloaded = source.reload();
    loads[1].resolve({ rows: [], start: 0, total: 2, members: [member(0), member(1)] });
    await reloaded;
    expect(source.getSnapshot()).toMatchObject({ source: 'http', error: null });
    expect(slotsOf(source.getSnapshot().set)).toEqual([undefined, undefined]);
  });

  it('falls back when the server refuses the subscription', () => {
    setup();
    socket().open();
    socket().receive({ type: 'Error', subscriptionId: SUB, message: 'The message is not valid' });
    expect(loads).toHaveLength(1);
  });
});
