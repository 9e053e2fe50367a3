// Gives a partner exactly N trips on a day, for the benchmarks and the browser journeys that need
// a full day (one seeding helper for both). A day with fewer trips gets copies of one of the
// partner's trips at spread-out pickup times (one leg each, priorities 1–4); a day with more hands
// the trips beyond N (by id) to another partner of the operator. `db` is a connected pg client.

/** Makes the partner's trips on `day` number `trips`; answers the day's trips and legs afterwards. */
export async function fillPartnerDay(db, { partnerId, day, trips }) {
  await db.query('begin');
  try {
    const { rows: [{ n }] } = await db.query(
      'select count(*)::int as n from drive_assignments where farmout_contact_id = $1 and service_date = $2',
      [partnerId, day],
    );
    if (n > trips) await handOver(db, partnerId, day, trips);
    else if (n < trips) await copyTrips(db, partnerId, day, trips - n);
    await db.query('commit');
  } catch (e) {
    await db.query('rollback');
    throw e;
  }
  // As autovacuum would soon after such a load: statistics for the planner.
  await db.query('analyze drive_assignments, trip_legs');
  const { rows: [shown] } = await db.query(
    `select count(distinct da.id)::int as trips, count(tl.id)::int as legs
       from drive_assignments da left join trip_legs tl on tl.drive_assignment_id = da.id
      where da.farmout_contact_id = $1 and da.service_date = $2`,
    [partnerId, day],
  );
  if (shown.trips !== trips) throw new Error(`the partner's day ${day} holds ${shown.trips} trips, not ${trips}`);
  return shown;
}

async function handOver(db, partnerId, day, keep) {
  const { rows: [other] } = await db.query(
    `select id, contact_number from contacts where types @> '{Affiliate}' and parent_id is null and not deleted and id <> $1
      order by contact_number limit 1`,
    [partnerId],
  );
  await db.query(
    `update drive_assignments set farmout_contact_id = $3, farmout_contact_number = $4 where id in (
       select id from drive_assignments where farmout_contact_id = $1 and service_date = $2 order by id offset $5)`,
    [partnerId, day, other.id, other.contact_number, keep],
  );
}

async function copyTrips(db, partnerId, day, count) {
  // any of the partner's trips with a leg serves as the model, moved to the day
  const { rows: [src] } = await db.query(
    `select da.id from drive_assignments da where farmout_contact_id = $1 and not declined
        and exists (select 1 from trip_legs l where l.drive_assignment_id = da.id)
      order by (service_date = $2) desc, id limit 1`,
    [partnerId, day],
  );
  if (!src) throw new Error('the partner has no trip to copy');
  const { rows: made } = await db.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id, farmout_contact_number, division_id,
                                    bill_to_contact_id, county, schedule_priority)
     select $3::date, service_type_requested, farmout_contact_id, farmout_contact_number, division_id, bill_to_contact_id, county, 1 + (g % 4)
       from drive_assignments, generate_series(1, $2::int) g where id = $1
     returning id`,
    [src.id, count, day],
  );
  await db.query(
    `insert into trip_legs (drive_assignment_id, which_leg, passenger_id, loc_first_time_ord, loc_second_time_ord, location_first_id,
                            location_second_id, google_driving_distance_meters, division_id, serv_date_beg, member_id, status)
     select n.id, 'A', l.passenger_id, time '06:00' + (n.ord % 600) * interval '1 minute', time '06:40' + (n.ord % 600) * interval '1 minute',
            l.location_first_id, l.location_second_id, l.google_driving_distance_meters, l.division_id, $3::date, l.member_id, 'Pending'
       from unnest($1::uuid[]) with ordinality as n(id, ord)
       cross join lateral (select * from trip_legs where drive_assignment_id = $2 order by leg_order limit 1) l`,
    [made.map((r) => r.id), src.id, day],
  );
}
