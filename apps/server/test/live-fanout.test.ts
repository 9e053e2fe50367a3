import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { HttpSession, idsOf, insertTrip, type LiveClient, type Served, serveTwo } from './live-helpers.ts';

// Two server processes on one database: changes made anywhere reach subscribers of process B
// through the row-change triggers and B's own LISTEN connection.
let db: TestDatabase;
let servers: Awaited<ReturnType<typeof serveTwo>>;
let a: Served;
let b: Served;
let partnerX: string;
let partnerY: string;
let userX: HttpSession;
let userY: HttpSession;
let staff: HttpSession;

const DAY = '2026-11-23';
let nextDay = 1;
/** A day of its own for each test, so found sets of different tests never meet. */
const freshDay = () => `2026-12-${String(nextDay++).padStart(2, '0')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  servers = await serveTwo(db.pool, db.url);
  ({ a, b } = servers);
  partnerX = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Partner X' })).id;
  partnerY = (await createContact(db.pool, { types: ['Affiliate'], username: null, name: 'Partner Y' })).id;
  const ux = await createContact(db.pool, { types: ['Affiliate'], parentId: partnerX });
  const uy = await createContact(db.pool, { types: ['Affiliate'], parentId: partnerY });
  const st = await createContact(db.pool, { types: ['SecureEmployee'] });
  userX = await HttpSession.signIn(b, ux.username!);
  userY = await HttpSession.signIn(b, uy.username!);
  staff = await HttpSession.signIn(a, st.username!);
});
afterAll(async () => {
  await fence?.live.close();
  await servers.close();
  await db.drop();
});

/**
 * Waits until process B has applied every change made so far: notifications arrive in commit
 * order, so once a change made now has reached a subscriber of B, all earlier ones were applied.
 */
async function settled(): Promise<void> {
  const day = '2026-01-01';
  if (!fence) {
    const trip = await insertTrip(db.pool, { date: day });
    const live = await staff.on(b).live();
    await live.fetch('fence', 'SyncDriveAssv', { pickupDate: day });
    fence = { trip, live };
  }
  const mark = `fence ${Math.random()}`;
  await db.pool.query('update drive_assignments set flag = $2 where id = $1', [fence.trip, mark]);
  await fence.live.changed('fence', (m) => JSON.stringify(m.updated).includes(mark));
}
let fence: { trip: string; live: LiveClient } | null = null;

describe('live found sets across processes', () => {
  it('pushes a trip changed by SQL to a subscriber of the other process', async () => {
    const trip = await insertTrip(db.pool, { date: DAY, partnerId: partnerX });
    const live = await userX.live();
    const fetched = await live.fetch('list', 'SyncDriveAssv', { pickupDate: DAY });
    expect(idsOf(fetched.rows)).toEqual([trip]);

    await db.pool.query(`update drive_assignments set flag = 'Late', mod_count = mod_count + 1 where id = $1`, [trip]);
    const changed = await live.changed('list');
    expect(changed).toMatchObject({ table: 'SyncDriveAssv', added: [], removed: [] });
    expect(changed.updated).toEqual([expect.objectContaining({ id: trip, flag: 'Late', modCount: 1 })]);

    const added = await insertTrip(db.pool, { date: DAY, partnerId: partnerX });
    const next = await live.changed('list', (m) => m.added.length > 0);
    expect(idsOf(next.added)).toEqual([added]);

    await db.pool.query('delete from drive_assignments where id = $1', [added]);
    expect((await live.changed('list', (m) => m.removed.length > 0)).removed).toEqual([added]);
    await live.close();
  });

  it("pushes a trip changed through process A's API to a subscriber of process B", async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const live = await userX.live();
    const fetched = await live.fetch('api', 'SyncDriveAssv', { pickupDate: day });
    expect(fetched.rows).toEqual([expect.objectContaining({ id: trip, accepted: false })]);

    // the partner accepts on process A; its own socket on B receives the accepted trip
    const accept = await userX.on(a).request('POST', '/api/accept', { driveAssignments: [{ id: trip, modCount: (fetched.rows[0] as { modCount: number }).modCount }] });
    expect(accept.status).toBe(200);
    const accepted = await live.changed('api', (m) => m.updated.some((r) => (r as { accepted: boolean }).accepted));
    expect(accepted.updated).toEqual([expect.objectContaining({ id: trip, accepted: true })]);

    // a dispatcher flags it on process A; the partner's socket on B receives the flag
    const ref = (await db.pool.query('select reference_number from drive_assignments where id = $1', [trip])).rows[0].reference_number;
    const flag = await staff.request('POST', '/api/drive-assignment-flag', { referenceNumber: ref, flag: 'Call passenger' });
    expect(flag.status).toBe(200);
    const flagged = await live.changed('api', (m) => m.updated.some((r) => (r as { flag: string | null }).flag === 'Call passenger'));
    expect(flagged.updated).toEqual([expect.objectContaining({ id: trip, flag: 'Call passenger', accepted: true })]);
    await live.close();
  });

  it('reloads the parent trip when a leg or a partner activity changes', async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const live = await userX.live();
    await live.fetch('list', 'SyncDriveAssv', { pickupDate: day });
    await db.pool.query(`update trip_legs set loc_first_time_ord = '09:30' where drive_assignment_id = $1`, [trip]);
    const legChange = await live.changed('list');
    expect((legChange.updated[0] as { tripLegs: { locFirstTimeOrd: string }[] }).tripLegs[0].locFirstTimeOrd).toBe('09:30:00');
    await db.pool.query(`insert into partner_activities (drive_assignment_id, partner_id, action) values ($1, $2, 'WaitTime')`, [trip, partnerX]);
    const activity = await live.changed('list');
    expect(activity.updated).toEqual([expect.objectContaining({ id: trip, outstandingAdjustments: 1 })]);
    await live.close();
  });

  it('sends nothing for a write that changed nothing a subscriber sees', async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const live = await userX.live();
    await live.fetch('list', 'SyncDriveAssv', { pickupDate: day });
    await db.pool.query('update drive_assignments set updated_at = updated_at where id = $1', [trip]);
    await db.pool.query(`update drive_assignments set flag = 'Sentinel' where id = $1`, [trip]);
    const first = await live.changed('list');
    expect(first.updated).toEqual([expect.objectContaining({ flag: 'Sentinel' })]);
    await live.close();
  });

  it('shares one evaluation among subscribers with the same filter, and the load of a change', async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    await settled();
    const before = b.app.live.stats();
    const one = await staff.on(b).live();
    const two = await staff.on(b).live();
    const three = await staff.on(b).live();
    await one.fetch('s1', 'SyncDriveAssv', { pickupDate: day, division: undefined });
    await two.fetch('s2', 'SyncDriveAssv', { pickupDate: day });
    await three.fetch('s3', 'SyncDriveAssv', { pickupDate: day });
    const shared = b.app.live.stats();
    expect(shared.evaluations - before.evaluations).toBe(1);
    expect(shared.foundSets - before.foundSets).toBe(1);

    await db.pool.query(`update drive_assignments set flag = 'Shared' where id = $1`, [trip]);
    await one.changed('s1');
    await two.changed('s2');
    await three.changed('s3');
    // One load serves all three subscribers (a load per subscriber would make three). On a busy
    // machine an unrelated notification can land in a batch of its own and cost one more.
    expect(b.app.live.stats().loads - shared.loads).toBeLessThan(3);
    await three.close();
    await one.close();
    await two.close();
  });

  it("never sends a partner another partner's trip or its id", async () => {
    const day = freshDay();
    const own = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const other = await insertTrip(db.pool, { date: day, partnerId: partnerY });
    const x = await userX.live();
    const watcher = await staff.on(b).live();
    expect(idsOf((await x.fetch('day', 'SyncDriveAssv', { pickupDate: day })).rows)).toEqual([own]);
    expect((await x.fetch('theirs', 'SyncDriveAssv', { pickupDate: day, affiliateId: partnerY })).rows).toEqual([]);
    expect(idsOf((await watcher.fetch('all', 'SyncDriveAssv', { pickupDate: day })).rows).sort()).toEqual([own, other].sort());

    await db.pool.query(`update drive_assignments set flag = 'Other' where id = $1`, [other]);
    await watcher.changed('all', (m) => idsOf(m.updated).includes(other));
    await db.pool.query('delete from drive_assignments where id = $1', [other]);
    await watcher.changed('all', (m) => m.removed.includes(other));
    // Messages on one socket arrive in order: once the partner's own change is here, anything about
    // the other trip would have arrived before it.
    await db.pool.query(`update drive_assignments set flag = 'Own' where id = $1`, [own]);
    await x.changed('day', (m) => idsOf(m.updated).includes(own));
    expect(x.raw.join('\n')).not.toContain(other);
    expect(x.pending).toEqual([]);
    await x.close();
    await watcher.close();
  });

  it('removes a trip moved from partner X to Y for X and adds it for Y', async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const x = await userX.live();
    const y = await userY.live();
    const staffX = await staff.on(b).live();
    expect(idsOf((await x.fetch('day', 'SyncDriveAssv', { pickupDate: day })).rows)).toEqual([trip]);
    expect((await y.fetch('day', 'SyncDriveAssv', { pickupDate: day })).rows).toEqual([]);
    await staffX.fetch('x', 'SyncDriveAssv', { pickupDate: day, affiliateId: partnerX });

    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [trip, partnerY]);
    expect(await x.changed('day')).toMatchObject({ added: [], updated: [], removed: [trip] });
    const forY = await y.changed('day');
    expect(idsOf(forY.added)).toEqual([trip]);
    expect(forY.added[0]).toMatchObject({ farmoutContactId: partnerY, farmoutName: 'Partner Y' });
    expect(await staffX.changed('x')).toMatchObject({ removed: [trip] });
    await Promise.all([x.close(), y.close(), staffX.close()]);
  });

  it('announces a bulk update in few notifications and applies it as one change', async () => {
    const day = freshDay();
    const ids: string[] = [];
    for (let i = 0; i < 400; i++) ids.push(await insertTrip(db.pool, { date: day, partnerId: partnerX }));
    const x = await userX.live();
    expect((await x.fetch('day', 'SyncDriveAssv', { pickupDate: day })).rows).toHaveLength(400);
    await settled();
    await db.pool.query(`update drive_assignments set flag = 'Bulk' where service_date = $1`, [day]);
    // Three notifications (150 + 150 + 100 ids) arrive together and are applied as one batch.
    const change = await x.changed('day');
    expect(idsOf(change.updated).sort()).toEqual([...ids].sort());
    await x.close();
  });

  it('tells subscribers to fetch again after the LISTEN connection was lost, then keeps pushing', async () => {
    const day = freshDay();
    const trip = await insertTrip(db.pool, { date: day, partnerId: partnerX });
    const x = await userX.live();
    await x.fetch('day', 'SyncDriveAssv', { pickupDate: day });
    const pid = b.app.live.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    await db.pool.query('select pg_terminate_backend($1)', [pid]);
    await x.next('FoundSetInvalidated', (m) => m.subscriptionId === 'day');
    expect(b.app.live.listenerPid).not.toBe(pid);

    await x.fetch('day', 'SyncDriveAssv', { pickupDate: day });
    await db.pool.query(`update drive_assignments set flag = 'Again' where id = $1`, [trip]);
    expect((await x.changed('day')).updated).toEqual([expect.objectContaining({ flag: 'Again' })]);
    await x.close();
  });
});

describe('VOGDelivery across processes', () => {
  it('delivers a broadcast sent through process A to the recipient on B, and removes it when dismissed', async () => {
    const live = await userX.live();
    const me = (await userX.request('GET', '/api/current-user')).json.id as string;
    expect((await live.fetch('inbox', 'VOGDelivery', { unread: true, recipientId: me })).rows).toEqual([]);

    const sent = await staff.request('POST', '/api/vog-broadcast', {
      partnerId: partnerX,
      message: { type: 'toastr', title: 'Road closure', body: 'I-25 is closed at exit 200' },
    });
    expect(sent).toMatchObject({ status: 200, json: { delivered: 1 } });
    const arrived = await live.changed('inbox');
    expect(arrived.added).toEqual([
      expect.objectContaining({ recipientId: me, unread: true, message: expect.objectContaining({ title: 'Road closure' }) }),
    ]);
    const deliveryId = idsOf(arrived.added)[0];

    const dismissed = await userX.on(a).request('POST', '/api/vog-dismiss', { deliveryId });
    expect(dismissed.status).toBe(200);
    expect(await live.changed('inbox')).toMatchObject({ added: [], updated: [], removed: [deliveryId] });
    await live.close();
  });
});
