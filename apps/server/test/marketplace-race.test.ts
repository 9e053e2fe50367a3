import type { MarketplaceAcceptResult } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { HttpSession, serveTwo, type Served } from './live-helpers.ts';
import { createClaimingPartner, createOfferedTrip, createPassenger } from './marketplace-factories.ts';
import { createBillTo } from './rate-factories.ts';
import { type CreatedTrip } from './trip-factories.ts';

/**
 * 50 partners claim the same offered trip at the same instant over HTTP, half through
 * each of two server processes on one database. 20 rounds here; MARKETPLACE_RACE_ROUNDS=100 runs
 * the 100 (about four times as long).
 */
const ROUNDS = Number(process.env.MARKETPLACE_RACE_ROUNDS ?? 20);
const PARTNERS = 50;

let db: TestDatabase;
let servers: Awaited<ReturnType<typeof serveTwo>>;
let billTo: string;
let sessions: { session: HttpSession; partnerId: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  servers = await serveTwo(db.pool, db.url);
  billTo = (await createBillTo(db.pool)).id;
  sessions = await Promise.all(
    Array.from({ length: PARTNERS }, async (_, i) => {
      const p = await createClaimingPartner(db.pool, { billToId: billTo });
      const served: Served = i % 2 === 0 ? servers.a : servers.b;
      return { session: await HttpSession.signIn(served, p.user.username!), partnerId: p.partner.id };
    }),
  );
}, 60_000);
afterAll(async () => {
  await servers.close();
  await db.drop();
});

/** Every partner claims `ids` at once; answers each partner's answer. */
async function everyoneClaims(ids: string[]): Promise<{ partnerId: string; out: MarketplaceAcceptResult }[]> {
  return Promise.all(
    sessions.map(async ({ session, partnerId }) => {
      const res = await session.request('POST', '/api/marketplace-accept', ids);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return { partnerId, out: res.json as MarketplaceAcceptResult };
    }),
  );
}

async function claimAudits(ids: string[]): Promise<number> {
  const { rows } = await db.pool.query(
    "select count(*)::int as n from audit_log where activity_type = 'marketplace-accept' and table_name = 'drive_assignments' and record_id = any($1::text[])",
    [ids],
  );
  return rows[0].n;
}

async function stored(trip: CreatedTrip) {
  const { rows } = await db.pool.query('select farmout_contact_id, accepted, marketplace_until, mod_count from drive_assignments where id = $1', [trip.id]);
  return rows[0];
}

describe('claims racing across two server processes', () => {
  it(`gives one trip to exactly one of ${PARTNERS} partners, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const trip = await createOfferedTrip(db.pool, { billToId: billTo });
      const answers = await everyoneClaims([trip.id]);
      const winners = answers.filter((a) => a.out.accepted.length === 1);
      expect(winners, `round ${round}`).toHaveLength(1);
      const losers = answers.filter((a) => a.out.accepted.length === 0);
      expect(losers).toHaveLength(PARTNERS - 1);
      for (const l of losers) {
        expect(l.out.failed).toEqual([{ id: trip.id, referenceNumber: trip.referenceNumber, message: `Trip ${trip.referenceNumber} is no longer available.` }]);
      }
      expect(await stored(trip)).toEqual({ farmout_contact_id: winners[0].partnerId, accepted: true, marketplace_until: null, mod_count: trip.modCount + 1 });
      expect(await claimAudits([trip.id])).toBe(1);
    }
  }, 120_000);

  it("gives a passenger's linked pair to one partner, both trips or neither", async () => {
    const rosa = await createPassenger(db.pool);
    const a = await createOfferedTrip(db.pool, { billToId: billTo, legs: [{ passengerId: rosa.id }] });
    const b = await createOfferedTrip(db.pool, { billToId: billTo, legs: [{ passengerId: rosa.id, pickup: '13:00:00' }] });
    const answers = await everyoneClaims([a.id, b.id]);
    const winners = answers.filter((x) => x.out.accepted.length > 0);
    expect(winners).toHaveLength(1);
    expect(winners[0].out.accepted.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    for (const l of answers.filter((x) => x.out.accepted.length === 0)) {
      expect(l.out.failed.map((f) => f.message).sort()).toEqual(
        [`Trip ${a.referenceNumber} is no longer available.`, `Trip ${b.referenceNumber} is no longer available.`].sort(),
      );
    }
    expect((await stored(a)).farmout_contact_id).toBe(winners[0].partnerId);
    expect((await stored(b)).farmout_contact_id).toBe(winners[0].partnerId);
    expect(await claimAudits([a.id, b.id])).toBe(2);
  }, 60_000);
});
