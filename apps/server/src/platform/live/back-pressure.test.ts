import { LIVE_CLOSE_TRY_AGAIN_LATER } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { BackPressure, FELL_BEHIND, type PressureLimits } from './back-pressure.ts';

/** A socket whose backlog the test sets; "sending" adds to it like `ws` does. */
class FakeSocket {
  bufferedAmount = 0;
  closedWith: { code: number; reason: string } | null = null;
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }
}

const LIMITS: PressureLimits = { highWaterBytes: 1000, lowWaterBytes: 200, stallMs: 30_000, portalBytes: 10_000, replyCeilingBytes: 5000 };

function setup(limits: Partial<PressureLimits> = {}) {
  let t = 0;
  const drained: string[][] = [];
  const bp = new BackPressure<string>(() => t, (missed) => drained.push(missed), { ...LIMITS, ...limits });
  const socket = () => {
    const s = new FakeSocket();
    bp.add(s);
    return s;
  };
  /** Offers a change of `bytes`; when allowed it is "sent" (queued on the socket). */
  const change = (s: FakeSocket, sub: string, bytes = 300) => {
    const ok = bp.allowChange(s, sub);
    if (ok) s.bufferedAmount += bytes;
    return ok;
  };
  return { bp, drained, socket, change, advance: (ms: number) => (t += ms) };
}

describe('BackPressure: one socket', () => {
  it('sends changes up to the high mark, then pauses: nothing more is queued while paused', () => {
    const { bp, socket, change } = setup();
    const s = socket();
    s.bufferedAmount = 1000;
    expect(change(s, 'a')).toBe(true); // exactly at the mark still sends
    expect(s.bufferedAmount).toBe(1300);
    expect(bp.isPaused(s)).toBe(false);
    expect(change(s, 'a')).toBe(false);
    expect(bp.isPaused(s)).toBe(true);
    for (let i = 0; i < 50; i++) expect(change(s, i % 2 ? 'a' : 'b')).toBe(false);
    // the backlog is at most the mark plus the one message sent while under it
    expect(s.bufferedAmount).toBe(1300);
    expect(bp.stats()).toMatchObject({ pausedSockets: 1, withheldChanges: 51, largestBacklogBytes: 1300 });
  });

  it('stays paused above the low mark, then invalidates exactly the subscriptions that missed changes once drained', () => {
    const { bp, socket, change, drained } = setup();
    const s = socket();
    s.bufferedAmount = 1001;
    change(s, 'a');
    change(s, 'b');
    change(s, 'a');
    s.bufferedAmount = 201;
    bp.check();
    expect(bp.isPaused(s)).toBe(true);
    expect(change(s, 'c')).toBe(false); // below the high mark but not drained: still paused
    expect(drained).toEqual([]);
    s.bufferedAmount = 200;
    bp.check();
    expect(drained).toEqual([['a', 'b', 'c']]);
    expect(bp.isPaused(s)).toBe(false);
    expect(change(s, 'a')).toBe(true);
    bp.check();
    expect(drained).toHaveLength(1); // nothing missed since: nothing more to invalidate
  });

  it('closes with 4013 a socket still behind when the time is up, not a moment before', () => {
    const { bp, socket, change, advance } = setup();
    const s = socket();
    s.bufferedAmount = 2000;
    change(s, 'a');
    advance(29_999);
    bp.check();
    expect(s.closedWith).toBeNull();
    advance(1);
    bp.check();
    expect(s.closedWith).toEqual({ code: LIVE_CLOSE_TRY_AGAIN_LATER, reason: FELL_BEHIND });
    expect(bp.stats()).toMatchObject({ closedBehind: 1, pausedSockets: 0 });
    expect(change(s, 'a')).toBe(false);
  });

  it('counts the time from the pause, and starts again after a resume', () => {
    const { bp, socket, change, advance } = setup();
    const s = socket();
    s.bufferedAmount = 2000;
    change(s, 'a');
    advance(20_000);
    s.bufferedAmount = 100;
    bp.check();
    s.bufferedAmount = 2000;
    change(s, 'a');
    advance(20_000);
    bp.check();
    expect(s.closedWith).toBeNull();
    advance(10_000);
    bp.check();
    expect(s.closedWith?.code).toBe(LIVE_CLOSE_TRY_AGAIN_LATER);
  });

  it('always sends replies, even paused, until the ceiling; above it the socket is closed', () => {
    const { bp, socket, change } = setup();
    const s = socket();
    s.bufferedAmount = 2000;
    change(s, 'a');
    expect(bp.allowReply(s)).toBe(true);
    s.bufferedAmount = 5000;
    expect(bp.allowReply(s)).toBe(true);
    s.bufferedAmount = 5001;
    expect(bp.allowReply(s)).toBe(false);
    expect(s.closedWith?.code).toBe(LIVE_CLOSE_TRY_AGAIN_LATER);
  });

  it('forgets a removed socket', () => {
    const { bp, socket } = setup();
    const s = socket();
    s.bufferedAmount = 999;
    bp.remove(s);
    expect(bp.allowChange(s, 'a')).toBe(false);
    expect(bp.stats()).toMatchObject({ inFlightBytes: 0, pausedSockets: 0 });
  });
});

describe('BackPressure: the portal-wide cap', () => {
  it('leaves every socket alone at the cap', () => {
    const { bp, socket } = setup({ highWaterBytes: 5000 });
    const sockets = [4000, 3000, 3000].map((b) => Object.assign(socket(), { bufferedAmount: b }));
    bp.check();
    expect(sockets.map((s) => bp.isPaused(s))).toEqual([false, false, false]);
    expect(bp.stats().inFlightBytes).toBe(10_000);
  });

  it('above the cap pauses the sockets with the most queued until they cover the excess', () => {
    const { bp, socket, change, drained } = setup({ highWaterBytes: 5000 });
    const [big, middle, small, idle] = [4000, 3500, 3000, 150].map((b) => Object.assign(socket(), { bufferedAmount: b }));
    bp.check(); // 10 650 in flight: 650 over, the biggest covers it
    expect([big, middle, small, idle].map((s) => bp.isPaused(s))).toEqual([true, false, false, false]);
    expect(change(big, 'x')).toBe(false);
    expect(change(middle, 'y')).toBe(true);
    middle.bufferedAmount = 3500;
    small.bufferedAmount = 4900;
    bp.check(); // 12 550: 2 550 over, already covered by the paused 4 000
    expect(bp.stats().pausedSockets).toBe(1);
    small.bufferedAmount = 5000;
    big.bufferedAmount = 1000;
    middle.bufferedAmount = 4900;
    idle.bufferedAmount = 150;
    bp.check(); // 11 050: big (1 000) no longer covers 1 050; small, the most queued, is paused too
    expect([big, middle, small, idle].map((s) => bp.isPaused(s))).toEqual([true, false, true, false]);
    big.bufferedAmount = 0;
    bp.check();
    expect(drained).toEqual([['x']]);
    expect(bp.isPaused(big)).toBe(false);
  });

  it('never pauses a socket at or under the low mark for the cap', () => {
    const { bp, socket } = setup({ portalBytes: 300, highWaterBytes: 5000 });
    const sockets = [200, 200, 200].map((b) => Object.assign(socket(), { bufferedAmount: b }));
    bp.check();
    expect(bp.stats().pausedSockets).toBe(0);
    sockets[0]!.bufferedAmount = 201;
    bp.check();
    expect(bp.isPaused(sockets[0]!)).toBe(true);
  });

  it('closes a socket paused for the cap that stays behind', () => {
    const { bp, socket, advance } = setup({ highWaterBytes: 50_000 });
    const s = Object.assign(socket(), { bufferedAmount: 20_000 });
    bp.check();
    expect(bp.isPaused(s)).toBe(true);
    advance(30_000);
    bp.check();
    expect(s.closedWith?.code).toBe(LIVE_CLOSE_TRY_AGAIN_LATER);
  });
});
