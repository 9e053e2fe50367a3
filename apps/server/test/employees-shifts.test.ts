import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { createContact } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { auditRows, createDriver, createPartner, signIn } from './trip-factories.ts';

const w = staffWorld();

describe('employee-shift-overrides', () => {
  it('401 without a session', async () => {
    expect((await new Browser(w.t.app).get('/api/employee-shift-overrides?employeeId=x')).statusCode).toBe(401);
  });

  it("400 'Unable to set shift without an explicit service date', nothing written", async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    for (const date of [undefined, null]) {
      const res = await partner.post('/api/employee-shift-overrides', { employeeId: d.id, date, start: '08:00', end: '12:00' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Unable to set shift without an explicit service date');
    }
    const bad = await partner.post('/api/employee-shift-overrides', { employeeId: d.id, date: '2026-11-23', start: '12:00', end: '08:00' });
    expect(bad.json().message).toBe('The shift must end after it starts');
    expect((await w.db.pool.query('select count(*)::int as n from employee_shift_overrides where employee_id = $1', [d.id])).rows[0].n).toBe(0);
  });

  it("404 for another partner's driver, nothing written", async () => {
    const other = await createPartner(w.db.pool);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    const res = await partner.post('/api/employee-shift-overrides', { employeeId: theirs.id, date: '2026-11-23', start: '08:00', end: '12:00' });
    expect(res.statusCode).toBe(404);
    expect((await partner.get(`/api/employee-shift-overrides?employeeId=${theirs.id}`)).statusCode).toBe(404);
    expect((await w.db.pool.query('select count(*)::int as n from employee_shift_overrides where employee_id = $1', [theirs.id])).rows[0].n).toBe(0);
  });

  it('sets one override per date (a second replaces it), a day off, lists and removes them, audited', async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    const first = (await partner.post('/api/employee-shift-overrides', { employeeId: d.id, date: '2026-11-23', start: '06:00', end: '14:00' })).json();
    expect(first).toMatchObject({ employeeId: d.id, date: '2026-11-23', start: '06:00', end: '14:00' });
    const second = (await partner.post('/api/employee-shift-overrides', { employeeId: d.id, date: '2026-11-23', start: '07:00', end: '15:30' })).json();
    const off = (await partner.post('/api/employee-shift-overrides', { employeeId: d.id, date: '2026-11-24' })).json();
    expect(off).toMatchObject({ start: null, end: null });
    const list = (await partner.get(`/api/employee-shift-overrides?employeeId=${d.id}`)).json();
    expect(list.map((o: { date: string; start: string | null }) => [o.date, o.start])).toEqual([
      ['2026-11-23', '07:00'],
      ['2026-11-24', null],
    ]);
    expect((await partner.get(`/api/employee-shift-overrides?employeeId=${d.id}&dateFrom=2026-11-24`)).json()).toHaveLength(1);
    const audit = await auditRows(w.db.pool, 'employee_shift_overrides', second.id);
    expect(audit[0].before[0]).toMatchObject({ start: '06:00', end: '14:00' });
    expect((await partner.request('DELETE', `/api/employee-shift-overrides?id=${off.id}`)).json()).toEqual({ id: off.id });
    expect((await partner.get(`/api/employee-shift-overrides?employeeId=${d.id}`)).json()).toHaveLength(1);
    expect((await partner.request('DELETE', `/api/employee-shift-overrides?id=${off.id}`)).statusCode).toBe(404);
  });

  it('staff without adminAccess cannot set the shift of an in-house employee (403)', async () => {
    const inHouse = await createContact(w.db.pool, { types: ['SecureEmployee'] });
    const res = await w.staff.post('/api/employee-shift-overrides', { employeeId: inHouse.id, date: '2026-11-23', start: '08:00', end: '12:00' });
    expect(res.statusCode).toBe(403);
  });
});

describe('pay-history', () => {
  it('401, then 400 without a date worked', async () => {
    expect((await new Browser(w.t.app).get('/api/pay-history?id=x')).statusCode).toBe(401);
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const res = await w.staff.post('/api/pay-history', { employeeId: d.id, hoursWorked: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter the date worked');
    const bad = await w.staff.post('/api/pay-history', { employeeId: d.id, dateWorked: '2026-11-20', hoursWorked: 25 });
    expect(bad.json().message).toBe('A day has at most 24 hours');
  });

  it('keeps one entry per dateWorked: the same day again changes it', async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    const first = (await partner.post('/api/pay-history', { employeeId: d.id, dateWorked: '2026-11-20', hoursWorked: 8, amount: 160 })).json();
    const again = (await partner.post('/api/pay-history', { employeeId: d.id, dateWorked: '2026-11-20', hoursWorked: 9.5, amount: 190 })).json();
    await partner.post('/api/pay-history', { employeeId: d.id, dateWorked: '2026-11-21', hoursWorked: 4 });
    expect(again.id).toBe(first.id);
    const list = (await partner.get(`/api/pay-history?id=${d.id}`)).json();
    expect(list.map((p: { dateWorked: string; hoursWorked: number }) => [p.dateWorked, p.hoursWorked])).toEqual([
      ['2026-11-21', 4],
      ['2026-11-20', 9.5],
    ]);
    expect((await auditRows(w.db.pool, 'employee_pay_history', first.id)).map((a) => a.before?.hoursWorked ?? null)).toEqual([null, 8]);
  });

  it("404 for another partner's employee, nothing written", async () => {
    const other = await createPartner(w.db.pool);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    expect((await partner.post('/api/pay-history', { employeeId: theirs.id, dateWorked: '2026-11-20' })).statusCode).toBe(404);
    expect((await partner.get(`/api/pay-history?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await w.db.pool.query('select count(*)::int as n from employee_pay_history where employee_id = $1', [theirs.id])).rows[0].n).toBe(0);
  });
});

describe('drivers-by-id and GET drivers', () => {
  it('answers the drivers in scope, deleted ones marked; another partner\'s are left out', async () => {
    const mine = await createDriver(w.db.pool, w.x.partner.id);
    const gone = await createDriver(w.db.pool, w.x.partner.id);
    await w.db.pool.query('update contacts set deleted = true where id = $1', [gone.id]);
    const other = await createPartner(w.db.pool);
    const theirs = await createDriver(w.db.pool, other.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    expect((await partner.get('/api/drivers-by-id')).statusCode).toBe(400);
    const res = (await partner.get(`/api/drivers-by-id?driverIds=${mine.id},${gone.id}&driverIds=${theirs.id}`)).json();
    expect(res.map((d: { id: string; deleted: boolean }) => [d.id, d.deleted]).sort()).toEqual([[mine.id, false], [gone.id, true]].sort());
    expect((await w.staff.get(`/api/drivers-by-id?driverIds=${theirs.id}`)).json()).toHaveLength(1);

    const ids = (await w.staff.get(`/api/drivers?providerId=${w.x.partner.id}`)).json().map((d: { id: string }) => d.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(gone.id);
    const all = (await w.staff.get(`/api/drivers?providerId=${w.x.partner.id}&includeDeleted=true`)).json().map((d: { id: string }) => d.id);
    expect(all).toContain(gone.id);
    expect((await partner.get(`/api/drivers?providerId=${other.partner.id}`)).statusCode).toBe(404);
  });
});
