import { EMPLOYEE_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { employeeBody, employeeRow } from './employees-factories.ts';
import { createContact } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { apiToken, auditRows, createDriver, createPartner, signIn } from './trip-factories.ts';

const w = staffWorld();

describe('GET /api/employees', () => {
  it('401 without a session', async () => {
    expect((await new Browser(w.t.app).get('/api/employees')).statusCode).toBe(401);
  });

  it('400 for a malformed includeDeleted', async () => {
    const res = await w.staff.get('/api/employees?includeDeleted=perhaps');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('includeDeleted must be true or false');
  });

  it('403 for a passenger', async () => {
    const passenger = await signIn(w.t.app, await createContact(w.db.pool, { types: ['S/N Passenger'] }));
    expect((await passenger.get('/api/employees')).statusCode).toBe(403);
  });

  it("lists a partner's own company only; another partner's employee is 404", async () => {
    const other = await createPartner(w.db.pool);
    const mine = await createDriver(w.db.pool, w.x.partner.id);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    const ids = (await partner.get('/api/employees')).json().map((e: { id: string }) => e.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await partner.get(`/api/employees?id=${theirs.id}`)).statusCode).toBe(404);
    const one = (await partner.get(`/api/employees?id=${mine.id}`)).json()[0];
    // spec 3 §5: no stored availability means Monday to Friday 09:00-17:00
    expect(one.availability[0]).toEqual({ day: 'Mon', start: '09:00', end: '17:00' });
    expect(one.availability[6]).toEqual({ day: 'Sun', start: null, end: null });
  });

  it('staff search by name, employee number or phone digits, by company, with deleted ones on request', async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id, { employeeNumber: 'ZQ771', phone: { number: '5055558123' } });
    await w.db.pool.query(`update contacts set name = 'Quintana Zebulon' where id = $1`, [d.id]);
    for (const q of ['zebulon quin', 'zq771', '8123']) {
      const ids = (await w.staff.get(`/api/employees?q=${encodeURIComponent(q)}`)).json().map((e: { id: string }) => e.id);
      expect(ids, q).toEqual([d.id]);
    }
    const other = await createPartner(w.db.pool);
    expect((await w.staff.get(`/api/employees?q=zq771&providerId=${other.partner.id}`)).json()).toEqual([]);
    await w.db.pool.query('update contacts set deleted = true where id = $1', [d.id]);
    expect((await w.staff.get('/api/employees?q=zq771')).json()).toEqual([]);
    expect((await w.staff.get('/api/employees?q=zq771&includeDeleted=true')).json()[0]).toMatchObject({ id: d.id, deleted: true });
  });
});

describe('POST /api/employees', () => {
  it('401 without a session', async () => {
    expect((await new Browser(w.t.app).post('/api/employees', employeeBody(null))).statusCode).toBe(401);
  });

  it("400 'Driver type must have a provider specified', nothing written", async () => {
    const before = await w.db.pool.query('select count(*)::int as n from contacts');
    const res = await w.staff.post('/api/employees', employeeBody(null));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Driver type must have a provider specified');
    expect(res.json().details[0].path).toBe('affiliateId');
    expect((await w.db.pool.query('select count(*)::int as n from contacts')).rows[0].n).toBe(before.rows[0].n);
  });

  it('400 for two main phones and for a phone that is not a number', async () => {
    const two = employeeBody(w.x.partner.id, {
      phones: [
        { phoneNumberWithAreaCode: '5055550101', main: true },
        { phoneNumberWithAreaCode: '5055550102', main: true },
      ],
    });
    expect((await w.staff.post('/api/employees', two)).json().message).toBe('Only one phone can be main');
    const bad = employeeBody(w.x.partner.id, { phones: [{ phoneNumberWithAreaCode: '555-01', main: true }] });
    expect((await w.staff.post('/api/employees', bad)).json().message).toBe('A phone number is (###) ###-#### with an optional extension');
  });

  it('a partner adds a driver to its own company, with phone, address, e-mail and an audit row', async () => {
    const partner = await signIn(w.t.app, w.x.user);
    const res = await partner.post('/api/employees', employeeBody(null, { firstName: 'Ana', middleInitial: 'm', lastName: 'Ruiz', phones: [{ phoneNumberWithAreaCode: '+1 505 555 0199' }] }));
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({
      name: 'Ana M. Ruiz',
      affiliateId: w.x.partner.id,
      classifications: ['Driver'],
      phones: [{ phoneNumberWithAreaCode: '(505) 555-0199', main: true, smsEnabled: false }],
      address: { street: '100 Central Ave SW', city: 'Albuquerque', state: 'NM', zip: '87102' },
      email: 'rosa@example.com',
      modCount: 0,
    });
    const audit = await auditRows(w.db.pool, 'contacts', e.id);
    expect(audit.map((a) => a.activity_type)).toEqual(['employee-save']);
    expect(audit[0].after.name).toBe('Ana M. Ruiz');
    // the driver is one of the partner's drivers at once
    expect((await partner.get('/api/drivers')).json().map((d: { id: string }) => d.id)).toContain(e.id);
  });

  it("a partner cannot write another partner's employee (404, row unchanged) nor move one to another company", async () => {
    const other = await createPartner(w.db.pool);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    const before = await employeeRow(w.db.pool, theirs.id);
    const partner = await signIn(w.t.app, w.x.user);
    const res = await partner.post('/api/employees', employeeBody(other.partner.id, { id: theirs.id, modCount: 0 }));
    expect(res.statusCode).toBe(404);
    expect(await employeeRow(w.db.pool, theirs.id)).toEqual(before);
    const moved = await partner.post('/api/employees', employeeBody(other.partner.id));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(EMPLOYEE_MSG.PARTNER_OWN_ONLY);
    const staffType = await partner.post('/api/employees', employeeBody(null, { classifications: ['SecureEmployee'] }));
    expect(staffType.json().message).toBe('You may not give an employee the classification SecureEmployee');
  });

  it('without adminAccess in-house employees are read-only (403, unchanged); an administrator changes them', async () => {
    const inHouse = await createContact(w.db.pool, { types: ['SecureEmployee'], name: 'Dora Inhouse' });
    const read = (await w.staff.get(`/api/employees?id=${inHouse.id}`)).json()[0];
    const before = await employeeRow(w.db.pool, inHouse.id);
    const body = { ...employeeBody(null, { classifications: ['SecureEmployee'], firstName: 'Dora', lastName: 'Changed' }), id: inHouse.id, modCount: read.modCount };
    const res = await w.staff.post('/api/employees', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(EMPLOYEE_MSG.IN_HOUSE_READ_ONLY);
    expect(await employeeRow(w.db.pool, inHouse.id)).toEqual(before);
    const admin = await signIn(w.t.app, await createContact(w.db.pool, { types: ['SecureEmployee'], adminAccess: true }));
    const ok = await admin.post('/api/employees', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Dora Changed', modCount: read.modCount + 1, affiliateId: null });
  });

  it('409 with the server copy for a stale modCount, nothing changed', async () => {
    const created = (await w.staff.post('/api/employees', employeeBody(w.x.partner.id))).json();
    const first = await w.staff.post('/api/employees', { ...employeeBody(w.x.partner.id, { firstName: 'First' }), id: created.id, modCount: 0 });
    expect(first.statusCode).toBe(200);
    const before = await employeeRow(w.db.pool, created.id);
    const stale = await w.staff.post('/api/employees', { ...employeeBody(w.x.partner.id, { firstName: 'Second' }), id: created.id, modCount: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ firstName: 'First', modCount: 1 });
    expect(await employeeRow(w.db.pool, created.id)).toEqual(before);
  });

  it('two saves of one employee number at once: one is created, the other refused', async () => {
    const body = () => employeeBody(w.x.partner.id, { employeeNumber: 'TWIN1' });
    const answers = await Promise.all([w.staff.post('/api/employees', body()), w.staff.post('/api/employees', body())]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe('Employee number TWIN1 is already used by another employee');
    expect((await w.db.pool.query(`select count(*)::int as n from contacts where employee_number = 'TWIN1'`)).rows[0].n).toBe(1);
  });

  it('an address change writes a new address row; the old row stays for the trips that name it', async () => {
    const created = (await w.staff.post('/api/employees', employeeBody(w.x.partner.id))).json();
    const oldJoin = (await w.db.pool.query('select address_id from join_contact_addresses where contact_id = $1', [created.id])).rows[0];
    const moved = { ...employeeBody(w.x.partner.id, { address: { street: '5 Gold Ave', city: 'Albuquerque', state: 'NM', zip: '87102' } }), id: created.id, modCount: 0 };
    expect((await w.staff.post('/api/employees', moved)).json().address.street).toBe('5 Gold Ave');
    const old = await w.db.pool.query('select street from addresses where id = $1', [oldJoin.address_id]);
    expect(old.rows[0].street).toBe('100 Central Ave SW');
  });
});

describe("one's own record", () => {
  it('a partner user keeps its own Affiliate classification and cannot delete itself', async () => {
    const me = await createContact(w.db.pool, { types: ['Affiliate'], parentId: w.x.partner.id });
    const b = await signIn(w.t.app, me);
    const read = (await b.get(`/api/employees?id=${me.id}`)).json()[0];
    const res = await b.post('/api/employees', { ...employeeBody(w.x.partner.id, { classifications: ['Driver'] }), id: me.id, modCount: read.modCount });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot take the classification Affiliate from yourself: you would lose your own access');
    const gone = await b.request('DELETE', `/api/employees?id=${me.id}&modCount=${read.modCount}`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('You cannot delete yourself');
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
  });
});

describe('DELETE /api/employees', () => {
  it('400 without a modCount', async () => {
    expect((await w.staff.request('DELETE', `/api/employees?id=${w.x.user.id}`)).statusCode).toBe(400);
  });

  it("soft-deletes: the driver leaves the pickers, sessions end; another partner's is 404", async () => {
    const partner = await signIn(w.t.app, w.x.user);
    const other = await createPartner(w.db.pool);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    expect((await partner.request('DELETE', `/api/employees?id=${theirs.id}&modCount=0`)).statusCode).toBe(404);
    expect((await employeeRow(w.db.pool, theirs.id)).deleted).toBe(false);

    const user = await createContact(w.db.pool, { types: ['AffiliateEmployee'], parentId: w.x.partner.id });
    const session = await signIn(w.t.app, user);
    const res = await partner.request('DELETE', `/api/employees?id=${user.id}&modCount=0`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, modCount: 1 });
    expect((await session.get('/api/current-user')).statusCode).toBe(401);
    expect((await w.db.pool.query('select count(*)::int as n from sessions where contact_id = $1', [user.id])).rows[0].n).toBe(0);
    expect((await auditRows(w.db.pool, 'contacts', user.id)).map((a) => a.activity_type)).toEqual(['employee-delete']);
  });
});

describe("API tokens: area 'employees'", () => {
  it('a token that may read employees reads its company; writing needs POST on its list', async () => {
    const mine = await createDriver(w.db.pool, w.x.partner.id);
    const token = await apiToken(w.db.pool, w.x.user.id, { employees: ['GET'] });
    const b = new Browser(w.t.app);
    const auth = { authorization: `Bearer ${token}` };
    const list = await b.get('/api/employees', auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { id: string }) => e.id)).toContain(mine.id);
    expect((await b.post('/api/employees', employeeBody(null), auth)).statusCode).toBe(403);
    const other = await apiToken(w.db.pool, w.x.user.id, { trips: ['GET'] });
    expect((await b.get('/api/employees', { authorization: `Bearer ${other}` })).statusCode).toBe(403);
  });
});
