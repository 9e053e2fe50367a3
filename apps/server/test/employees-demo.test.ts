import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoEmployees } from '../src/modules/demo/employees.ts';
import { inTransaction } from '../src/platform/audit.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createDriver, createPartner } from './trip-factories.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('the demo step of employees', () => {
  it('gives drivers dates, an early week to every third, shift overrides around today and days worked', async () => {
    const { partner } = await createPartner(db.pool);
    for (let i = 1; i <= 8; i++) await createDriver(db.pool, partner.id, { employeeNumber: `DM${i}` });
    await inTransaction(db.pool, (client) => addDemoEmployees(client, '2026-11-25'));
    const drivers = (await db.pool.query(`select employee_number, hired_date, dl_exp_date, availability from contacts where employee_number like 'DM%' order by employee_number`)).rows;
    expect(drivers.every((d) => d.hired_date < '2026-11-25' && d.dl_exp_date > '2026-11-25')).toBe(true);
    expect(drivers.filter((d) => d.availability !== null).map((d) => d.employee_number)).toEqual(['DM3', 'DM6']);
    const overrides = (await db.pool.query(`select o.date, o.start_time from employee_shift_overrides o join contacts c on c.id = o.employee_id order by c.employee_number, o.date`)).rows;
    expect(overrides.map((o) => [o.date, o.start_time])).toEqual([
      ['2026-11-26', '12:00:00'],
      ['2026-11-27', '05:00:00'],
      ['2026-11-26', null],
      ['2026-11-27', '05:00:00'],
    ]);
    const pay = (await db.pool.query('select count(distinct employee_id)::int as people, count(*)::int as days from employee_pay_history')).rows[0];
    expect(pay).toEqual({ people: 4, days: 40 });
  });
});
