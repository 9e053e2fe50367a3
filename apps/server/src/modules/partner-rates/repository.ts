import { operatorToday, rateStatus, type PartnerRate } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { AMOUNT_COLUMNS } from './writes.ts';

/** The columns of a partner rate as the API names them, with the partner's and bill-to's names. */
export const RATE_SELECT = `
  select r.id, r.affiliate_id as "affiliateId", r.bill_to_contact_id as "billToContactId", r.service_id as "serviceId",
         r.rate_type as "rateType", ${AMOUNT_COLUMNS.map(([field, column]) => `r.${column} as "${field}"`).join(', ')},
         to_char(r.date_begin, 'YYYY-MM-DD') as "dateBegin", to_char(r.date_end, 'YYYY-MM-DD') as "dateEnd", r.created,
         r.mod_count as "modCount", b.name as "billToName", p.name as "providerName"
    from partner_rates r
    join contacts b on b.id = r.bill_to_contact_id
    join contacts p on p.id = r.affiliate_id`;

/** A row of RATE_SELECT as the API answers it; its status is judged on the operator's today. */
export function rateOfRow(row: Record<string, unknown>, now: Date): PartnerRate {
  const rate = { ...row } as Record<string, unknown>;
  for (const [k] of AMOUNT_COLUMNS) rate[k] = row[k] === null ? null : Number(row[k]);
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
