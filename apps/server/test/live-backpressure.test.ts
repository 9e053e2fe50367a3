import { LIVE_CLOSE_TRY_AGAIN_LATER } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRESSURE_LIMITS, FELL_BEHIND } from '../src/platform/live/back-pressure.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { HttpSession, insertTrip, type LiveClient, serve, type Served } from './live-helpers.ts';

// A client that stops reading while its day keeps changing. The marks are far smaller than the
// real ones so the test moves little data; the operating system's own socket buffers still take
// several MiB before anything waits in the server, so the changes are made large.
const HIGH = 256 * 1024;
const LOW = 64 * 1024;
const STALL_MS = 5_000;
const TRIPS = 20;
const FLAG_BYTES = 16_000;
const SUBS = Array.from({ length: 10 }, (_, i) => `day-${i}`);
/** A frame header: what `ws` adds to each message on its way out. */
const FRAME = 10;
const WAIT = { timeout: 60_000, interval: 50 };

let db: TestDatabase;
let s: Served;
let staff: HttpSession;
let nextDay = 1;

beforeAll(async () => {
  db = await createTestDatabase();
  s = await serve(db.pool);
  s.app.live.pressure.limits = { ...DEFAULT_PRESSURE_LIMITS, highWaterBytes: HIGH, lowWaterBytes: LOW, stallMs: STALL_MS };
  const u = await createContact(db.pool, { types: ['SecureEmployee'] });
  staff = await HttpSession.signIn(s, u.username!);
});
afterAll(async () => {
  await s.app.close();
  await db.drop();
});

const stats = () => s.app.live.stats();

/** Changes every trip of the day (one FoundSetChanged per subscription) and waits until it was handled. */
async function changeDay(day: string): Promise<void> {
  const before = stats().changes;
  await db.pool.query(`update drive_assignments set flag = repeat('x', $2) || $3 where service_date = $1`, [day, FLAG_BYTES, `${Math.random()}`]);
  await expect.poll(() => stats().changes, WAIT).toBeGreaterThanOrEqual(before + SUBS.length);
}

/** A socket holding SUBS on a busy day that stops reading, changed until the server pauses it. */
async function slowSocket(): Promise<{ live: LiveClient; day: string }> {
  const day = `2026-10-${String(nextDay++).padStart(2, '0')}`;
  for (let i = 0; i < TRIPS; i++) await insertTrip(db.pool, { date: day });
  const live = await staff.live();
  for (const sub of SUBS) expect((await live.fetch(sub, 'SyncDriveAssv', { pickupDate: day })).rows).toHaveLength(TRIPS);
  live.pauseReading();
  for (let i = 0; i < 100 && stats().pausedSockets === 0; i++) await changeDay(day);
  expect(stats().pausedSockets).toBe(1);
  return { live, day };
}

/** The longest FoundSetChanged the client received, in bytes as sent. */
const longestChange = (live: LiveClient) => Math.max(...live.raw.filter((m) => m.startsWith('{"type":"FoundSetChanged"')).map((m) => Buffer.byteLength(m)));

describe('GET /api/live: a client that does not read', () => {
  it('is paused above the mark: its backlog stops growing, and once it reads it is told to fetch again', async () => {
    const { live, day } = await slowSocket();
    const atPause = stats();
    for (let i = 0; i < 3; i++) await changeDay(day);
    await expect.poll(() => stats().withheldChanges, WAIT).toBeGreaterThanOrEqual(atPause.withheldChanges + 3 * SUBS.length);
    const later = stats();
    expect(later.pausedSockets).toBe(1);

    live.resumeReading();
    for (const sub of SUBS) await live.next('FoundSetInvalidated', (m) => m.subscriptionId === sub, 60_000);
    await expect.poll(() => stats().pausedSockets, WAIT).toBe(0);
    // The backlog never passed the mark by more than the one message sent while under it, and no
    // change was queued after the pause (a keep-alive ping may add a few bytes).
    const longest = longestChange(live);
    expect(atPause.largestBacklogBytes).toBeGreaterThan(LOW);
    expect(atPause.largestBacklogBytes).toBeLessThanOrEqual(HIGH + longest + FRAME);
    expect(later.largestBacklogBytes).toBeLessThan(atPause.largestBacklogBytes + FRAME);

    // Fetched again, the subscription is current and receives changes as before.
    const fetched = await live.fetch(SUBS[0]!, 'SyncDriveAssv', { pickupDate: day });
    const mark = `after ${Math.random()}`;
    await db.pool.query(`update drive_assignments set flag = $2 where id = $1`, [(fetched.rows[0] as { id: string }).id, mark]);
    await live.next('FoundSetChanged', (m) => m.subscriptionId === SUBS[0] && JSON.stringify(m.updated).includes(mark), 60_000);
    await live.close();
  });

  it('still behind when the time is up, is closed with 4013 and the reason', async () => {
    const { live } = await slowSocket();
    const closedBefore = stats().closedBehind;
    s.clock.advance(STALL_MS - 1);
    s.app.live.pressure.check();
    expect(stats().closedBehind).toBe(closedBefore);
    s.clock.advance(1);
    s.app.live.pressure.check();
    expect(stats()).toMatchObject({ closedBehind: closedBefore + 1, pausedSockets: 0 });
    live.resumeReading();
    expect(await live.closed).toEqual({ code: LIVE_CLOSE_TRY_AGAIN_LATER, reason: FELL_BEHIND });
    expect(live.pending.some((m) => m.type === 'FoundSetInvalidated')).toBe(false);
  });
});
