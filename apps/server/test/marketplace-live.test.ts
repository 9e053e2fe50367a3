import type { MarketplaceTripRow } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { HttpSession, idsOf, serveTwo, type LiveClient } from './live-helpers.ts';
import { createClaimingPartner, createOfferedTrip, createPassenger } from './marketplace-factories.ts';
import { createBillTo } from './rate-factories.ts';
import { FUTURE, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let servers: Awaited<ReturnType<typeof serveTwo>>;
let billTo: string;
let x: Partner;
let y: Partner;
const open: LiveClient[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  servers = await serveTwo(db.pool, db.url);
  billTo = (await createBillTo(db.pool)).id;
  x = await createClaimingPartner(db.pool, { billToId: billTo });
  y = await createClaimingPartner(db.pool, { billToId: billTo });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await servers.close();
  await db.drop();
});

async function watch(session: HttpSession, id: string) {
  const client = await session.live();
  open.push(client);
  client.send({ type: 'fetch', subscriptionId: id, table: 'MarketplaceTrip', filter: { date: FUTURE } });
  const fetched = await client.next('FetchedFoundSet', (m) => m.subscriptionId === id);
  return { client, rows: fetched.rows as MarketplaceTripRow[] };
}

describe('the MarketplaceTrip found set', () => {
  it('shows partners the offered trips redacted, and a trip claimed on the other process leaves every set', async () => {
    const rosa = await createPassenger(db.pool);
    const trip = await createOfferedTrip(db.pool, { billToId: billTo, legs: [{ passengerId: rosa.id }] });
    const xs = await HttpSession.signIn(servers.a, x.user.username!);
    const ys = await HttpSession.signIn(servers.b, y.user.username!);
    const staffUser = await createContact(db.pool, { types: ['SecureEmployee'] });
    const staff = await HttpSession.signIn(servers.a, staffUser.username!);

    const seenByX = await watch(xs, 'mx');
    const seenByY = await watch(ys, 'my');
    const seenByStaff = await watch(staff, 'ms');
    expect(idsOf(seenByX.rows)).toEqual([trip.id]);
    expect(seenByX.rows[0]).toMatchObject({ referenceNumber: trip.referenceNumber, state: 'available', pickup: { lat: 35.08, lng: -106.65 } });
    expect(seenByStaff.rows[0].pickup.address).toContain('Calle Secreta');
    for (const secret of ['Rosa', 'Quintana', '5055550142', 'NM-SECRET-77', 'Calle Secreta', 'Medical Way', '35.08449']) {
      expect(seenByX.client.raw.join('\n')).not.toContain(secret);
      expect(seenByY.client.raw.join('\n')).not.toContain(secret);
    }

    // a second trip offered appears; the first, claimed by y on server b, leaves x's set on server a
    const second = await createOfferedTrip(db.pool, { billToId: billTo });
    const added = await seenByX.client.changed('mx', (m) => m.added.length > 0);
    expect(idsOf(added.added)).toEqual([second.id]);
    const claim = await ys.request('POST', '/api/marketplace-accept', [trip.id]);
    expect(claim.json.accepted).toHaveLength(1);
    for (const [c, id] of [[seenByX.client, 'mx'], [seenByY.client, 'my'], [seenByStaff.client, 'ms']] as const) {
      const gone = await c.changed(id, (m) => m.removed.length > 0);
      expect(gone.removed).toEqual([trip.id]);
    }
  });

  it('never sends a partner a trip it declined, and sends each partner its own state', async () => {
    const declined = await createOfferedTrip(db.pool, { billToId: billTo });
    const reserved = await createOfferedTrip(db.pool, { billToId: billTo, partnerId: x.partner.id, until: '2026-11-23T00:00:00.000Z' });
    await db.pool.query("insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by) values ($1, $2, 'No Availability', $3)", [
      declined.id,
      y.partner.id,
      y.user.id,
    ]);
    const seenByX = await watch(await HttpSession.signIn(servers.a, x.user.username!), 'dx');
    const seenByY = await watch(await HttpSession.signIn(servers.b, y.user.username!), 'dy');
    expect(idsOf(seenByX.rows)).toContain(declined.id);
    expect(idsOf(seenByY.rows)).not.toContain(declined.id);
    expect(seenByY.client.raw.join('\n')).not.toContain(declined.id);
    expect(seenByX.rows.find((r) => r.id === reserved.id)?.state).toBe('available');
    expect(seenByY.rows.find((r) => r.id === reserved.id)).toMatchObject({ state: 'reserved', reservedUntil: '2026-11-23T00:00:00.000Z' });
  });

  it('refuses a case manager and a date beyond the marketplace', async () => {
    const cmUser = await createContact(db.pool, { types: ['Case Manager'] });
    const cm = await (await HttpSession.signIn(servers.a, cmUser.username!)).live();
    open.push(cm);
    cm.send({ type: 'fetch', subscriptionId: 'c', table: 'MarketplaceTrip', filter: { date: FUTURE } });
    expect((await cm.next('Error', (m) => m.subscriptionId === 'c')).message).toBe('The marketplace is for partners and staff');
    const xs = await (await HttpSession.signIn(servers.a, x.user.username!)).live();
    open.push(xs);
    xs.send({ type: 'fetch', subscriptionId: 'far', table: 'MarketplaceTrip', filter: { date: '2026-12-01' } });
    expect((await xs.next('Error', (m) => m.subscriptionId === 'far')).message).toBe('Choose a date from today to 6 days ahead');
  });
});
