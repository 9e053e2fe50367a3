import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createEnrollment, createPerson } from './contact-search-factories.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, signIn } from './trip-factories.ts';

// Who may call each endpoint of the contact register, role by role: 200, 403 (the role may not
// call it) or 404 (it may, but the record is out of its scope).

const ROLES = ['SecureEmployee', 'Affiliate', 'Case Manager', 'S/N Passenger', 'Driver'] as const;
type RoleName = (typeof ROLES)[number];

let db: TestDatabase;
let t: TestApp;
const browsers = {} as Record<RoleName, Browser>;
let rider: Created;
let memberId: string;

const REQUESTS: Record<string, (b: Browser) => ReturnType<Browser['get']>> = {
  'GET contacts?q': (b) => b.get('/api/contacts?q=matrix'),
  'GET contacts?id (a passenger)': (b) => b.get(`/api/contacts?id=${rider.id}`),
  'GET contacts-minimal?id (a passenger)': (b) => b.get(`/api/contacts-minimal?id=${rider.id}`),
  'GET members': (b) => b.get('/api/members?q=matrix'),
  'POST create-contact-from-834': (b) => b.post(`/api/create-contact-from-834?id=${memberId}`),
  'GET api/autocomplete/affiliates': (b) => b.get('/api/api/autocomplete/affiliates'),
  'GET global-search': (b) => b.get('/api/global-search?q=matrix'),
};

const EXPECTED: Record<keyof typeof REQUESTS, Record<RoleName, number>> = {
  'GET contacts?q': { SecureEmployee: 200, Affiliate: 200, 'Case Manager': 200, 'S/N Passenger': 200, Driver: 200 },
  'GET contacts?id (a passenger)': { SecureEmployee: 200, Affiliate: 404, 'Case Manager': 404, 'S/N Passenger': 404, Driver: 404 },
  'GET contacts-minimal?id (a passenger)': { SecureEmployee: 200, Affiliate: 404, 'Case Manager': 404, 'S/N Passenger': 404, Driver: 404 },
  'GET members': { SecureEmployee: 200, Affiliate: 403, 'Case Manager': 403, 'S/N Passenger': 403, Driver: 403 },
  'POST create-contact-from-834': { SecureEmployee: 200, Affiliate: 403, 'Case Manager': 403, 'S/N Passenger': 403, Driver: 403 },
  'GET api/autocomplete/affiliates': { SecureEmployee: 200, Affiliate: 200, 'Case Manager': 403, 'S/N Passenger': 403, Driver: 403 },
  'GET global-search': { SecureEmployee: 200, Affiliate: 403, 'Case Manager': 403, 'S/N Passenger': 403, Driver: 403 },
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const partner = await createPartner(db.pool);
  const billTo = await createContact(db.pool, { types: ['Bill To'], username: null });
  rider = await createPerson(db.pool, { name: 'Matrix Rider', memberId: 'NMMATRIX1' });
  memberId = (await createEnrollment(db.pool, { name: 'Matrix Member' })).id;
  browsers.SecureEmployee = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  browsers.Affiliate = await signIn(t.app, partner.user);
  browsers['Case Manager'] = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo.id] }));
  browsers['S/N Passenger'] = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
  browsers.Driver = await signIn(t.app, await createContact(db.pool, { types: ['Driver'], parentId: partner.partner.id }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('role × endpoint', () => {
  for (const [request, byRole] of Object.entries(EXPECTED)) {
    it(request, async () => {
      const answers = {} as Record<RoleName, number>;
      for (const role of ROLES) answers[role] = (await REQUESTS[request](browsers[role])).statusCode;
      expect(answers).toEqual(byRole);
    });
  }

  it('a search finds only what is in scope, rather than refusing', async () => {
    expect((await browsers.SecureEmployee.get('/api/contacts?q=matrix rider')).json().contacts).toHaveLength(1);
    for (const role of ROLES.filter((r) => r !== 'SecureEmployee')) {
      expect((await browsers[role].get('/api/contacts?q=matrix rider')).json(), role).toEqual({ contacts: [], more: false });
    }
  });
});
