import type pg from 'pg';
import { reserveReferenceNumbers } from './bulk.ts';
import { addDays } from './calendar.ts';
import { DEMO_USER_IDS } from './people.ts';

/**
 * Portal trips: the demo passenger's and case manager's trips as the portal shows them. Both logins
 * see every group of their home on any day the demo is loaded: a ride today (this afternoon), one
 * upcoming, one completed and one cancelled (Advance Notice, no charge). The schedule's trips are
 * used where they already give a group; a missing one is a copy of the login's nearest trip on
 * the day it needs (the quietest day of its range), with its legs, so places, passengers and
 * partner stay believable. Ids follow from the copied records: the same day loads the same data.
 */
export async function addDemoPortalTrips(client: pg.PoolClient, today: string): Promise<void> {
  // the schedule gave its numbers explicitly: copies take the next free ones
  await reserveReferenceNumbers(client, 0);
  for (const scope of [passengerScope(DEMO_USER_IDS.passenger), caseManagerScope(DEMO_USER_IDS.casemanager)]) {
    await ensureGroups(client, scope, today);
  }
}

/** Which trips are a login's: a SQL condition on `da` with its one parameter. */
interface Scope {
  where: string;
  id: string;
}

const passengerScope = (id: string): Scope => ({
  where: 'exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id and tl.passenger_id = $1)',
  id,
});
const caseManagerScope = (id: string): Scope => ({
  where: 'da.bill_to_contact_id in (select b.bill_to_id from case_manager_bill_tos b where b.case_manager_id = $1)',
  id,
});

const CANCELLED = 'da.canceled';

async function has(client: pg.PoolClient, s: Scope, condition: string, params: unknown[]): Promise<boolean> {
  const { rows } = await client.query(`select 1 from drive_assignments da where ${s.where} and not da.deleted and ${condition} limit 1`, [s.id, ...params]);
  return rows.length > 0;
}

/** The login's trip nearest the day that is not cancelled (the one a copy is made from). */
async function nearest(client: pg.PoolClient, s: Scope, day: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `select da.id from drive_assignments da where ${s.where} and not da.deleted and not da.canceled
      order by abs(da.service_date - $2::date), da.reference_number limit 1`,
    [s.id, day],
  );
  return rows[0]?.id ?? null;
}

/** Of the days from `from` to `to`, the one with the fewest trips (the earliest of equals), so no day of the schedule grows past its size. */
async function quietestDay(client: pg.PoolClient, from: string, to: string): Promise<string> {
  const { rows } = await client.query<{ day: string }>(
    `select to_char(g.day, 'YYYY-MM-DD') as day
       from generate_series($1::date, $2::date, interval '1 day') as g(day)
      order by (select count(*) from drive_assignments da where da.service_date = g.day::date), g.day
      limit 1`,
    [from, to],
  );
  return rows[0].day;
}

async function ensureGroups(client: pg.PoolClient, s: Scope, today: string): Promise<void> {
  if (!(await has(client, s, `da.service_date = $2::date and not ${CANCELLED}`, [today]))) await copyTrip(client, s, today, 'today');
  if (!(await has(client, s, `da.service_date > $2::date and not ${CANCELLED}`, [today]))) {
    await copyTrip(client, s, await quietestDay(client, addDays(today, 1), addDays(today, 7)), 'upcoming');
  }
  if (!(await has(client, s, `da.service_date < $2::date and not ${CANCELLED}`, [today]))) {
    await copyTrip(client, s, await quietestDay(client, addDays(today, -14), addDays(today, -1)), 'completed');
  }
  if (!(await has(client, s, `da.service_date between $2::date and $3::date and ${CANCELLED}`, [addDays(today, -30), addDays(today, 60)]))) {
    await copyTrip(client, s, await quietestDay(client, addDays(today, 1), addDays(today, 7)), 'cancelled');
  }
}

/** A version 4 shaped uuid made from text: the same text, the same id. */
const stableId = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

type Kind = 'today' | 'upcoming' | 'completed' | 'cancelled';

/** Times of the copy's legs: today's ride leaves in the afternoon, its ride back two hours later. */
const LEG_TIMES = [
  { pickup: '14:30:00', depart: '14:34:00', dropoff: '15:10:00' },
  { pickup: '16:30:00', depart: '16:34:00', dropoff: '17:10:00' },
  { pickup: '18:00:00', depart: '18:04:00', dropoff: '18:40:00' },
];

/**
 * A copy of the login's nearest trip on `day`, its legs with it: waiting for its ride (today,
 * upcoming), done with every stop's times (completed), or cancelled by its passenger in advance.
 */
async function copyTrip(client: pg.PoolClient, s: Scope, day: string, kind: Kind): Promise<void> {
  const source = await nearest(client, s, day);
  if (!source) return;
  const cancelled = kind === 'cancelled';
  const trip = {
    service_date: day,
    mod_count: 0,
    canceled: cancelled,
    cancelled_with_charge: false,
    cancelled_without_charge: cancelled,
    cancelled_reason: cancelled ? 'Advance Notice' : null,
    partner_pay_status: kind === 'completed' ? 'Pending' : 'Open',
    accepted: kind !== 'cancelled',
    declined: false,
    dry_run: false,
    locked: false,
    standing_order_id: null,
    dupe_reference_key: null,
  };
  const { rows } = await client.query<{ id: string }>(
    `insert into drive_assignments
     select (jsonb_populate_record(null::drive_assignments,
               to_jsonb(da) || $2::jsonb || jsonb_build_object('id', ${stableId('da.id::text || $3')}, 'reference_number', nextval('reference_number_seq')::text))).*
       from drive_assignments da where da.id = $1
     returning id`,
    [source, JSON.stringify(trip), kind],
  );
  const copy = rows[0].id;
  const { rows: legs } = await client.query<{ id: string; n: number }>(
    `select id, row_number() over (order by leg_order, which_leg)::int - 1 as n from trip_legs where drive_assignment_id = $1`,
    [source],
  );
  for (const leg of legs) {
    const times = LEG_TIMES[Math.min(leg.n, LEG_TIMES.length - 1)];
    const done = kind === 'completed';
    const fields = {
      drive_assignment_id: copy,
      serv_date_beg: day,
      loc_first_time_ord: times.pickup,
      loc_second_time_ord: times.dropoff,
      loc_first_time_act: done ? times.pickup : null,
      loc_first_time_dep: done ? times.depart : null,
      loc_second_time_act: done ? times.dropoff : null,
      status: cancelled ? 'CanceledNoCharge' : done ? 'Rode' : 'Pending',
      cancel_nc: cancelled,
      cancel_wc: false,
      cancel_reason: cancelled ? 'Advance Notice' : null,
      canceled_at: null,
      canceled_by: null,
      mod_count: 0,
    };
    await client.query(
      `insert into trip_legs
       select (jsonb_populate_record(null::trip_legs, to_jsonb(tl) || $2::jsonb || jsonb_build_object('id', ${stableId('tl.id::text || $3')}))).*
         from trip_legs tl where tl.id = $1`,
      [leg.id, JSON.stringify(fields), kind],
    );
  }
}
