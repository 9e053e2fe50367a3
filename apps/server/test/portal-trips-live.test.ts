import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_ONE_BY_ONE } from '../src/platform/live/registry.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { HttpSession, idsOf, serve, type LiveClient, type Served } from './live-helpers.ts';
import { createMember } from './portal-trips-factories.ts';
import { neverSentKeys } from './portal-trips-keys.ts';
import { createPartner, createTrip, FUTURE, type CreatedTrip } from './trip-factories.ts';

// Live by trip id for portal users: a passenger or case manager follows their own
// trip over /api/live and receives it as the portal shows it; another's trip id answers no row.
let db: TestDatabase;
let served: Served;
let billToA: Created;
let memberP: Created;
let memberQ: Created;
let tripP: CreatedTrip;
let tripQ: CreatedTrip;
let passP: HttpSession;
let cmA: HttpSession;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  served = await serve(db.pool);
  billToA = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'Mesa Health' });
  const billToB = await createContact(db.pool, { types: ['Bill To'], username: null });
  memberP = await createMember(db.pool, billToA.id, 'MA-100');
  memberQ = await createMember(db.pool, billToB.id, 'MB-200');
  const { partner } = await createPartner(db.pool, 'Mesa Rides');
  tripP = await createTrip(db.pool, { billToId: billToA.id, serviceDate: FUTURE, partnerId: partner.id, legs: [{ passengerId: memberP.id }] });
  tripQ = await createTrip(db.pool, { billToId: billToB.id, serviceDate: FUTURE, legs: [{ passengerId: memberQ.id }] });
  passP = await HttpSession.signIn(served, memberP.username!);
  const cm = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id] });
  cmA = await HttpSession.signIn(served, cm.username!);
});

afterAll(async () => {
  for (const s of sockets) await s.close();
  await served?.app.close();
  await db?.drop();
});

async function socket(s: HttpSession): Promise<LiveClient> {
  const c = await s.live();
  sockets.push(c);
  return c;
}

describe('a portal user following a trip by id', () => {
  it("receives their own trip as the portal shows it, and nothing of another's", async () => {
    const live = await socket(passP);
    const own = await live.fetch('mine', 'SyncDriveAssv', { id: tripP.id });
    expect(idsOf(own.rows)).toEqual([tripP.id]);
    expect(own.rows[0]).toMatchObject({ id: tripP.id, label: 'Pending', step: 'Requested', providerName: null });
    const other = await live.fetch('theirs', 'SyncDriveAssv', { id: tripQ.id });
    expect(other.rows).toEqual([]);

    // the partner accepts and a rate is set: the passenger hears the step, never the rate
    await db.pool.query('update drive_assignments set accepted = true, farmout_rate = 99 where id = $1', [tripP.id]);
    const changed = await live.changed('mine');
    expect(changed.updated).toEqual([expect.objectContaining({ id: tripP.id, step: 'Driver assigned', providerName: 'Mesa Rides' })]);
    await db.pool.query('update drive_assignments set farmout_rate = 77 where id = $1', [tripQ.id]);
    await db.pool.query('update trip_legs set loc_first_time_act = $2 where drive_assignment_id = $1', [tripP.id, '08:55:00']);
    const arrived = await live.changed('mine', (m) => JSON.stringify(m.updated).includes('Driver arrived'));
    expect(arrived.updated[0]).toMatchObject({ step: 'Driver arrived' });
    expect(live.raw.join('\n')).not.toContain(tripQ.id);
    for (const frame of live.raw) expect(neverSentKeys(JSON.parse(frame))).toEqual([]);
  });

  it('gives a case manager its trips of a day, projected, and refuses a windowed list', async () => {
    const live = await socket(cmA);
    const day = await live.fetch('day', 'SyncDriveAssv', { pickupDate: FUTURE });
    expect(idsOf(day.rows)).toEqual([tripP.id]);
    expect(day.rows[0]).toMatchObject({ billToContact: 'Mesa Health' });
    live.send({ type: 'fetch', subscriptionId: 'win', table: 'SyncDriveAssv', filter: { pickupDate: FUTURE }, view: { start: 0, count: 50 } });
    expect(await live.next('Error', (m) => m.subscriptionId === 'win')).toMatchObject({ message: LIVE_ONE_BY_ONE });
    for (const frame of live.raw) expect(neverSentKeys(JSON.parse(frame))).toEqual([]);
  });

  it('answers the HTTP window twin empty to a portal user', async () => {
    const res = await cmA.request('GET', `/api/drive-assignments-window?pickupDate=${FUTURE}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ rows: [], total: 0 });
  });
});
