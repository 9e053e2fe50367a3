import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { neverSentKeys } from './portal-trips-keys.ts';
import { TODAY } from './trip-factories.ts';

// The demo logins of the portal see every group of their home (TODAY is a Sunday, when the demo
// passenger's dialysis schedule has no ride).
let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadDemoData(db.pool, { today: TODAY });
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

type Row = { id: string; label: string };

describe('the demo portal logins', () => {
  for (const username of ['passenger', 'casemanager']) {
    it(`${username} has trips today, upcoming, completed and one cancelled`, async () => {
      const b = new Browser(t.app);
      expect((await b.login(username, 'Tripline1!')).statusCode).toBe(200);
      const res = await b.get('/api/case-manager-activity');
      expect(res.statusCode).toBe(200);
      const a = JSON.parse(res.body);
      expect(a.today).toBe(TODAY);
      for (const g of ['today', 'upcoming', 'completed']) expect(a.groups[g].length, g).toBeGreaterThan(0);
      const all: Row[] = [...a.groups.today, ...a.groups.upcoming, ...a.groups.completed];
      expect(all.some((r) => r.label === 'CanceledNoCharge' || r.label === 'Canceled')).toBe(true);
      expect(a.groups.today.some((r: Row) => r.label === 'Pending')).toBe(true);
      expect(neverSentKeys(a)).toEqual([]);
      const page = await b.get(`/api/case-manager-trip-preview?daId=${a.groups.today[0].id}`);
      expect(page.statusCode).toBe(200);
    });
  }
});
