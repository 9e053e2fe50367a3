import { describe, expect, it, beforeAll } from 'vitest';
import { Browser } from './app.ts';
import { createContact, PASSWORD } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { auditRows, createTrip, division, signIn } from './trip-factories.ts';
import { addContactAddress } from './contact-details-factories.ts';

const w = staffWorld('Dana Staff');
let nm01: string;

const person = (over: Record<string, unknown> = {}) => ({
  type1: 'Person',
  types: ['S/N Passenger'],
  firstName: 'Rosa',
  lastName: 'Montoya',
  locationType: 'Residence',
  serviceType: '01',
  phones: [{ phoneNumberWithAreaCode: '+1 505-555-0101', type: 'Home', main: true }],
  joinContactAddresses: [{ label: 'Home', immutableAddress: { street: '1100 Central Ave SE', city: 'Albuquerque', state: 'NM', zip: '87106' } }],
  ...over,
});

async function save(body: unknown, b = w.staff) {
  return b.post('/api/contacts', body);
}
const contactRow = async (id: string) => (await w.db.pool.query('select * from contacts where id = $1', [id])).rows[0];

beforeAll(async () => {
  nm01 = await division(w.db.pool);
  await w.db.pool.query(`insert into counties (fips, name, state, division_id) values ('35001', 'Bernalillo', 'NM', $1) on conflict do nothing`, [nm01]);
});

describe('POST contacts', () => {
  it('answers 401 without a session', async () => {
    expect((await save(person(), new Browser(w.t.app))).statusCode).toBe(401);
  });

  it('answers 400 for a body that is not a contact, writing nothing', async () => {
    const before = (await w.db.pool.query('select count(*)::int as n from contacts')).rows[0].n;
    const res = await save(person({ phones: [{ phoneNumberWithAreaCode: '555-01', main: true }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A phone number is (###) ###-#### with an optional extension');
    expect((await w.db.pool.query('select count(*)::int as n from contacts')).rows[0].n).toBe(before);
  });

  it('answers 400 with the form lead plus the detail for a broken contact rule', async () => {
    const res = await save(person({ types: ['S/N Passenger', 'Case Manager'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please fix all validation errors. Contact cannot be both passenger and case manager',
      details: [{ path: 'types', message: 'Contact cannot be both passenger and case manager' }],
    });
    const business = await save(person({ type1: 'Business', companyName: 'Sandia Dialysis', types: ['Facility'] }));
    expect(business.json().message).toBe('Please fix all validation errors. A Business cannot have the location type Residence');
    const twoMain = await save(person({ phones: [{ phoneNumberWithAreaCode: '5055550101', main: true }, { phoneNumberWithAreaCode: '5055550102', main: true }] }));
    expect(twoMain.json().message).toBe('Please fix all validation errors. Only one phone can be main');
    const billTos = await save(person({ caseManagerBillTos: [w.x.partner.id] }));
    expect(billTos.json().message).toBe('Please fix all validation errors. Bill-tos can be linked only to a contact of type Case Manager');
  });

  it('refuses a ZIP no division covers', async () => {
    const res = await save(person({ joinContactAddresses: [{ label: 'Home', immutableAddress: { street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' } }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fix all validation errors. Unable to determine division for ZIP');
  });

  it('answers 403 to a partner and a case manager', async () => {
    const partner = await signIn(w.t.app, w.x.user);
    expect((await save(person(), partner)).statusCode).toBe(403);
    const cm = await signIn(w.t.app, await createContact(w.db.pool, { types: ['Case Manager'] }));
    expect((await save(person(), cm)).statusCode).toBe(403);
    expect((await cm.get(`/api/contact?id=${w.x.partner.id}`)).statusCode).toBe(403);
  });

  it('creates a Person with a formatted phone, a geocoded Home and the division of its ZIP, audited', async () => {
    const res = await save(person({ emails: [{ email: 'rosa@mail.example' }], specialRequests: [{ note: 'Needs help with the stairs' }] }));
    expect(res.statusCode).toBe(200);
    const { contact, warnings } = res.json();
    expect(warnings).toEqual([]);
    expect(contact).toMatchObject({
      name: 'Rosa Montoya',
      type1: 'Person',
      types: ['S/N Passenger'],
      modCount: 0,
      division: 'NM01',
      city: 'Albuquerque',
      zip: '87106',
      primaryPhone: '(505) 555-0101',
      phones: [{ phoneNumberWithAreaCode: '(505) 555-0101', type: 'Home', main: true, smsEnabled: false }],
      emails: [{ email: 'rosa@mail.example', type: 'Main' }],
      specialRequests: [{ note: 'Needs help with the stairs', active: true, enteredBy: 'Dana Staff' }],
    });
    expect(contact.joinContactAddresses).toHaveLength(1);
    expect(contact.joinContactAddresses[0]).toMatchObject({ label: 'Home', immutableAddress: { county: '35001' } });
    expect(contact.lat).toBeCloseTo(35.07, 1);
    const stored = await w.db.pool.query('select phone_number_with_area_code from contact_phones where contact_id = $1', [contact.id]);
    expect(stored.rows).toEqual([{ phone_number_with_area_code: '5055550101' }]);
    const audit = await auditRows(w.db.pool, 'contacts', contact.id);
    expect(audit).toEqual([expect.objectContaining({ activity_type: 'contact-create', before: null, after: expect.objectContaining({ name: 'Rosa Montoya' }) })]);
  });

  it('reads the contact whole, and a passenger read is an access event', async () => {
    const { contact } = (await save(person({ firstName: 'Ana' }))).json();
    const res = await w.staff.get(`/api/contact?id=${contact.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(contact);
    expect((await auditRows(w.db.pool, 'contacts', contact.id)).map((r) => r.activity_type)).toEqual(['contact-create', 'contact-view']);
    expect((await w.staff.get('/api/contact?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await w.staff.get('/api/contact?id=12')).json().message).toBe('Must be a record id');
  });

  it('changes a contact: an edited address is a new row, a trip keeps the old one', async () => {
    const { contact } = (await save(person({ firstName: 'Luis' }))).json();
    const oldAddress = contact.joinContactAddresses[0].addressId;
    const trip = await createTrip(w.db.pool, { legs: [{ passengerId: contact.id }] });
    await w.db.pool.query('update trip_legs set location_first_id = $2 where id = $1', [trip.legIds[0], oldAddress]);
    const changed = {
      ...person({ firstName: 'Luis', nickname: 'Lu' }),
      id: contact.id,
      modCount: 0,
      joinContactAddresses: [
        { id: contact.joinContactAddresses[0].id, label: 'Home', immutableAddress: { street: '5 Rio Grande Blvd NW', city: 'Albuquerque', state: 'NM', zip: '87104' } },
        { label: 'Mailing', immutableAddress: { street: 'PO Box 12', city: 'Albuquerque', state: 'NM', zip: '87103' } },
      ],
    };
    const res = await save(changed);
    expect(res.statusCode).toBe(200);
    const after = res.json().contact;
    expect(after).toMatchObject({ nickname: 'Lu', modCount: 1, street: '5 Rio Grande Blvd NW' });
    expect(after.joinContactAddresses.map((j: { label: string }) => j.label)).toEqual(['Home', 'Mailing']);
    expect(after.joinContactAddresses[0].id).toBe(contact.joinContactAddresses[0].id);
    expect(after.joinContactAddresses[0].addressId).not.toBe(oldAddress);
    const old = await w.db.pool.query('select street from addresses where id = $1', [oldAddress]);
    expect(old.rows[0].street).toBe('1100 Central Ave SE');
    const leg = await w.db.pool.query('select location_first_id from trip_legs where id = $1', [trip.legIds[0]]);
    expect(leg.rows[0].location_first_id).toBe(oldAddress);
    const audit = await auditRows(w.db.pool, 'contacts', contact.id);
    expect(audit.at(-1)).toMatchObject({ activity_type: 'contact-update', before: { nickname: null }, after: { nickname: 'Lu' } });
  });

  it('keeps a contact address row as it was: the database refuses to change it in place', async () => {
    const { contact } = (await save(person({ firstName: 'Elena' }))).json();
    const id = contact.joinContactAddresses[0].addressId;
    await expect(w.db.pool.query(`update addresses set street = '9 Other St' where id = $1`, [id])).rejects.toThrow(/is not changed: save a new address instead/);
    await w.db.pool.query(`update addresses set geocode_quality = 'exact' where id = $1`, [id]);
    expect((await w.db.pool.query('select street from addresses where id = $1', [id])).rows[0].street).toBe('1100 Central Ave SE');
  });

  it('answers 409 with the server copy for a stale modCount, changing nothing', async () => {
    const { contact } = (await save(person({ firstName: 'Marta' }))).json();
    expect((await save({ ...person({ firstName: 'Marta', title: 'Ms' }), id: contact.id, modCount: 0 })).statusCode).toBe(200);
    const stale = await save({ ...person({ firstName: 'Marta', title: 'Dr' }), id: contact.id, modCount: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', current: { id: contact.id, title: 'Ms', modCount: 1 } });
    expect(await contactRow(contact.id)).toMatchObject({ title: 'Ms', mod_count: 1 });
  });

  it('lets one of two saves made at once from the same copy win; the other answers 409', async () => {
    const { contact } = (await save(person({ firstName: 'Joaquin' }))).json();
    const [a, b] = await Promise.all([
      save({ ...person({ firstName: 'Joaquin', title: 'Mr' }), id: contact.id, modCount: 0 }),
      save({ ...person({ firstName: 'Joaquin', title: 'Dr' }), id: contact.id, modCount: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Mr' : 'Dr';
    expect(await contactRow(contact.id)).toMatchObject({ title: winner, mod_count: 1 });
  });

  it('answers 404 for a change of a contact that does not exist', async () => {
    const res = await save({ ...person(), id: '00000000-0000-4000-8000-000000000000', modCount: 0 });
    expect(res.statusCode).toBe(404);
  });

  it('deletes a contact (kept, marked) and ends its sessions', async () => {
    const user = await createContact(w.db.pool, { types: ['S/N Passenger'], name: 'Pat Sign In' });
    const session = await signIn(w.t.app, user);
    expect((await session.get('/api/current-user')).statusCode).toBe(200);
    const record = (await w.staff.get(`/api/contact?id=${user.id}`)).json();
    const res = await save({ ...person({ firstName: 'Pat', lastName: 'Sign In', phones: [], joinContactAddresses: [] }), id: user.id, modCount: record.modCount, deleted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact.deleted).toBe(true);
    expect(await contactRow(user.id)).toMatchObject({ deleted: true });
    expect((await w.db.pool.query('select count(*)::int as n from sessions where contact_id = $1', [user.id])).rows[0].n).toBe(0);
    expect((await session.get('/api/current-user')).statusCode).toBe(401);
    const audit = await auditRows(w.db.pool, 'contacts', user.id);
    expect(audit.at(-1).activity_type).toBe('contact-delete');
    expect(JSON.stringify(audit)).not.toContain('password');
    expect(PASSWORD).toBeTruthy();
  });

  it('saves an address that cannot be placed, with the warning', async () => {
    const res = await save(person({ firstName: 'Nora', joinContactAddresses: [{ label: 'Home', immutableAddress: { street: 'Behind the old mill' } }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual(['Unable to geocode Behind the old mill']);
    expect(res.json().contact.lat).toBeNull();
  });

  it('keeps a point placed by hand', async () => {
    const res = await save(person({ firstName: 'Ines', joinContactAddresses: [{ label: 'Home', immutableAddress: { street: 'Ranch road 4', zip: '87106', lat: 35.2, lng: -106.5, hasCustomLatLng: true } }] }));
    expect(res.json().contact).toMatchObject({ lat: 35.2, lng: -106.5, hasCustomLatLng: true });
  });
});

describe('lists saved whole', () => {
  it('links bill-tos to a case manager, and refuses a bill-to that is not one', async () => {
    const billTo = await createContact(w.db.pool, { name: 'Valley Health', types: ['Bill To'], username: null });
    const cm = { type1: 'Business', types: ['Case Manager'], companyName: 'Valley Case Management', phones: [], joinContactAddresses: [] };
    const refused = await save({ ...cm, caseManagerBillTos: [w.x.partner.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please fix all validation errors. There is no bill-to with this id', details: [{ path: 'caseManagerBillTos.0' }] });
    const res = await save({ ...cm, caseManagerBillTos: [billTo.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact.caseManagerBillTos).toEqual([{ id: billTo.id, name: 'Valley Health' }]);
    const rows = await w.db.pool.query('select bill_to_id from case_manager_bill_tos where case_manager_id = $1', [res.json().contact.id]);
    expect(rows.rows).toEqual([{ bill_to_id: billTo.id }]);
  });

  it('removes an address by marking its join deleted, keeping the address row', async () => {
    const { contact } = (await save(person({ firstName: 'Lena' }))).json();
    const joinId = contact.joinContactAddresses[0].id;
    const res = await save({ ...person({ firstName: 'Lena', joinContactAddresses: [] }), id: contact.id, modCount: 0 });
    expect(res.json().contact.joinContactAddresses).toEqual([]);
    const join = await w.db.pool.query('select deleted from join_contact_addresses where id = $1', [joinId]);
    expect(join.rows).toEqual([{ deleted: true }]);
    const address = await w.db.pool.query('select count(*)::int as n from addresses where id = $1', [contact.joinContactAddresses[0].addressId]);
    expect(address.rows[0].n).toBe(1);
  });

  it('refuses an address join of another contact, writing nothing', async () => {
    const a = (await save(person({ firstName: 'Ada' }))).json().contact;
    const b = (await save(person({ firstName: 'Bea' }))).json().contact;
    const res = await save({ ...person({ firstName: 'Bea', nickname: 'B' }), id: b.id, modCount: 0, joinContactAddresses: [{ id: a.joinContactAddresses[0].id, label: 'Home', immutableAddress: { street: '1 Main St', zip: '87106' } }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown address');
    expect(await contactRow(b.id)).toMatchObject({ nickname: null, mod_count: 0 });
  });

  it('keeps one main phone: the first when none is chosen', async () => {
    const phones = [{ phoneNumberWithAreaCode: '5055550111' }, { phoneNumberWithAreaCode: '(505) 555-0112 x9', type: 'Work' }];
    const { contact } = (await save(person({ firstName: 'Ivo', phones }))).json();
    expect(contact.phones.map((p: { phoneNumberWithAreaCode: string; main: boolean }) => [p.phoneNumberWithAreaCode, p.main])).toEqual([
      ['(505) 555-0111', true],
      ['(505) 555-0112 x9', false],
    ]);
  });
});

describe('contact web fields', () => {
  it('sets and reads the preferred partner, refusing a contact that is not a partner', async () => {
    const { contact } = (await save(person({ firstName: 'Eva' }))).json();
    expect((await new Browser(w.t.app).get(`/api/contact-web-fields?id=${contact.id}`)).statusCode).toBe(401);
    const bad = await w.staff.post(`/api/contact-web-fields?id=${contact.id}&prefProvider=${contact.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The preferred partner must be a partner company');
    const ok = await w.staff.post(`/api/contact-web-fields?id=${contact.id}&prefProvider=${w.x.partner.id}`);
    expect(ok.json()).toEqual({ id: contact.id, prefProvider: w.x.partner.id, prefProviderName: expect.any(String) });
    expect((await w.staff.get(`/api/contact-web-fields?id=${contact.id}`)).json().prefProvider).toBe(w.x.partner.id);
    expect((await auditRows(w.db.pool, 'contacts', contact.id)).at(-1).activity_type).toBe('preferred-partner');
  });
});

describe('member trip authorizations', () => {
  it('lists, adds with the LongDistance default, and removes', async () => {
    const { contact } = (await save(person({ firstName: 'Tomas' }))).json();
    expect((await new Browser(w.t.app).get(`/api/member-trip-authorizations?passengerId=${contact.id}`)).statusCode).toBe(401);
    expect((await w.staff.post('/api/member-trip-authorizations', { passengerId: 'x' })).json().message).toBe('Must be a record id');
    const partner = await signIn(w.t.app, w.x.user);
    expect((await partner.get(`/api/member-trip-authorizations?passengerId=${contact.id}`)).statusCode).toBe(403);
    expect((await w.staff.post('/api/member-trip-authorizations', { passengerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const added = await w.staff.post('/api/member-trip-authorizations', { passengerId: contact.id, memberId: 'NM123' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ passengerId: contact.id, type: 'LongDistance', memberId: 'NM123' });
    expect((await w.staff.get(`/api/member-trip-authorizations?passengerId=${contact.id}`)).json()).toEqual([added.json()]);
    const removed = await w.staff.request('DELETE', `/api/member-trip-authorization?id=${added.json().id}`);
    expect(removed.json()).toEqual({ id: added.json().id, deleted: true });
    expect((await w.staff.get(`/api/member-trip-authorizations?passengerId=${contact.id}`)).json()).toEqual([]);
    expect((await w.staff.request('DELETE', `/api/member-trip-authorization?id=${added.json().id}`)).statusCode).toBe(404);
    expect((await auditRows(w.db.pool, 'member_trip_authorizations', added.json().id)).map((r) => r.activity_type)).toEqual([
      'member-trip-authorization',
      'member-trip-authorization-remove',
    ]);
  });
});

describe('GET coverages', () => {
  it('finds the coverages of a member id in any case, with status today', async () => {
    expect((await new Browser(w.t.app).get('/api/coverages?memberDisplayCode=ab')).statusCode).toBe(401);
    expect((await w.staff.get('/api/coverages?memberDisplayCode=')).json().message).toBe('Enter a member id');
    const billTo = await createContact(w.db.pool, { name: 'Sandia Health', types: ['Bill To'], username: null });
    const { contact } = (await save(person({ firstName: 'Olga' }))).json();
    await w.db.pool.query(`insert into coverages (contact_id, bill_to_id, member_id, date_begin) values ($1, $2, 'MEM-77', '2020-01-01')`, [contact.id, billTo.id]);
    const res = await w.staff.get(`/api/coverages?memberDisplayCode=mem-77&billToId=${billTo.id}`);
    expect(res.json()).toEqual([
      expect.objectContaining({ contactId: contact.id, passengerName: 'Olga Montoya', billToName: 'Sandia Health', memberId: 'MEM-77', status: 'Active', dateBegin: '2020-01-01' }),
    ]);
    expect((await w.staff.get(`/api/coverages?memberDisplayCode=MEM-77&billToId=${w.x.partner.id}`)).json()).toEqual([]);
  });
});

describe('addresses already joined', () => {
  it('reads a contact address made before the edit', async () => {
    const c = await createContact(w.db.pool, { types: ['Facility'], username: null });
    await addContactAddress(w.db.pool, c.id, { street: '9 Elm St', city: 'Albuquerque', zip: '87102' }, 'Office');
    const record = (await w.staff.get(`/api/contact?id=${c.id}`)).json();
    expect(record.joinContactAddresses).toEqual([expect.objectContaining({ label: 'Office', immutableAddress: expect.objectContaining({ street: '9 Elm St' }) })]);
  });
});
