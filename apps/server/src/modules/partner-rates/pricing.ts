import { payDollars, payInputOf, toPennies, tripPay, type RateForPay, type TripLeg } from '@tripline/core';
import type { PoolClient } from 'pg';

import { AMOUNT_COLUMNS } from './writes.ts';

export { partnerRatesInForce } from './repository.ts';

/** A trip whose pay changed, as it was and as it is now (dollars; null = NoRate). */
export interface RepricedTrip {
  id: string;
  before: number | null;
  after: number | null;
}

interface PayRow {
  id: string;
  pca: boolean;
  dry_run: boolean;
  canceled: boolean;
  cancelled_with_charge: boolean;
  cancelled_without_charge: boolean;
  wait_time_minutes: number;
  paid_miles_override: string | null;
  extra_deadhead_miles: string;
  expenses: string;
  farmout_rate: string | null;
  farmout_rate_override: string | null;
  legs: TripLeg[];
  rate: (Omit<RateForPay, 'dateBegin' | 'dateEnd'> & { dateBegin: string; dateEnd: string | null }) | null;
}

// The pay inputs of each trip with a partner that is not Final, and the partner's rate in force
// for the trip's bill-to and service type on its service date, in one statement.
const PAY_INPUTS = `
  select da.id, da.pca, da.dry_run, da.canceled, da.cancelled_with_charge, da.cancelled_without_charge,
         da.wait_time_minutes, da.paid_miles_override, da.extra_deadhead_miles, da.farmout_rate, da.farmout_rate_override,
         (select coalesce(sum(pa.amount), 0) from partner_activities pa
           where pa.drive_assignment_id = da.id and pa.action = 'Expense' and pa.status = 'Approved') as expenses,
         coalesce((select json_agg(json_build_object(
                     'googleDrivingDistanceMeters', tl.google_driving_distance_meters, 'googleDrivingTime', tl.google_driving_time,
                     'locFirstTimeOrd', tl.loc_first_time_ord, 'locFirstTimeAct', tl.loc_first_time_act,
                     'locSecondAction', tl.loc_second_action, 'status', tl.status, 'cancelNc', tl.cancel_nc, 'cancelWc', tl.cancel_wc)
                     order by tl.leg_order, tl.which_leg)
                     from trip_legs tl where tl.drive_assignment_id = da.id), '[]') as legs,
         (select json_build_object(
                   'id', r.id, 'billToContactId', r.bill_to_contact_id, 'serviceId', r.service_id, 'rateType', r.rate_type,
                   'dateBegin', r.date_begin, 'dateEnd', r.date_end, ${AMOUNT_COLUMNS.map(([field, column]) => `'${field}', r.${column}`).join(', ')})
            from partner_rates r
           where r.affiliate_id = da.farmout_contact_id and r.bill_to_contact_id = da.bill_to_contact_id
             and r.service_id = coalesce(da.service_number, da.service_type_requested) and daterange(r.date_begin, r.date_end, '[]') @> da.service_date
           limit 1) as rate
    from drive_assignments da
   where da.id = any($1::uuid[]) and da.farmout_contact_id is not null and da.partner_pay_status <> 'Final'`;

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * Prices the given trips again from their pay inputs and the rate in force, inside the
 * caller's transaction: farmout_rate_default and the breakdown (the TripPay JSON), and
 * farmout_rate = the override if any, else the default. Trips without a partner have no pay and
 * Final trips are frozen: both are left alone. One read and at most one write, whatever the
 * number of trips; rows whose pay did not change are not written. Answers the trips whose pay changed.
 */
export async function repriceTrips(
  client: PoolClient,
  tripIds: readonly string[],
  _now: Date,
  opts: { includeFinal?: boolean } = {},
): Promise<RepricedTrip[]> {
  if (tripIds.length === 0) return [];
  // only the demo's history prices trips already Final (by the rates of their day)
  const sql = opts.includeFinal ? PAY_INPUTS.replace(" and da.partner_pay_status <> 'Final'", '') : PAY_INPUTS;
  const { rows } = await client.query<PayRow>(sql, [tripIds]);
  if (rows.length === 0) return [];
  const priced = rows.map((row) => {
    const input = payInputOf(
      {
        pca: row.pca,
        dryRun: row.dry_run,
        canceled: row.canceled,
        cancelledWithCharge: row.cancelled_with_charge,
        cancelledWithoutCharge: row.cancelled_without_charge,
        tripLegs: row.legs,
      },
      {
        waitMinutes: row.wait_time_minutes,
        expensesPennies: toPennies(Number(row.expenses)),
        paidMilesOverride: num(row.paid_miles_override),
        extraDeadheadMiles: Number(row.extra_deadhead_miles),
      },
    );
    const pay = tripPay(input, row.rate);
    const def = payDollars(pay);
    const override = num(row.farmout_rate_override);
    return { id: row.id, pay, def, before: num(row.farmout_rate), after: override ?? def };
  });
  const { rows: changed } = await client.query<{ id: string }>(
    `update drive_assignments da
        set farmout_rate_default = v.def, farmout_rate_breakdown = v.pay, farmout_rate = coalesce(da.farmout_rate_override, v.def)
       from unnest($1::uuid[], $2::numeric[], $3::jsonb[]) as v(id, def, pay)
      where da.id = v.id
        and (da.farmout_rate_default is distinct from v.def or da.farmout_rate_breakdown is distinct from v.pay
             or da.farmout_rate is distinct from coalesce(da.farmout_rate_override, v.def))
      returning da.id`,
    [priced.map((p) => p.id), priced.map((p) => p.def), priced.map((p) => JSON.stringify(p.pay))],
  );
  const ids = new Set(changed.map((r) => r.id));
  return priced.filter((p) => ids.has(p.id) && p.before !== p.after).map(({ id, before, after }) => ({ id, before, after }));
}
