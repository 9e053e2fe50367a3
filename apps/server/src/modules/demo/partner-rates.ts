import { RATE_TYPES, rateAmountsFor, type RateBreakdown, type RateType } from '@tripline/core';
import type pg from 'pg';
import { repriceTrips } from '../partner-rates/pricing.ts';
import { insertRate } from '../partner-rates/writes.ts';
import { addDays } from './calendar.ts';
import { DEMO_USER_IDS } from './people.ts';

/** What a ride of each service type pays, before a partner's own adjustment (dollars; the ceiling in miles). */
const BASE: Record<string, { pickup: number; mile: number; ceiling: number; bucket: number; flat: number; reimburse: number; cancel: number }> = {
  '01': { pickup: 18, mile: 1.85, ceiling: 20, bucket: 1.4, flat: 38, reimburse: 0.95, cancel: 15 },
  '03': { pickup: 28, mile: 2.35, ceiling: 20, bucket: 1.8, flat: 62, reimburse: 1.3, cancel: 25 },
  '05': { pickup: 95, mile: 4.1, ceiling: 15, bucket: 3.25, flat: 185, reimburse: 3.5, cancel: 60 },
};
const OTHER = { pickup: 22, mile: 2, ceiling: 20, bucket: 1.5, flat: 45, reimburse: 1.1, cancel: 15 };

const cents = (n: number) => Math.round(n * 100) / 100;

/** A rate's amounts: the service type's base, a partner's own level, extras that vary by group. */
function amountsOf(serviceId: string, rateType: RateType, level: number, n: number): RateBreakdown {
  const b = BASE[serviceId] ?? OTHER;
  return rateAmountsFor(rateType, {
    basePickupRate: cents(b.pickup * level),
    baseMileageRate: cents(b.mile * level),
    baseMileageCeilingRate: b.ceiling,
    baseBucketMileageRate: cents(b.bucket * level),
    baseFlatRate: cents(b.flat * level),
    baseMileageReimbursementRate: cents(b.reimburse * level),
    cancelRate: b.cancel,
    timeCharge: n % 4 === 0 ? 0.15 : null,
    addWaitTime: 0.35,
    addsOffHours: n % 2 === 0 ? 7.5 : 5,
    addsPca: 5,
    addsPharmacyStop: serviceId === '01' ? 6 : null,
  } satisfies Partial<RateBreakdown>);
}

/** The demo's Finance login: a SecureEmployee in group Finance who edits partner rates. */
async function addFinanceLogin(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    // the demo numbers its contacts itself (the sequence moves past them at the end)
    `insert into contacts (id, contact_number, username, name, first_name, last_name, types, ldap_groups, password_hash, division_id, employee_number)
     select $1, (select max(contact_number) + 1 from contacts), 'finance', 'Harold Gallegos', 'Harold', 'Gallegos', '{SecureEmployee}', '{Finance}',
            password_hash, division_id, 'E4127'
       from contacts where id = $2
     returning id`,
    [DEMO_USER_IDS.finance, DEMO_USER_IDS.admin],
  );
  await client.query(`insert into contact_emails (contact_id, email, main) values ($1, 'finance@tripline.example', true)`, [rows[0].id]);
  await client.query(
    `insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, type, main) values ($1, '5055550172', false, 'Work', true)`,
    [rows[0].id],
  );
}

/**
 * Partner rates: every demo partner has a rate for each bill-to it carries for and each service
 * type it drives (01, 03 and 05 always), of all three types; a third of the groups changed rate two
 * weeks ago, so their older trips were paid the old rate. One pair of the `partner2` login has no
 * rate at all, so its trips show NoRate. Then every trip with a partner is priced by these rates
 * (trips already Final too, by the rate of their day), and the Finance login is added.
 */
export async function addDemoPartnerRates(client: pg.PoolClient, today: string): Promise<void> {
  await addFinanceLogin(client);
  const { rows: pairs } = await client.query<{ affiliate_id: string; bill_to_id: string; services: string[]; trips: number }>(
    `select da.farmout_contact_id as affiliate_id, da.bill_to_contact_id as bill_to_id,
            array_agg(distinct coalesce(da.service_number, da.service_type_requested)) as services, count(*)::int as trips
       from drive_assignments da
      where da.farmout_contact_id is not null and da.bill_to_contact_id is not null
      group by 1, 2
      order by 1, 2`,
  );
  // the NoRate pair: the partner2 login's bill-to with the fewest trips
  const partner2 = (await client.query<{ parent_id: string }>('select parent_id from contacts where id = $1', [DEMO_USER_IDS.partner2])).rows[0]
    ?.parent_id;
  const noRate = pairs.filter((p) => p.affiliate_id === partner2).sort((a, b) => a.trips - b.trips || a.bill_to_id.localeCompare(b.bill_to_id))[0];

  const partners = [...new Set(pairs.map((p) => p.affiliate_id))];
  let n = 0;
  for (const pair of pairs) {
    if (pair === noRate) continue;
    const level = 0.92 + (partners.indexOf(pair.affiliate_id) % 5) * 0.04;
    const services = [...new Set(['01', '03', '05', ...pair.services])].sort();
    for (const serviceId of services) {
      n++;
      const rateType = RATE_TYPES[n % RATE_TYPES.length];
      const group = { affiliateId: pair.affiliate_id, billToContactId: pair.bill_to_id, serviceId, createdBy: DEMO_USER_IDS.admin };
      const changed = n % 3 === 0;
      if (changed) {
        // the group's earlier rate, a little lower, ended two weeks ago
        const was = amountsOf(serviceId, rateType, level - 0.06, n);
        await insertRate(client, { ...group, rateType, amounts: was, dateBegin: addDays(today, -400), dateEnd: addDays(today, -15) });
      }
      const amounts = amountsOf(serviceId, rateType, level, n);
      await insertRate(client, { ...group, rateType, amounts, dateBegin: addDays(today, changed ? -14 : -400), dateEnd: null });
    }
  }

  const { rows: trips } = await client.query<{ id: string }>('select id from drive_assignments where farmout_contact_id is not null order by id');
  const ids = trips.map((t) => t.id);
  for (let i = 0; i < ids.length; i += 5000) await repriceTrips(client, ids.slice(i, i + 5000), new Date(), { includeFinal: true });
}
