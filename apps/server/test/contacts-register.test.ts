import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createPerson } from './contact-search-factories.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { apiToken, auditRows, createDriver, createPartner, division, signIn, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;
let caseManager: Browser;
let passengerUser: Browser;
let partner: Partner;
let otherPartner: Partner;
let driver: Created;
let rosa: Created;
let ramon: Created;
let rosalind: Created;
let billTo: Created;
let me: Created;

const list = (b: Browser, qs: string) => b.get(`/api/contacts?${qs}`);
const names = async (b: Browser, qs: string) => {
  const res = await list(b, qs);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().contacts.map((c: { name: string }) => c.name);
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const nm01 = await division(db.pool);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partner = await createPartner(db.pool, 'Sandia Mobility Test');
  otherPartner = await createPartner(db.pool, 'Rio Grande Test');
  partnerUser = await signIn(t.app, partner.user);
  driver = await createDriver(db.pool, partner.partner.id, { employeeNumber: 'E4411', phone: { number: '5055557788' } });
  await createDriver(db.pool, otherPartner.partner.id, { employeeNumber: 'E9911' });
  billTo = await createContact(db.pool, { name: 'Sandia Regional Hospital', types: ['Bill To'], username: null });
  caseManager = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo.id] }));
  rosa = await createPerson(db.pool, {
    name: 'Rosa Montoya',
    memberId: 'NM7001001',
    dob: '1948-03-02',
    city: 'Albuquerque',
    divisionId: nm01,
    phone: { number: '5055550123' },
    coveredBy: billTo.id,
  });
  ramon = await createPerson(db.pool, { name: 'Ramon Montoya Baca', memberId: 'NM7001002', dob: '1951-07-19', phone: { number: '5059990123' } });
  rosalind = await createPerson(db.pool, { name: 'Rosalind Montoya', memberId: 'NM7001003' });
  await db.pool.query('update contacts set deleted = true where id = $1', [rosalind.id]);
  me = await createPerson(db.pool, { name: 'Paula Passenger', username: undefined });
  passengerUser = await signIn(t.app, me);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET contacts', () => {
  it('401 → 400 → 404', async () => {
    expect((await list(new Browser(t.app), 'q=Montoya')).statusCode).toBe(401);
    const empty = await list(staff, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Enter a search term', details: [{ path: 'q' }] });
    expect((await list(staff, 'q=Mo')).json().message).toBe('Type at least 3 characters');
    expect((await list(staff, 'id=12')).json().message).toBe('id must be a record id');
    expect((await list(staff, 'q=Montoya&division=Albuquerque')).json().message).toBe('A division is two letters and two digits, like NM01');
    expect((await list(staff, 'q=Montoya&includeDeleted=maybe')).statusCode).toBe(400);
    expect((await list(staff, 'type=Nobody')).json().message).toMatch(/^Unknown contact type/);
    const outOfScope = await list(partnerUser, `id=${rosa.id}`);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json().message).toBe('There is no contact with that id.');
  });

  it('finds name words in any order, the name prefix first, then word starts, then similar names', async () => {
    expect(await names(staff, 'q=montoya rosa')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=Rosa Mon')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=montoya')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect(await names(staff, 'q=baca ramon')).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, 'q=ramon')).toEqual(['Ramon Montoya Baca']);
    // similar names only when the words match no one: a typo still finds them, closest first
    expect(await names(staff, 'q=montoyo')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect(await names(staff, 'q=rosa montoyo')).toEqual(['Rosa Montoya']);
  });

  it('finds a phone by all ten digits or its last four or more, the contact number, member id and date of birth', async () => {
    expect(await names(staff, 'q=(505) 555-0123')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=%2B1 505 555 0123')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=0123')).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect(await names(staff, 'q=990123')).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, `q=${ramon.contactNumber}`)).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, 'q=nm7001001')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=3/2/1948')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=1951-07-19')).toEqual(['Ramon Montoya Baca']);
  });

  it("finds the contact a merged one was merged into by the merged one's number", async () => {
    const kept = await createPerson(db.pool, { name: 'Kept Quezada' });
    const merged = await createPerson(db.pool, { name: 'Merged Quezada' });
    await db.pool.query('update contacts set deleted = true, merged_into_id = $2 where id = $1', [merged.id, kept.id]);
    expect(await names(staff, `q=${merged.contactNumber}`)).toEqual(['Kept Quezada']);
    expect(await names(staff, 'q=quezada')).toEqual(['Kept Quezada']);
  });

  it('answers the register row', async () => {
    const res = await list(staff, 'q=rosa montoya');
    expect(res.json()).toEqual({
      more: false,
      contacts: [
        {
          id: rosa.id,
          contactNumber: rosa.contactNumber,
          name: 'Rosa Montoya',
          types: ['S/N Passenger'],
          dob: '1948-03-02',
          memberId: 'NM7001001',
          mainPhone: '5055550123',
          city: 'Albuquerque',
          division: 'NM01',
          parentId: null,
          parentName: null,
          employeeNumber: null,
          deleted: false,
          badges: [],
        },
      ],
    });
  });

  it('leaves deleted contacts out unless includeDeleted; filters by type, division, memberId and parentId', async () => {
    expect(await names(staff, 'q=rosalind')).toEqual([]);
    const withDeleted = (await list(staff, 'q=rosalind&includeDeleted=true')).json().contacts;
    expect(withDeleted).toMatchObject([{ name: 'Rosalind Montoya', deleted: true, badges: ['deleted'] }]);
    expect(await names(staff, 'q=montoya&division=nm01')).toEqual(['Rosa Montoya']);
    expect(await names(staff, 'q=sandia&type=Bill To')).toEqual(['Sandia Regional Hospital']);
    expect(await names(staff, 'memberId=nm7001002')).toEqual(['Ramon Montoya Baca']);
    expect(await names(staff, `parentId=${partner.partner.id}&type=Driver`)).toEqual([driver.name]);
    expect(await names(staff, 'employeeId=E4411')).toEqual([driver.name]);
  });

  it('marks an infectious disease, a watch-list entry and a partner hold in effect today, and nothing else', async () => {
    const badgesOf = async (id: string) => (await list(staff, `id=${id}`)).json().contacts[0].badges;
    const sick = await createPerson(db.pool, { name: 'Irene Infectious' });
    const listed = await createPerson(db.pool, { name: 'Ernest Elevated' });
    const held = await createPartner(db.pool, 'Held Transport');
    await db.pool.query(
      `insert into infectious_diseases (contact_id, disease, start_date, end_date, agent_name) values
         ($1, 'Influenza', '2026-11-20', '2026-11-22', 'Test'), ($2, 'Measles', '2026-11-23', '2026-11-28', 'Test')`,
      [sick.id, listed.id],
    );
    await db.pool.query(
      `insert into elevated_members (passenger_id, reason, start_date, end_date) values ($1, 'Fall risk', '2026-11-01', null), ($2, 'Ended', '2026-01-01', '2026-11-21')`,
      [listed.id, sick.id],
    );
    await db.pool.query(`insert into provider_holds (provider_id, type, start_date, begin_date) values ($1, 'NoNewTrips', '2026-11-22', '2026-11-22')`, [held.partner.id]);
    expect(await badgesOf(sick.id)).toEqual(['infectious']);
    expect(await badgesOf(listed.id)).toEqual(['elevated']);
    expect(await badgesOf(held.partner.id)).toEqual(['hold']);
    await db.pool.query('update infectious_diseases set cancel = true where contact_id = $1', [sick.id]);
    expect(await badgesOf(sick.id)).toEqual([]);
  });

  it('says there are more past the top 50', async () => {
    for (let i = 0; i < 51; i++) await createPerson(db.pool, { name: `Zamora Quintero ${String(i).padStart(2, '0')}` });
    const res = (await list(staff, 'q=zamora quintero')).json();
    expect(res.contacts).toHaveLength(50);
    expect(res.more).toBe(true);
    expect(res.contacts[0].name).toBe('Zamora Quintero 00');
    expect((await list(staff, 'q=zamora quintero 5')).json().more).toBe(false);
  });

  it('an Affiliate sees its company, its users and drivers only', async () => {
    expect(await names(partnerUser, `id=${driver.id}`)).toEqual([driver.name]);
    expect(await names(partnerUser, `id=${partner.partner.id}`)).toEqual(['Sandia Mobility Test']);
    expect(await names(partnerUser, 'q=E9911')).toEqual([]);
    expect(await names(partnerUser, 'q=montoya')).toEqual([]);
    expect((await list(partnerUser, `id=${otherPartner.partner.id}`)).statusCode).toBe(404);
    expect(await names(partnerUser, 'q=7788')).toEqual([driver.name]);
  });

  it("a case manager sees its bill-tos' passengers; a passenger only themselves", async () => {
    expect(await names(caseManager, 'q=montoya')).toEqual(['Rosa Montoya']);
    expect((await list(caseManager, `id=${ramon.id}`)).statusCode).toBe(404);
    expect(await names(passengerUser, `id=${me.id}`)).toEqual(['Paula Passenger']);
    expect((await list(passengerUser, `id=${rosa.id}`)).statusCode).toBe(404);
    expect(await names(passengerUser, 'q=montoya')).toEqual([]);
  });

  it("opening a passenger by id is an access event in the audit log; a search or a partner's driver is not", async () => {
    const before = await auditRows(db.pool, 'contacts', rosa.id);
    await list(staff, 'q=rosa montoya');
    expect(await auditRows(db.pool, 'contacts', rosa.id)).toEqual(before);
    expect((await list(staff, `id=${rosa.id}`)).statusCode).toBe(200);
    const after = await auditRows(db.pool, 'contacts', rosa.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ activity_type: 'contact-view', before: null, after: null });
    await list(staff, `id=${driver.id}`);
    expect(await auditRows(db.pool, 'contacts', driver.id)).toEqual([]);
  });
});

describe('API tokens', () => {
  it("read the register only with the contacts area on the token's list, in the token holder's scope", async () => {
    const holder = await createContact(db.pool, { types: ['SecureEmployee'] });
    const call = (token: string, url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    const reading = await apiToken(db.pool, holder.id, { contacts: ['GET'] });
    const other = await apiToken(db.pool, holder.id, { trips: ['GET'] });
    const res = await call(reading, '/api/contacts?q=rosa montoya');
    expect(res.statusCode).toBe(200);
    expect(res.json().contacts.map((c: { name: string }) => c.name)).toEqual(['Rosa Montoya']);
    expect((await call(other, '/api/contacts?q=rosa montoya')).statusCode).toBe(403);
    const partnerToken = await apiToken(db.pool, partner.user.id, { contacts: ['GET'] });
    expect((await call(partnerToken, `/api/contacts?id=${rosa.id}`)).statusCode).toBe(404);
  });
});

describe('GET contacts-minimal', () => {
  const minimal = (b: Browser, qs: string) => b.get(`/api/contacts-minimal?${qs}`);
  it('400 → 404 → success', async () => {
    expect((await minimal(new Browser(t.app), `id=${rosa.id}`)).statusCode).toBe(401);
    expect((await minimal(staff, 'type=Driver')).json().message).toBe('Give an id, an employeeId, or a type and a parentId');
    const none = await minimal(staff, 'employeeId=NOBODY');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('There is no contact with employeeId');
    expect((await minimal(partnerUser, `id=${rosa.id}`)).statusCode).toBe(404);
    expect((await minimal(staff, `id=${rosa.id}`)).json()).toEqual([
      { id: rosa.id, contactNumber: rosa.contactNumber, name: 'Rosa Montoya', types: ['S/N Passenger'], parentId: null, employeeNumber: null, deleted: false },
    ]);
  });
  it("lists a parent's contacts of a type, in scope", async () => {
    const mine = (await minimal(partnerUser, `type=Driver&parentId=${partner.partner.id}`)).json();
    expect(mine.map((c: { id: string }) => c.id)).toEqual([driver.id]);
    expect((await minimal(partnerUser, `type=Driver&parentId=${otherPartner.partner.id}`)).json()).toEqual([]);
    expect((await minimal(staff, `employeeId=${driver.id}`)).json()).toMatchObject([{ employeeNumber: 'E4411' }]);
  });
});

describe('GET api/autocomplete/affiliates', () => {
  const affiliates = (b: Browser, qs = '') => b.get(`/api/api/autocomplete/affiliates${qs}`);
  it('401 → 403 → staff see every partner company, an Affiliate its own', async () => {
    expect((await affiliates(new Browser(t.app))).statusCode).toBe(401);
    expect((await affiliates(caseManager)).statusCode).toBe(403);
    const all = (await affiliates(staff)).json().map((a: { name: string }) => a.name);
    expect(all).toEqual(expect.arrayContaining(['Rio Grande Test', 'Sandia Mobility Test']));
    expect(all.indexOf('Rio Grande Test')).toBeLessThan(all.indexOf('Sandia Mobility Test'));
    expect((await affiliates(staff, '?q=sandia')).json()).toEqual([
      { id: partner.partner.id, contactNumber: partner.partner.contactNumber, name: 'Sandia Mobility Test', division: null },
    ]);
    expect((await affiliates(partnerUser)).json().map((a: { id: string }) => a.id)).toEqual([partner.partner.id]);
  });
});

describe('GET global-search', () => {
  it('ranks like the register and never shows deleted contacts', async () => {
    const res = await staff.get('/api/global-search?q=montoya');
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
    expect((await staff.get('/api/global-search?q=0123')).json().map((c: { name: string }) => c.name)).toEqual(['Ramon Montoya Baca', 'Rosa Montoya']);
  });
});
