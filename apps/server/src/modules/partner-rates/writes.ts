import type { RateBreakdown, RateType } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { RateGroup } from './reprice-group.ts';

/** The amount fields of a rate and their columns. */
export const AMOUNT_COLUMNS = [
  ['cancelRate', 'cancel_rate'],
  ['basePickupRate', 'base_pickup_rate'],
  ['baseBucketMileageRate', 'base_bucket_mileage_rate'],
  ['baseFlatRate', 'base_flat_rate'],
  ['baseMileageCeilingRate', 'base_mileage_ceiling_rate'],
  ['baseMileageRate', 'base_mileage_rate'],
  ['timeCharge', 'time_charge'],
  ['baseMileageReimbursementRate', 'base_mileage_reimbursement_rate'],
  ['addWaitTime', 'add_wait_time'],
  ['addsOffHours', 'adds_off_hours'],
  ['addsPca', 'adds_pca'],
  ['addsPharmacyStop', 'adds_pharmacy_stop'],
] as const satisfies readonly (readonly [keyof RateBreakdown, string])[];

/** The group's rates in force on `from` or later, locked so two writers of one group take turns. */
export async function lockGroup(client: PoolClient, group: RateGroup, from: string) {
  const { rows } = await client.query<{ id: string; dateBegin: string; dateEnd: string | null }>(
    `select id, to_char(date_begin, 'YYYY-MM-DD') as "dateBegin", to_char(date_end, 'YYYY-MM-DD') as "dateEnd"
       from partner_rates
      where affiliate_id = $1 and bill_to_contact_id = $2 and service_id = $3 and (date_end is null or date_end >= $4::date)
      order by date_begin
        for update`,
    [group.affiliateId, group.billToContactId, group.serviceId, from],
  );
  return rows;
}

export interface RateRow extends RateGroup {
  rateType: RateType;
  amounts: RateBreakdown;
  dateBegin: string;
  dateEnd: string | null;
  createdBy: string | null;
}

/** Inserts a rate; answers its id. */
export async function insertRate(client: Pool | PoolClient, r: RateRow): Promise<string> {
  const cols = AMOUNT_COLUMNS.map(([, c]) => c);
  const values = AMOUNT_COLUMNS.map(([k]) => r.amounts[k]);
  const { rows } = await client.query<{ id: string }>(
    `insert into partner_rates (affiliate_id, bill_to_contact_id, service_id, rate_type, date_begin, date_end, created_by, ${cols.join(', ')})
     values ($1, $2, $3, $4, $5, $6, $7, ${cols.map((_, i) => `$${i + 8}`).join(', ')})
     returning id`,
    [r.affiliateId, r.billToContactId, r.serviceId, r.rateType, r.dateBegin, r.dateEnd, r.createdBy, ...values],
  );
  return rows[0].id;
}

/** Writes a rate's type and amounts (a same-day correction). */
export async function saveAmounts(client: PoolClient, id: string, rateType: RateType, amounts: RateBreakdown): Promise<void> {
  const sets = AMOUNT_COLUMNS.map(([, c], i) => `${c} = $${i + 3}`);
  await client.query(`update partner_rates set rate_type = $2, ${sets.join(', ')} where id = $1`, [
    id,
    rateType,
    ...AMOUNT_COLUMNS.map(([k]) => amounts[k]),
  ]);
}
