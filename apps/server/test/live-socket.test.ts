import { once } from 'node:events';
import { SESSION_IDLE_MS } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '../src/platform/auth/sessions.ts';
import { CLOSE_SIGNED_OUT } from '../src/platform/live/hub.ts';
import { OWN_NOTIFICATIONS_ONLY } from '../src/modules/live/sources.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { HttpSession, idsOf, insertTrip, LiveClient, serve, type Served } from './live-helpers.ts';

let db: TestDatabase;
let s: Served;
let partner: string;
let partnerUser: { id: string; username: string };

const DAY = '2026-11-24';

beforeAll(async () => {
  db = await createTestDatabase();
  s = await serve(db.pool);
  partner = (await createContact(db.pool, { types: ['Affiliate'], username: null })).id;
  const u = await createContact(db.pool, { types: ['Affiliate'], parentId: partner });
  partnerUser = { id: u.id, username: u.username! };
});
afterAll(async () => {
  await s.app.close();
  await db.drop();
});

const signIn = () => HttpSession.signIn(s, partnerUser.username);

describe('GET /api/live: who may open it', () => {
  it('refuses the upgrade with 401 without a session, or with an unknown one', async () => {
    expect(await LiveClient.refusal(s, { origin: s.origin })).toBe(401);
    expect(await LiveClient.refusal(s, { origin: s.origin, cookie: 'tripline_session=forged' })).toBe(401);
  });

  it('refuses a session cookie sent from another site, or with no Origin, with 403', async () => {
    const http = await signIn();
    expect(await LiveClient.refusal(s, { cookie: http.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await LiveClient.refusal(s, { cookie: http.cookie })).toBe(403);
  });

  it('answers a plain GET with 426 once signed in', async () => {
    const http = await signIn();
    expect((await http.request('GET', '/api/live')).status).toBe(426);
  });

  it('accepts an API token with GET on the activity area, and closes it with 4401 once revoked', async () => {
    const staff = await createContact(db.pool, { types: ['SecureEmployee'], username: null });
    const allowed = 'tok_live_allowed_0123456789';
    const refused = 'tok_live_refused_0123456789';
    for (const [value, endpoints] of [
      [allowed, { activity: ['GET'] }],
      [refused, { trips: ['GET'] }],
    ] as const) {
      await db.pool.query('insert into api_tokens (contact_id, name, token_hash, endpoints) values ($1, $2, $3, $4)', [
        staff.id,
        'integration',
        hashToken(value),
        JSON.stringify(endpoints),
      ]);
    }
    expect(await LiveClient.refusal(s, { authorization: `Bearer ${refused}` })).toBe(403);
    const live = await LiveClient.open(s, { authorization: `Bearer ${allowed}` });
    expect((await live.fetch('day', 'SyncDriveAssv', { pickupDate: DAY })).table).toBe('SyncDriveAssv');
    await db.pool.query('update api_tokens set revoked = true where token_hash = $1', [hashToken(allowed)]);
    await s.app.live.checkSessions();
    expect((await live.closed).code).toBe(CLOSE_SIGNED_OUT);
  });
});

describe('GET /api/live: messages', () => {
  it('answers an invalid message with Error and keeps the connection', async () => {
    const live = await (await signIn()).live();
    live.send('not json');
    expect((await live.next('Error')).message).toBe('The message is not valid JSON');
    live.send({ type: 'fetch', subscriptionId: 'x', table: 'Vehicles', filter: {} });
    expect(await live.next('Error')).toMatchObject({ subscriptionId: 'x', message: expect.stringContaining('table') });
    live.send({ type: 'fetch', subscriptionId: 'y', table: 'SyncDriveAssv', filter: { pickupDate: '11/24/2026' } });
    expect(await live.next('Error')).toMatchObject({ subscriptionId: 'y', message: expect.stringContaining('Dates are YYYY-MM-DD') });
    live.send({ type: 'subscribe' });
    expect((await live.next('Error')).message).toContain('type');
    expect((await live.fetch('ok', 'SyncDriveAssv', { pickupDate: DAY })).rows).toEqual([]);
    await live.close();
  });

  it('refuses to watch another contact’s notifications', async () => {
    const live = await (await signIn()).live();
    const other = await createContact(db.pool);
    live.send({ type: 'fetch', subscriptionId: 'inbox', table: 'VOGDelivery', filter: { unread: true, recipientId: other.id } });
    expect(await live.next('Error')).toEqual({ type: 'Error', subscriptionId: 'inbox', message: OWN_NOTIFICATIONS_ONLY });
    expect((await live.fetch('mine', 'VOGDelivery', { unread: true, recipientId: partnerUser.id })).rows).toEqual([]);
    await live.close();
  });

  it('answers close with Unsubscribed and sends nothing more for that subscription', async () => {
    const day = '2026-11-25';
    const trip = await insertTrip(db.pool, { date: day, partnerId: partner });
    const live = await (await signIn()).live();
    await live.fetch('gone', 'SyncDriveAssv', { pickupDate: day });
    await live.fetch('kept', 'SyncDriveAssv', { pickupDate: day, id: trip });
    live.send({ type: 'close', subscriptionId: 'gone' });
    expect(await live.next('Unsubscribed')).toEqual({ type: 'Unsubscribed', subscriptionId: 'gone' });
    await db.pool.query(`update drive_assignments set flag = 'After close' where id = $1`, [trip]);
    await live.changed('kept');
    expect(live.pending).toEqual([]);
    await live.close();
  });

  it('replaces a subscription when its id is fetched again with another filter', async () => {
    const live = await (await signIn()).live();
    const trip = await insertTrip(db.pool, { date: '2026-11-26', partnerId: partner });
    await live.fetch('list', 'SyncDriveAssv', { pickupDate: '2026-11-27' });
    expect(idsOf((await live.fetch('list', 'SyncDriveAssv', { pickupDate: '2026-11-26' })).rows)).toEqual([trip]);
    await db.pool.query(`update drive_assignments set flag = 'New day' where id = $1`, [trip]);
    expect(idsOf((await live.changed('list')).updated)).toEqual([trip]);
    await live.close();
  });

  it('forgets the subscriptions of a closed socket', async () => {
    const day = '2026-11-28';
    const before = s.app.live.stats();
    const live = await (await signIn()).live();
    await live.fetch('a', 'SyncDriveAssv', { pickupDate: day });
    expect(s.app.live.stats().subscriptions).toBe(before.subscriptions + 1);
    await live.close();
    await expect.poll(() => s.app.live.stats().subscriptions).toBe(before.subscriptions);
    expect(s.app.live.stats().foundSets).toBe(before.foundSets);
  });
});

describe('GET /api/live: keeping the connection honest', () => {
  it('closes the socket with 4401 when the session expires, and when the user signs out', async () => {
    const idle = await (await signIn()).live();
    const http = await signIn();
    const leaving = await http.live();
    await http.request('POST', '/api/logout');
    await s.app.live.checkSessions();
    expect(await leaving.closed).toEqual({ code: CLOSE_SIGNED_OUT, reason: expect.stringContaining('timed out') });

    s.clock.advance(SESSION_IDLE_MS + 60_000);
    await s.app.live.checkSessions();
    expect((await idle.closed).code).toBe(CLOSE_SIGNED_OUT);
    s.clock.advance(-(SESSION_IDLE_MS + 60_000));
  });

  it('invalidates the found sets of a user whose scope changed', async () => {
    const other = (await createContact(db.pool, { types: ['Affiliate'], username: null })).id;
    const mover = await createContact(db.pool, { types: ['Affiliate'], parentId: partner });
    const live = await (await HttpSession.signIn(s, mover.username!)).live();
    await live.fetch('day', 'SyncDriveAssv', { pickupDate: DAY });
    await db.pool.query('update contacts set parent_id = $2 where id = $1', [mover.id, other]);
    await s.app.live.checkSessions();
    await live.next('FoundSetInvalidated', (m) => m.subscriptionId === 'day');
    const mine = await insertTrip(db.pool, { date: DAY, partnerId: other });
    expect(idsOf((await live.fetch('day', 'SyncDriveAssv', { pickupDate: DAY })).rows)).toEqual([mine]);
    await live.close();
  });

  it('drops a socket that stops answering pings', async () => {
    const http = await signIn();
    // autoPong off: a client that is gone but whose connection was never closed.
    const silent = new WebSocket(`${s.base.replace('http', 'ws')}/api/live`, { headers: { cookie: http.cookie, origin: s.origin }, autoPong: false });
    const silentClosed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
    await once(silent, 'open');
    const healthy = await http.live();
    s.app.live.heartbeat();
    // The healthy client's pong is sent before its next message, so once the fetch is answered the
    // server has seen the pong.
    await healthy.fetch('x', 'SyncDriveAssv', { pickupDate: DAY });
    s.app.live.heartbeat();
    expect(await silentClosed).toBe(1006);
    await healthy.fetch('y', 'SyncDriveAssv', { pickupDate: DAY });
    await healthy.close();
  });

  it('closes its sockets and its LISTEN connection when the app closes', async () => {
    const other = await serve(db.pool);
    const http = await HttpSession.signIn(other, partnerUser.username);
    const live = await http.live();
    const pid = other.app.live.listenerPid;
    await other.app.close();
    expect((await live.closed).code).toBeGreaterThanOrEqual(1000);
    expect(pid).toEqual(expect.any(Number));
    await expect.poll(async () => (await db.pool.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount).toBe(0);
  });
});
