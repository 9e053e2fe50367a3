import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createEnrollment, createPerson } from './contact-search-factories.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { auditRows, createPartner, division, signIn } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let partnerUser: Browser;

const members = (b: Browser, qs: string) => b.get(`/api/members?${qs}`);
const create = (b: Browser, id: string) => b.post(`/api/create-contact-from-834?id=${id}`);
const contactsWithMember = async (memberId: string) =>
  (await db.pool.query('select id, name, deleted from contacts where lower(member_id) = lower($1) order by contact_number', [memberId])).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await division(db.pool);
  await db.pool.query(`insert into counties (fips, name, state, division_id) values ('35001', 'Bernalillo', 'NM', (select id from divisions where code = 'NM01')) on conflict do nothing`);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  partnerUser = await signIn(t.app, (await createPartner(db.pool)).user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('GET members (the 834 search)', () => {
  it('401 → 400 → 403', async () => {
    expect((await members(new Browser(t.app), 'q=Lucero')).statusCode).toBe(401);
    expect((await members(staff, '')).json().message).toBe('q is required');
    expect((await members(staff, 'q=Lu')).json().message).toBe('Type at least 3 characters');
    expect((await members(partnerUser, 'q=Lucero')).statusCode).toBe(403);
  });

  it('finds members by name words, member id or date of birth, with the contact already holding the member id', async () => {
    const held = await createEnrollment(db.pool, { name: 'Dolores Lucero', memberId: 'NM834000001', dob: '1944-05-06' });
    const holder = await createPerson(db.pool, { name: 'Dolores Lucero', memberId: 'nm834000001' });
    const fresh = await createEnrollment(db.pool, { name: 'Ernest Lucero Vigil', memberId: 'NM834000002', dob: '1950-01-02', city: 'Albuquerque' });
    const found = (await members(staff, 'q=lucero')).json();
    expect(found.more).toBe(false);
    expect(found.members.map((m: { id: string }) => m.id)).toEqual([held.id, fresh.id]);
    expect(found.members[0]).toMatchObject({ memberId: 'NM834000001', contactId: holder.id, contactNumber: holder.contactNumber, dob: '1944-05-06', source: '834_TEST.x12' });
    expect(found.members[1]).toMatchObject({ contactId: null, contactNumber: null, city: 'Albuquerque' });
    expect((await members(staff, 'q=vigil ernest')).json().members.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
    expect((await members(staff, 'q=nm834000002')).json().members.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
    expect((await members(staff, 'q=5/6/1944')).json().members.map((m: { id: string }) => m.id)).toEqual([held.id]);
    expect((await members(staff, 'q=lucerro')).json().members.map((m: { id: string }) => m.id)).toEqual([held.id, fresh.id]);
  });
});

describe('POST create-contact-from-834', () => {
  it('401 → 400 → 403 → 404', async () => {
    const m = await createEnrollment(db.pool);
    expect((await create(new Browser(t.app), m.id)).statusCode).toBe(401);
    expect((await staff.post('/api/create-contact-from-834')).json().message).toBe('id must be a record id');
    expect((await create(partnerUser, m.id)).statusCode).toBe(403);
    expect(await contactsWithMember(m.memberId)).toEqual([]);
    const missing = await create(staff, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no 834 member with that id.');
  });

  it('makes a passenger with the member id, date of birth, home and phone, audited', async () => {
    const m = await createEnrollment(db.pool, {
      name: 'Gilbert Archuleta',
      memberId: 'NM834000010',
      dob: '1939-11-30',
      street: '1801 Central Ave NW',
      city: 'Albuquerque',
      state: 'NM',
      zip: '87104',
      phone: '(505) 555-0199',
    });
    const res = await create(staff, m.id);
    expect(res.statusCode, res.body).toBe(200);
    const { created, contact } = res.json();
    expect(created).toBe(true);
    expect(contact).toMatchObject({
      name: 'Gilbert Archuleta',
      types: ['S/N Passenger'],
      memberId: 'NM834000010',
      dob: '1939-11-30',
      mainPhone: '5055550199',
      city: 'Albuquerque',
      division: 'NM01',
    });
    expect(await auditRows(db.pool, 'contacts', contact.id)).toMatchObject([{ activity_type: 'contact-from-834', after: { memberId: 'NM834000010', enrollmentId: m.id } }]);
  });

  it('never makes a duplicate: a second request, or two at once, answer the contact that holds the member id', async () => {
    const m = await createEnrollment(db.pool, { name: 'Imelda Quintana', memberId: 'NM834000020' });
    const [a, b] = await Promise.all([create(staff, m.id), create(staff, m.id)]);
    expect([a.json().created, b.json().created].sort()).toEqual([false, true]);
    expect(a.json().contact.id).toBe(b.json().contact.id);
    const again = await create(staff, m.id);
    expect(again.json()).toMatchObject({ created: false, contact: { id: a.json().contact.id } });
    expect(await contactsWithMember('NM834000020')).toHaveLength(1);
    // the 834 search now names the contact
    expect((await members(staff, 'q=NM834000020')).json().members[0].contactId).toBe(a.json().contact.id);
  });

  it('refuses when the member id belongs to a deleted contact, and writes nothing', async () => {
    const m = await createEnrollment(db.pool, { name: 'Vernon Esquibel', memberId: 'NM834000030' });
    const gone = await createPerson(db.pool, { name: 'Vernon Esquibel', memberId: 'NM834000030' });
    await db.pool.query('update contacts set deleted = true where id = $1', [gone.id]);
    const res = await create(staff, m.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Member NM834000030 belongs to deleted contact ${gone.contactNumber}. Restore that contact instead of creating another.`,
    );
    expect(await contactsWithMember('NM834000030')).toEqual([{ id: gone.id, name: 'Vernon Esquibel', deleted: true }]);
  });
});
