import { operatorToday, rateStatus, type PartnerRate } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

/** The columns of a partner rate as the API names them, with the partner's and bill-to's names. */
export const RATE_SELECT = `
  select r.id, r.affiliate_id as "affiliateId", r.bill_to_contact_id as "billToContactId", r.service_id as "serviceId",
         r.rate_type as "rateType", r.cancel_rate as "cancelRate", r.base_pickup_rate as "basePickupRate",
         r.base_bucket_mileage_rate as "baseBucketMileageRate", r.base_flat_rate as "baseFlatRate",
         r.base_mileage_ceiling_rate as "baseMileageCeilingRate", r.base_mileage_rate as "baseMileageRate",
         r.time_charge as "timeCharge", r.base_mileage_reimbursement_rate as "baseMileageReimbursementRate",
         r.add_wait_time as "addWaitTime", r.adds_off_hours as "addsOffHours", r.adds_pca as "addsPca",
         r.adds_pharmacy_stop as "addsPharmacyStop", to_char(r.date_begin, 'YYYY-MM-DD') as "dateBegin",
         to_char(r.date_end, 'YYYY-MM-DD') as "dateEnd", r.created, r.mod_count as "modCount",
         b.name as "billToName", p.name as "providerName"
    from partner_rates r
    join contacts b on b.id = r.bill_to_contact_id
    join contacts p on p.id = r.affiliate_id`;

const AMOUNTS = [
  'cancelRate',
  'basePickupRate',
  'baseBucketMileageRate',
  'baseFlatRate',
  'baseMileageCeilingRate',
  'baseMileageRate',
  'timeCharge',
  'baseMileageReimbursementRate',
  'addWaitTime',
  'addsOffHours',
  'addsPca',
  'addsPharmacyStop',
] as const;

/** A row of RATE_SELECT as the API answers it; its status is judged on the operator's today. */
export function rateOfRow(row: Record<string, unknown>, now: Date): PartnerRate {
  const rate = { ...row } as Record<string, unknown>;
  for (const k of AMOUNTS) rate[k] = row[k] === null ? null : Number(row[k]);
  rate.created = (row.created as Date).toISOString();
  const r = rate as unknown as PartnerRate;
  return { ...r, status: rateStatus(r, operatorToday(now)) };
}

/** A partner's rates in force on any day from dateFrom through dateTo, to price many trips in memory. */
export async function partnerRatesInForce(
  db: Pool | PoolClient,
  affiliateId: string,
  dateFrom: string,
  dateTo: string,
  now: Date = new Date(),
): Promise<PartnerRate[]> {
  const { rows } = await db.query(
    `${RATE_SELECT}
      where r.affiliate_id = $1 and daterange(r.date_begin, r.date_end, '[]') && daterange($2::date, $3::date, '[]')
      order by r.bill_to_contact_id, r.service_id, r.date_begin`,
    [affiliateId, dateFrom, dateTo],
  );
  return rows.map((row) => rateOfRow(row, now));
}
