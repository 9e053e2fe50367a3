import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveClient, type FakeSocket } from '../../lib/fake-socket.ts';
import { followTrips } from './use-live-trips.ts';

let sockets: FakeSocket[];
const newClient = () => fakeLiveClient(sockets, 0.5);

type Fetch = { type: string; subscriptionId: string; table?: string; filter?: { id: string } };
const fetches = (s: FakeSocket) => (s.sent as Fetch[]).filter((m) => m.type === 'fetch');
const idOf = (s: FakeSocket, tripId: string) => fetches(s).find((m) => m.filter?.id === tripId)!.subscriptionId;
const fetched = (subscriptionId: string) => ({ type: 'FetchedFoundSet', subscriptionId, table: 'SyncDriveAssv', rows: [] });

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('followTrips', () => {
  it('asks for each trip by id, and takes the first answers as what the screen holds', () => {
    const onChange = vi.fn();
    followTrips(newClient(), ['t1', 't2'], onChange);
    sockets[0].open();
    expect(fetches(sockets[0]).map((m) => [m.table, m.filter])).toEqual([
      ['SyncDriveAssv', { id: 't1' }],
      ['SyncDriveAssv', { id: 't2' }],
    ]);
    sockets[0].receive(fetched(idOf(sockets[0], 't1')));
    sockets[0].receive(fetched(idOf(sockets[0], 't2')));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports a change of a followed trip', () => {
    const onChange = vi.fn();
    followTrips(newClient(), ['t1'], onChange);
    sockets[0].open();
    const sub = idOf(sockets[0], 't1');
    sockets[0].receive(fetched(sub));
    sockets[0].receive({ type: 'FoundSetChanged', subscriptionId: sub, table: 'SyncDriveAssv', added: [], updated: [{ id: 't1' }], removed: [] });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('catches up after a lost connection: the answer after reconnecting counts as a change', () => {
    const onChange = vi.fn();
    followTrips(newClient(), ['t1'], onChange);
    sockets[0].open();
    sockets[0].receive(fetched(idOf(sockets[0], 't1')));
    sockets[0].drop();
    vi.runOnlyPendingTimers();
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].receive(fetched(idOf(sockets[1], 't1')));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('leaves a trip the server refuses alone', () => {
    const onChange = vi.fn();
    followTrips(newClient(), ['other'], onChange);
    sockets[0].open();
    sockets[0].receive({ type: 'Error', subscriptionId: idOf(sockets[0], 'other'), message: 'Not found' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ends every subscription when stopped', () => {
    const stop = followTrips(newClient(), ['t1', 't2'], vi.fn());
    sockets[0].open();
    stop();
    expect((sockets[0].sent as Fetch[]).filter((m) => m.type === 'close').map((m) => m.subscriptionId)).toEqual([idOf(sockets[0], 't1'), idOf(sockets[0], 't2')]);
  });
});
