import { addDays, type MarketplaceTrips } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let partner: Browser;
const days = Array.from({ length: 6 }, (_, i) => addDays(TODAY, i + 1));
const lists: MarketplaceTrips[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
  partner = new Browser(t.app);
  expect((await partner.login('partner', 'Tripline1!')).statusCode).toBe(200);
  for (const date of days) {
    const res = await partner.get(`/api/marketplace-trips?date=${date}&range=300`);
    expect(res.statusCode, res.body).toBe(200);
    lists.push(res.json());
  }
}, 240_000);
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('the demo marketplace', () => {
  const all = () => lists.flatMap((l) => l.driveAssignments);

  it("offers trips on each of the next 6 days, some open to all and some reserved for another partner", () => {
    for (const l of lists) expect(l.driveAssignments.length).toBeGreaterThan(0);
    expect(all().some((d) => d.state === 'available')).toBe(true);
    expect(all().some((d) => d.state === 'reserved')).toBe(true);
  });

  it('shows the partner login prices, a linked pair and an Out-Of-Area trip', () => {
    expect(all().filter((d) => d.rate !== 'NoRate').length).toBeGreaterThan(0);
    expect(lists.some((l) => Object.values(l.tripCountsByPassenger).some((n) => n >= 2))).toBe(true);
    expect(all().some((d) => d.outOfArea)).toBe(true);
  });

  it('keeps every exclusive window from 3 days to 16 hours before pickup', async () => {
    const { rows } = await db.pool.query(
      `select count(*)::int as n from drive_assignments da join divisions dv on dv.id = da.division_id
        where da.marketplace_until is not null and not da.accepted and da.farmout_contact_id is not null and da.service_date > $1
          and da.marketplace_until > ((da.service_date + coalesce(da.first_pickup, time '00:00')) at time zone dv.time_zone) - interval '16 hours'`,
      [TODAY],
    );
    expect(rows[0].n).toBe(0);
  });
});
