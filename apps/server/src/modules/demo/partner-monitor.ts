import { estimateDrive, milesOfMeters, MILEAGE_ADJUST, RATE_ADJUST } from '@tripline/core';
import type pg from 'pg';

/** A past trip of a demo partner that a request can be about. */
interface OpenTrip {
  id: string;
  partner_id: string;
  user_id: string;
  loaded_meters: number;
  farmout_rate: string | null;
  base_lat: number | null;
  base_lng: number | null;
  pickup_lat: number | null;
  pickup_lng: number | null;
}

// Accepted trips of the two partner logins that took place in the last two weeks, with stats, pay
// not yet Final and no request waiting; newest first, by reference number for a stable pick.
const OPEN_TRIPS = `
  select da.id, da.farmout_contact_id as partner_id, u.id as user_id, da.farmout_rate,
         coalesce((select sum(tl.google_driving_distance_meters) from trip_legs tl
                    where tl.drive_assignment_id = da.id and not tl.cancel_nc and not tl.cancel_wc
                      and tl.status not in ('Canceled', 'CanceledNoCharge')), 0)::float as loaded_meters,
         p.base_lat, p.base_lng, a.lat as pickup_lat, a.lng as pickup_lng
    from drive_assignments da
    join contacts u on u.parent_id = da.farmout_contact_id and u.username = $1
    join contacts p on p.id = da.farmout_contact_id
    left join lateral (select tl.location_first_id from trip_legs tl where tl.drive_assignment_id = da.id
                        order by tl.leg_order, tl.which_leg limit 1) first on true
    left join addresses a on a.id = first.location_first_id
   where da.accepted and not da.canceled and not da.dry_run and not da.locked and not da.declined
     and da.partner_pay_status <> 'Final' and da.service_date < $2::date and da.service_date >= $2::date - 14
     and not exists (select 1 from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending')
   order by da.service_date desc, da.reference_number
   limit 6`;

const tenth = (n: number) => Math.round(n * 10) / 10;

/** The deadhead miles of the demo: the straight-line estimate the offline router gives, base to first pickup. */
function deadheadOf(t: OpenTrip): number | null {
  if (t.base_lat === null || t.base_lng === null || t.pickup_lat === null || t.pickup_lng === null) return null;
  return milesOfMeters(estimateDrive({ lat: t.base_lat, lng: t.base_lng }, { lat: t.pickup_lat, lng: t.pickup_lng }).meters);
}

interface Request {
  action: string;
  number?: number | null;
  amount?: number | null;
  reason?: string | null;
  previousValue?: number | null;
  deadhead?: boolean | null;
  notes: string;
  extra?: object | null;
  time1?: string | null;
  time2?: string | null;
}

/** Each request is made the evening after its trip, `minutesAfter` 17:00 (never later than now). */
async function addRequest(client: pg.PoolClient, trip: OpenTrip, r: Request, minutesAfter: number): Promise<void> {
  await client.query(
    `insert into partner_activities (drive_assignment_id, partner_id, action, status, number, amount, reason, previous_value, deadhead,
                                     notes, extra, time1, time2, created_by, created_at)
     values ($1, $2, $3, 'Pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             least(now(), ((select service_date from drive_assignments where id = $1) + time '17:00')::timestamp at time zone 'America/Denver'
                          + make_interval(mins => $14)))`,
    [
      trip.id, trip.partner_id, r.action, r.number ?? null, r.amount ?? null, r.reason ?? null, r.previousValue ?? null, r.deadhead ?? null,
      r.notes, r.extra ? JSON.stringify(r.extra) : null, r.time1 ?? null, r.time2 ?? null, trip.user_id, minutesAfter,
    ],
  );
  // a request waiting for review holds the trip's pay at Open
  await client.query(`update drive_assignments set partner_pay_status = 'Open' where id = $1`, [trip.id]);
}

/** A demo pharmacy (a stored place), as a pharmacy stop names it. */
async function aPharmacy(client: pg.PoolClient) {
  const { rows } = await client.query<{ id: string; name: string; address: string; lat: number | null; lng: number | null }>(
    `select a.id, p.name, concat_ws(', ', a.street, a.city, a.state) as address, a.lat, a.lng
       from places p join addresses a on a.id = p.address_id
      where p.type = 'pharmacy' order by p.name limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * Partner monitor: pending pay adjustment requests of each kind for staff to review, from both
 * partner logins: wait time, an expense, a rate request, loaded and deadhead mileage,
 * a pharmacy stop and a cancellation made without charge that waits for review.
 */
export async function addDemoPartnerMonitor(client: pg.PoolClient, today: string): Promise<void> {
  const mine = (await client.query<OpenTrip>(OPEN_TRIPS, ['partner', today])).rows;
  const theirs = (await client.query<OpenTrip>(OPEN_TRIPS, ['partner2', today])).rows;
  const [waitTrip, expenseTrip, rateTrip, loadedTrip, deadheadTrip] = mine;
  const [pharmacyTrip, otherRateTrip, otherLoadedTrip] = theirs;

  if (waitTrip) await addRequest(client, waitTrip, { action: 'WaitTime', number: 45, notes: 'Dialysis ran 45 minutes over; the driver waited.' }, 70);
  if (expenseTrip) await addRequest(client, expenseTrip, { action: 'Expense', amount: 14, reason: 'Parking Fees', notes: 'Hospital garage, no free parking.' }, 60);
  if (rateTrip) {
    const rate = rateTrip.farmout_rate === null ? null : Number(rateTrip.farmout_rate);
    await addRequest(client, rateTrip, { action: RATE_ADJUST, amount: tenth((rate ?? 40) + 15), previousValue: rate, notes: 'Two-person assist up three flights of stairs.' }, 50);
  }
  if (otherRateTrip) {
    const rate = otherRateTrip.farmout_rate === null ? null : Number(otherRateTrip.farmout_rate);
    await addRequest(client, otherRateTrip, { action: RATE_ADJUST, amount: tenth((rate ?? 40) + 8), previousValue: rate, notes: 'Bariatric wheelchair needed.' }, 45);
  }
  for (const [trip, extra, minutes, notes] of [
    [loadedTrip, 6.5, 40, 'I-25 closed at Montaño; detour by the frontage road.'],
    [otherLoadedTrip, -2, 35, 'The clinic moved next door; shorter than booked.'],
  ] as const) {
    if (!trip) continue;
    const loaded = tenth(milesOfMeters(trip.loaded_meters));
    await addRequest(client, trip, { action: MILEAGE_ADJUST, number: extra, previousValue: loaded, deadhead: false, notes }, minutes);
  }
  const deadhead = deadheadTrip ? deadheadOf(deadheadTrip) : null;
  if (deadheadTrip && deadhead !== null) {
    await addRequest(
      client,
      deadheadTrip,
      { action: MILEAGE_ADJUST, number: tenth(deadhead + 9), previousValue: deadhead, deadhead: true, notes: 'Picked up from the Rio Rancho yard, not the base.' },
      30,
    );
  }
  const pharmacy = await aPharmacy(client);
  if (pharmacyTrip && pharmacy) {
    await addRequest(
      client,
      pharmacyTrip,
      {
        action: 'PharmacyStop',
        notes: 'Prescription ready after the appointment.',
        time1: '13:10',
        time2: '13:25',
        extra: { location: { addressId: pharmacy.id, name: pharmacy.name, address: pharmacy.address, lat: pharmacy.lat, lng: pharmacy.lng }, createWait: false },
      },
      20,
    );
  }
  await addCancellationReview(client, today);
}

/** A future trip of the partner login cancelled without charge from the portal, waiting for staff. */
async function addCancellationReview(client: pg.PoolClient, today: string): Promise<void> {
  const { rows } = await client.query<{ id: string; partner_id: string; user_id: string }>(
    `select da.id, da.farmout_contact_id as partner_id, u.id as user_id
       from drive_assignments da join contacts u on u.parent_id = da.farmout_contact_id and u.username = 'partner'
      where da.accepted and not da.canceled and da.partner_pay_status = 'Open' and da.service_date between $1::date + 2 and $1::date + 5
        and da.marketplace_until is null
      order by da.service_date, da.reference_number limit 1`,
    [today],
  );
  const trip = rows[0];
  if (!trip) return;
  await client.query(
    `update trip_legs set status = 'CanceledNoCharge', cancel_nc = true, cancel_reason = 'Advance Notice', canceled_at = now()
      where drive_assignment_id = $1`,
    [trip.id],
  );
  await client.query(
    `update drive_assignments set canceled = true, cancelled_without_charge = true, cancelled_reason = 'Advance Notice' where id = $1`,
    [trip.id],
  );
  await client.query(
    `insert into partner_activities (drive_assignment_id, partner_id, action, status, reason, notes, created_by, created_at)
     values ($1, $2, 'Cancellation review', 'Pending', 'Advance Notice', 'Legs A, B cancelled from the portal',
             $3, least(now(), ($4::date + time '07:30')::timestamp at time zone 'America/Denver'))`,
    [trip.id, trip.partner_id, trip.user_id, today],
  );
}
