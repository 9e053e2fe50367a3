import { WATCH_LIST_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { auditRows, createPartner, signIn } from './trip-factories.ts';
import { addWatchListEntry, createPassenger, watchListRows } from './watch-list-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staffUser: Created;
let staff: Browser;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staffUser = await createContact(db.pool, { types: ['SecureEmployee'], name: 'Dana Dispatch' });
  staff = await signIn(t.app, staffUser);
  partner = await signIn(t.app, (await createPartner(db.pool)).user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET elevated-members', () => {
  it('answers 401 without a session and 403 to a partner', async () => {
    expect((await new Browser(t.app).get('/api/elevated-members')).statusCode).toBe(401);
    expect((await partner.get('/api/elevated-members')).statusCode).toBe(403);
  });
  it('lists active entries first with who added them', async () => {
    const ended = await createPassenger(db.pool, { name: 'Aaron Ended' });
    const active = await createPassenger(db.pool, { name: 'Zoe Active' });
    await addWatchListEntry(db.pool, ended.id, { startDate: '2026-01-01', endDate: '2026-02-01' });
    await addWatchListEntry(db.pool, active.id, { reason: 'Falls', startDate: '2026-11-22', endDate: null, addedBy: staffUser.id });
    const res = await staff.get('/api/elevated-members');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((e: { passengerName: string }) => e.passengerName);
    expect(names.indexOf('Zoe Active')).toBeLessThan(names.indexOf('Aaron Ended'));
    expect(res.json().find((e: { passengerId: string }) => e.passengerId === active.id)).toMatchObject({
      reason: 'Falls',
      startDate: '2026-11-22',
      endDate: null,
      active: true,
      memberId: active.memberId,
      contactNumber: active.contactNumber,
      addedByName: 'Dana Dispatch',
    });
    const one = await staff.get(`/api/elevated-members?passengerId=${ended.id}`);
    expect(one.json()).toEqual([expect.objectContaining({ passengerName: 'Aaron Ended', active: false })]);
  });
});

describe('POST elevated-members', () => {
  const entry = (passengerId: string, more: Record<string, unknown> = {}) => ({ passengerId, reason: 'Verbal abuse', startDate: '2026-11-22', endDate: '2026-12-31', ...more });

  it('answers 401 without a session', async () => {
    const p = await createPassenger(db.pool);
    expect((await new Browser(t.app).post('/api/elevated-members', entry(p.id))).statusCode).toBe(401);
  });

  it('answers 400 with the field text and writes nothing', async () => {
    const p = await createPassenger(db.pool);
    const before = await watchListRows(db.pool);
    const order = await staff.post('/api/elevated-members', entry(p.id, { endDate: '2026-11-21' }));
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ message: 'The end date is before the start date', details: [{ path: 'endDate' }] });
    expect((await staff.post('/api/elevated-members', entry(p.id, { reason: '  ' }))).json().message).toBe('Give the reason');
    expect((await staff.post('/api/elevated-members', entry(''))).json().message).toBe('Choose the passenger');
    const notPassenger = await staff.post('/api/elevated-members', entry(staffUser.id));
    expect(notPassenger.json().message).toBe(WATCH_LIST_MSG.NOT_A_PASSENGER);
    expect(await watchListRows(db.pool)).toEqual(before);
  });

  it('answers 403 to a partner and writes nothing', async () => {
    const p = await createPassenger(db.pool);
    const before = await watchListRows(db.pool);
    expect((await partner.post('/api/elevated-members', entry(p.id))).statusCode).toBe(403);
    expect(await watchListRows(db.pool)).toEqual(before);
  });

  it('adds a passenger once, audited; a second add is refused; the entry can be changed', async () => {
    const p = await createPassenger(db.pool, { name: 'Pat Listed' });
    const res = await staff.post('/api/elevated-members', entry(p.id));
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ passengerName: 'Pat Listed', reason: 'Verbal abuse', active: true, addedById: staffUser.id });
    expect(await auditRows(db.pool, 'elevated_members', saved.id)).toEqual([
      expect.objectContaining({ activity_type: 'watch-list-add', actor_id: staffUser.id, before: null, after: saved }),
    ]);
    const again = await staff.post('/api/elevated-members', entry(p.id));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WATCH_LIST_MSG.ALREADY_LISTED);
    const changed = await staff.post('/api/elevated-members', entry(p.id, { id: saved.id, endDate: null, reason: 'Threats' }));
    expect(changed.json()).toMatchObject({ id: saved.id, reason: 'Threats', endDate: null, addedById: staffUser.id });
    expect((await auditRows(db.pool, 'elevated_members', saved.id)).at(-1)).toMatchObject({ activity_type: 'watch-list-change', before: { reason: 'Verbal abuse' } });
  });

  it('answers 404 for an entry that is gone', async () => {
    const p = await createPassenger(db.pool);
    const res = await staff.post('/api/elevated-members', entry(p.id, { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(WATCH_LIST_MSG.ENTRY_NOT_FOUND);
  });
});

describe('DELETE elevated-members', () => {
  it('answers 401, 400, 403, 404, then removes the entry with an audit row keeping it', async () => {
    const p = await createPassenger(db.pool);
    const id = await addWatchListEntry(db.pool, p.id);
    expect((await new Browser(t.app).request('DELETE', `/api/elevated-members?id=${id}`)).statusCode).toBe(401);
    expect((await staff.request('DELETE', '/api/elevated-members?id=nope')).statusCode).toBe(400);
    expect((await partner.request('DELETE', `/api/elevated-members?id=${id}`)).statusCode).toBe(403);
    expect((await db.pool.query('select 1 from elevated_members where id = $1', [id])).rowCount).toBe(1);
    expect((await staff.request('DELETE', '/api/elevated-members?id=7c9e6679-7425-40de-944b-e07fc1f90ae7')).statusCode).toBe(404);
    const res = await staff.request('DELETE', `/api/elevated-members?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect((await db.pool.query('select 1 from elevated_members where id = $1', [id])).rowCount).toBe(0);
    expect(await auditRows(db.pool, 'elevated_members', id)).toEqual([
      expect.objectContaining({ activity_type: 'watch-list-remove', before: expect.objectContaining({ passengerId: p.id }), after: null }),
    ]);
    expect((await staff.request('DELETE', `/api/elevated-members?id=${id}`)).statusCode).toBe(404);
  });
});
