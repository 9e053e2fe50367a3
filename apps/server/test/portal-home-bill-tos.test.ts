import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createMember } from './portal-trips-factories.ts';
import { createTrip, FUTURE, signIn } from './trip-factories.ts';

// The choices of the bill-to filter on a case manager's portal home: its own accounts by name,
// and no one else's; passengers and staff get none.

let db: TestDatabase;
let t: TestApp;
let billToA: Created;
let billToC: Created;
let member: Created;
const json = (res: { body: string }) => JSON.parse(res.body);

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  billToA = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'Mesa Health' });
  billToC = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'Acoma Care' });
  await createContact(db.pool, { types: ['Bill To'], username: null, name: 'River Care' });
  member = await createMember(db.pool, billToA.id, 'MA-300');
  await createTrip(db.pool, { billToId: billToA.id, serviceDate: FUTURE, legs: [{ passengerId: member.id }] });
});

afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

describe('GET case-manager-activity: the bill-to choices', () => {
  it('are not given before sign-in', async () => {
    expect((await new Browser(t.app).get('/api/case-manager-activity')).statusCode).toBe(401);
  });

  it("name a case manager's own bill-tos, in name order, and no other", async () => {
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id, billToC.id] }));
    const res = await cm.get('/api/case-manager-activity');
    expect(res.statusCode).toBe(200);
    expect(json(res).billTos).toEqual([
      { id: billToC.id, name: 'Acoma Care' },
      { id: billToA.id, name: 'Mesa Health' },
    ]);
    // narrowing to one of them keeps every choice
    const narrowed = await cm.get(`/api/case-manager-activity?billToIds=${billToC.id}`);
    expect(json(narrowed).total).toBe(0);
    expect(json(narrowed).billTos).toHaveLength(2);
  });

  it('are not sent to a passenger or to staff', async () => {
    const passenger = await signIn(t.app, member);
    const own = await passenger.get('/api/case-manager-activity');
    expect(own.statusCode).toBe(200);
    expect(json(own).total).toBe(1);
    expect(json(own)).not.toHaveProperty('billTos');
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    expect(json(await staff.get('/api/case-manager-activity'))).not.toHaveProperty('billTos');
  });
});
