import type pg from 'pg';
import { addDays } from './calendar.ts';
import { DEMO_USER_IDS } from './people.ts';

/** Trips the marketplace can offer: open, carried in a vehicle, on the next 6 days. */
const OFFERABLE = `not da.accepted and not da.declined and not da.canceled and not da.locked
  and da.service_type_requested in ('01', '03', '05') and da.service_date between $1::date and $2::date`;


/** Takes trips from their partner and offers them to every partner at once. */
async function openToAll(client: pg.PoolClient, today: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `update drive_assignments da
        set farmout_contact_id = null, farmout_contact_number = null, driver_id = null, driver_emp_number_assigned = null, vehicle_id = null,
            farmout_rate = null, farmout_rate_default = null, farmout_rate_override = null, farmout_rate_breakdown = null,
            -- open since the start of today in the trip's zone: already past, so open to every partner
            marketplace_until = ($1::date)::timestamp at time zone coalesce(dv.time_zone, 'America/Denver')
       from divisions dv
      where dv.id = da.division_id and da.id = any($2::uuid[])`,
    [today, ids],
  );
}

/**
 * Marketplace: the trip generator already offers a share of unaccepted trips to their
 * own partner first; their windows are kept between 3 days and 16 hours before pickup. Then about
 * one in eight of the other unaccepted trips on the next 6 days is taken from its partner and
 * offered to every partner at once, preferring trips whose bill-to the `partner` login has rates
 * for (so it sees prices), never trips of the two partner logins (their Home keeps its trips). A
 * passenger with two open trips on one day (a linked pair) and an open trip outside both logins'
 * ZIP coverage (Out-Of-Area) are made sure of.
 */
export async function addDemoMarketplace(client: pg.PoolClient, today: string): Promise<void> {
  const range = [addDays(today, 1), addDays(today, 6)];
  // windows from pickup − 3 days to pickup − 16 h (2 §9)
  await client.query(
    `update drive_assignments da
        set marketplace_until = least(greatest(da.marketplace_until, p.at - interval '3 days'), p.at - interval '16 hours')
       from (select d.id, (d.service_date + coalesce(d.first_pickup, time '00:00')) at time zone coalesce(dv.time_zone, 'America/Denver') as at
               from drive_assignments d left join divisions dv on dv.id = d.division_id) p
      where p.id = da.id and da.marketplace_until is not null and not da.accepted`,
  );

  const logins = (
    await client.query<{ parent_id: string }>('select parent_id from contacts where id = any($1::uuid[]) order by id', [[DEMO_USER_IDS.partner, DEMO_USER_IDS.partner2]])
  ).rows.map((r) => r.parent_id);
  const candidates = `select da.id from drive_assignments da
     where ${OFFERABLE} and da.marketplace_until is null
       and (da.farmout_contact_id is null or not da.farmout_contact_id = any($3::uuid[]))`;

  const { rows: share } = await client.query<{ id: string }>(
    `select c.id from (${candidates}) c join drive_assignments da on da.id = c.id
      order by exists (select 1 from partner_rates r where r.affiliate_id = ($3::uuid[])[1] and r.bill_to_contact_id = da.bill_to_contact_id) desc,
               da.reference_number
      limit (select count(*) / 8 from (${candidates}) n)`,
    [...range, logins],
  );
  await openToAll(client, today, share.map((r) => r.id));

  // a linked pair: one passenger's two trips of a day, both open
  const { rows: pair } = await client.query<{ ids: string[] }>(
    `select array_agg(x.id order by x.reference_number) as ids
       from (select distinct on (da.id) da.id, da.reference_number, da.service_date, tl.passenger_id
               from drive_assignments da join trip_legs tl on tl.drive_assignment_id = da.id
              where ${OFFERABLE} and tl.passenger_id is not null
                and (da.marketplace_until is null or da.farmout_contact_id is null)
                and (da.farmout_contact_id is null or not da.farmout_contact_id = any($3::uuid[]))) x
      group by x.passenger_id, x.service_date
     having count(*) >= 2
      order by min(x.reference_number)
      limit 1`,
    [...range, logins],
  );
  if (pair[0]) await openToAll(client, today, pair[0].ids.slice(0, 2));

  // an open trip whose pickup ZIP neither partner login serves (Out-Of-Area)
  const { rows: outside } = await client.query<{ id: string }>(
    `select da.id from (${candidates}) c join drive_assignments da on da.id = c.id
       join lateral (select left(a.zip, 5) as zip from trip_legs tl join addresses a on a.id = tl.location_first_id
                      where tl.drive_assignment_id = da.id order by tl.leg_order limit 1) pu on true
      where not exists (select 1 from partner_zip_coverage z where z.zip = pu.zip and z.partner_id = any($3::uuid[]))
      order by da.reference_number
      limit 1`,
    [...range, logins],
  );
  if (outside[0]) await openToAll(client, today, [outside[0].id]);
}
