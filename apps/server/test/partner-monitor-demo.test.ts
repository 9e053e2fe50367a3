import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
  staff = new Browser(t.app);
  expect((await staff.login('dispatcher', 'Tripline1!')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('demo partner monitor', () => {
  it('has a pending request of each kind, oldest first, each holding its trip at Open', async () => {
    const res = await staff.get('/api/partner-monitor?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { action: string; request: { deadhead: boolean | null }; trip: { partnerPayStatus: string }; createdAt: string }[];
    const kinds = new Set(rows.map((r) => (r.action === 'MileageAdjust' ? `MileageAdjust ${r.request.deadhead ? 'deadhead' : 'loaded'}` : r.action)));
    expect([...kinds].sort()).toEqual(
      ['Cancellation review', 'Expense', 'MileageAdjust deadhead', 'MileageAdjust loaded', 'PharmacyStop', 'RateAdjust', 'WaitTime'].sort(),
    );
    expect(rows.map((r) => r.createdAt)).toEqual(rows.map((r) => r.createdAt).sort());
    expect(rows.every((r) => r.trip.partnerPayStatus === 'Open')).toBe(true);
  });

  it('approving the demo pharmacy stop and deadhead request works', async () => {
    const rows = (await staff.get('/api/partner-monitor?limit=200')).json().rows as { id: string; action: string; request: { deadhead: boolean | null } }[];
    for (const r of rows.filter((x) => x.action === 'PharmacyStop' || x.request.deadhead)) {
      const res = await staff.post('/api/partner-monitor', { activityId: r.id, status: 'Approved' });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
