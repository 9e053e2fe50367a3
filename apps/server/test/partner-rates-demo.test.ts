import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoPartnerRates } from '../src/modules/demo/partner-rates.ts';
import { DEMO_USER_IDS } from '../src/modules/demo/people.ts';
import { inTransaction } from '../src/platform/audit.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createPartner, createTrip } from './trip-factories.ts';
import { createBillTo } from './rate-factories.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const TODAY = '2026-11-25';

describe('the demo step of partner rates', () => {
  it('gives every partner and bill-to rates of all three types, prices the trips, leaves one pair without a rate and adds the Finance login', async () => {
    await db.pool.query(`insert into contacts (id, name, types, username, password_hash) values ($1, 'Dana Whitfield', '{SecureEmployee}', 'admin', 'hash')`, [
      DEMO_USER_IDS.admin,
    ]);
    const sandia = await createPartner(db.pool, 'Sandia Mobility');
    const rio = await createPartner(db.pool, 'Rio Grande Medical Transport');
    await db.pool.query(`insert into contacts (id, name, types, username, parent_id) values ($1, 'Lorena Baca', '{Affiliate}', 'partner2', $2)`, [
      DEMO_USER_IDS.partner2,
      rio.partner.id,
    ]);
    const [plan, hospital] = [await createBillTo(db.pool, 'Piñon Care Partners – NEMT'), await createBillTo(db.pool, 'Sandia Regional Hospital')];
    const trip = (partnerId: string | null, billToId: string, spec = {}) => createTrip(db.pool, { partnerId, billToId, serviceDate: TODAY, ...spec });
    const sandiaTrip = await trip(sandia.partner.id, plan.id);
    const oldTrip = await trip(sandia.partner.id, hospital.id, { serviceDate: '2026-10-20', partnerPayStatus: 'Final' });
    const rioBig = [await trip(rio.partner.id, plan.id), await trip(rio.partner.id, plan.id)];
    const rioSmall = await trip(rio.partner.id, hospital.id);
    const unassigned = await trip(null, plan.id);

    await inTransaction(db.pool, (client) => addDemoPartnerRates(client, TODAY));

    const rates = (await db.pool.query(`select affiliate_id, bill_to_contact_id, service_id, rate_type, date_begin::text, date_end::text from partner_rates`)).rows;
    const groups = new Set(rates.map((r) => `${r.affiliate_id}/${r.bill_to_contact_id}/${r.service_id}`));
    for (const [p, b] of [[sandia.partner.id, plan.id], [sandia.partner.id, hospital.id], [rio.partner.id, plan.id]]) {
      for (const s of ['01', '03', '05']) expect(groups.has(`${p}/${b}/${s}`), `${p} ${b} ${s}`).toBe(true);
    }
    expect(rates.some((r) => r.affiliate_id === rio.partner.id && r.bill_to_contact_id === hospital.id)).toBe(false);
    expect(new Set(rates.map((r) => r.rate_type))).toEqual(new Set(['Pick Up Per Mile', 'Flat Rate', 'Mile Reimburse']));
    expect(rates.filter((r) => r.date_end !== null).every((r) => r.date_end === '2026-11-10')).toBe(true);
    expect(rates.filter((r) => r.date_end !== null).length).toBeGreaterThan(0);

    const pay = async (id: string) => (await db.pool.query('select farmout_rate, farmout_rate_breakdown from drive_assignments where id = $1', [id])).rows[0];
    for (const t of [sandiaTrip, oldTrip, ...rioBig]) {
      const p = await pay(t.id);
      expect(p.farmout_rate_breakdown.noRate, t.id).toBe(false);
      expect(p.farmout_rate).toBe(p.farmout_rate_breakdown.totalPennies / 100);
    }
    expect(await pay(rioSmall.id)).toEqual({ farmout_rate: null, farmout_rate_breakdown: { noRate: true } });
    expect((await pay(unassigned.id)).farmout_rate_breakdown).toBeNull();

    const finance = (await db.pool.query(`select types, ldap_groups, password_hash from contacts where username = 'finance'`)).rows[0];
    expect(finance).toEqual({ types: ['SecureEmployee'], ldap_groups: ['Finance'], password_hash: 'hash' });
  });
});
