import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../src/platform/live/listener.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { insertTrip } from './live-helpers.ts';

interface Change {
  table: string;
  op: string;
  ids: string[];
  bytes: number;
}

let db: TestDatabase;
let listener: pg.Client;
let received: Change[] = [];

/** Every notification of the statements run by `work` (marker notifications fence them in). */
async function changesOf(work: () => Promise<unknown>): Promise<Change[]> {
  await fence();
  received = [];
  await work();
  await fence();
  return received;
}

/** Notifications arrive in commit order: once a marker sent now is back, all earlier ones are too. */
async function fence(): Promise<void> {
  const marker = `marker-${Math.random()}`;
  const seen = new Promise<void>((resolve) => {
    const onMarker = (m: pg.Notification) => {
      if (m.payload !== marker) return;
      listener.off('notification', onMarker);
      resolve();
    };
    listener.on('notification', onMarker);
  });
  await db.pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, marker]);
  await seen;
}

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
  listener.on('notification', (m) => {
    if (!m.payload?.startsWith('{')) return;
    received.push({ ...JSON.parse(m.payload), bytes: Buffer.byteLength(m.payload) });
  });
});
afterAll(async () => {
  await listener.end();
  await db.drop();
});
beforeEach(() => {
  received = [];
});

describe('row-change notifications (migration 0003)', () => {
  it('announce trip inserts, updates and deletes with the trip ids only', async () => {
    const partner = await createContact(db.pool, { types: ['Affiliate'], username: null });
    let trip = '';
    const inserted = await changesOf(async () => (trip = await insertTrip(db.pool, { date: '2026-11-22', partnerId: partner.id })));
    // Other triggers may touch the trip row too (a leg insert stamps its trip): only this trip is named.
    expect(inserted.map((c) => [c.table, c.op])).toEqual(expect.arrayContaining([['drive_assignments', 'INSERT'], ['trip_legs', 'INSERT']]));
    expect(new Set(inserted.flatMap((c) => c.ids))).toEqual(new Set([trip]));
    const updated = await changesOf(() => db.pool.query(`update drive_assignments set flag = 'x' where id = $1`, [trip]));
    expect(updated).toEqual([{ table: 'drive_assignments', op: 'UPDATE', ids: [trip], bytes: expect.any(Number) }]);
    const deleted = await changesOf(() => db.pool.query('delete from drive_assignments where id = $1', [trip]));
    expect(deleted.map((c) => [c.table, c.op])).toEqual(expect.arrayContaining([['drive_assignments', 'DELETE'], ['trip_legs', 'DELETE']]));
    expect(new Set(deleted.flatMap((c) => c.ids))).toEqual(new Set([trip]));
  });

  it('name both trips when a leg moves from one trip to another, and the trip of a partner activity', async () => {
    const from = await insertTrip(db.pool, { date: '2026-11-22' });
    const to = await insertTrip(db.pool, { date: '2026-11-22' });
    const moved = await changesOf(() => db.pool.query('update trip_legs set drive_assignment_id = $2 where drive_assignment_id = $1', [from, to]));
    const legs = moved.filter((c) => c.table === 'trip_legs');
    expect(legs).toHaveLength(1);
    expect(legs[0].ids.sort()).toEqual([from, to].sort());
    const activity = await changesOf(() =>
      db.pool.query(`insert into partner_activities (drive_assignment_id, action) values ($1, 'WaitTime')`, [to]),
    );
    expect(activity.filter((c) => c.table === 'partner_activities').map((c) => [c.op, c.ids])).toEqual([['INSERT', [to]]]);
  });

  it('send a bulk update as one notification per 150 ids, each under the 8000-byte payload limit', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 400; i++) ids.push(await insertTrip(db.pool, { date: '2026-10-01' }));
    const bulk = await changesOf(() => db.pool.query(`update drive_assignments set flag = 'bulk' where service_date = '2026-10-01'`));
    expect(bulk.map((c) => c.ids.length)).toEqual([150, 150, 100]);
    expect(bulk.flatMap((c) => c.ids).sort()).toEqual(ids.sort());
    for (const c of bulk) expect(c.bytes).toBeLessThan(8000);
  });

  it('announce notification deliveries by their own id', async () => {
    const recipient = await createContact(db.pool);
    let id = '';
    const created = await changesOf(async () => {
      const { rows } = await db.pool.query(
        `insert into notification_deliveries (recipient_id, message) values ($1, '{"type":"toastr","title":"t","body":"b"}') returning id`,
        [recipient.id],
      );
      id = rows[0].id;
    });
    expect(created.map((c) => [c.table, c.op, c.ids])).toEqual([['notification_deliveries', 'INSERT', [id]]]);
  });

  it('stay silent for a statement that changed no rows', async () => {
    expect(await changesOf(() => db.pool.query(`update drive_assignments set flag = 'none' where false`))).toEqual([]);
  });
});
