import { createHash } from 'node:crypto';
import type { ApprovedPayExtras, LegRecord, MarketplaceRecord, PayTrip } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { TRIP_STAMP } from '../trips/repository.ts';

type Db = Pool | PoolClient;

/** The rows a marketplace reading returns: the record plus what pricing needs of the trip. */
export interface OfferedTrip {
  /** The trip's version (its stamps and the view epoch, migrations 0002, 0013): what a kept copy is checked by. */
  stamp: string;
  record: MarketplaceRecord;
  /** The service type code a rate is found by (serviceNumber). */
  serviceNumber: string | null;
  payTrip: PayTrip;
  payExtras: ApprovedPayExtras;
}

/** A trip is offered (spec 2 §4) as far as the partial index drive_assignments_offered knows. */
export const OFFERED_SQL = `da.marketplace_until is not null and not da.accepted and not da.canceled and not da.locked`;

const place = (a: string, c: string) => `json_build_object('street', ${a}.street, 'address', coalesce(${a}.complete_address, concat_ws(', ', ${a}.street, ${a}.city, ${a}.state || ' ' || ${a}.zip)),
  'city', ${a}.city, 'zip', left(${a}.zip, 5), 'county', ${c}.name, 'lat', ${a}.lat, 'lng', ${a}.lng, 'facilityName', ${a}.name)`;

const TIME = (col: string) => `to_char(${col}, 'HH24:MI:SS')`;

/**
 * The legs of trip `da` with what the marketplace and its pricing read of them. The passenger's
 * name, phone and member id are read for staff only (`withPassenger`); a partner's reading never
 * holds them.
 */
const legsOf = (withPassenger: boolean) => `
  select json_agg(json_build_object(
           'id', tl.id, 'whichLeg', tl.which_leg, 'pickupTime', ${TIME('tl.loc_first_time_ord')}, 'appointmentTime', ${TIME('tl.appt_time')},
           'pickup', ${place('a1', 'c1')}, 'dropOff', ${place('a2', 'c2')},
           'meters', tl.google_driving_distance_meters, 'seconds', tl.google_driving_time, 'status', tl.status,
           'actualPickup', ${TIME('tl.loc_first_time_act')}, 'secondAction', tl.loc_second_action, 'cancelNc', tl.cancel_nc, 'cancelWc', tl.cancel_wc,
           'passengerId', tl.passenger_id,
           'passenger', ${withPassenger ? `case when p.id is null then null else json_build_object('name', p.name, 'memberId', tl.member_id,
              'phone', (select ph.phone_number_with_area_code from contact_phones ph where ph.contact_id = p.id order by ph.main desc, ph.id limit 1)) end` : 'null'}
         ) order by tl.leg_order, tl.which_leg) as list
    from trip_legs tl
    left join addresses a1 on a1.id = tl.location_first_id
    left join counties c1 on c1.fips = a1.county_fips
    left join addresses a2 on a2.id = tl.location_second_id
    left join counties c2 on c2.fips = a2.county_fips
    ${withPassenger ? 'left join contacts p on p.id = tl.passenger_id' : ''}
   where tl.drive_assignment_id = da.id`;

interface Row {
  id: string;
  reference_number: string;
  mod_count: number;
  service_date: string;
  service_type_requested: string;
  service_number: string | null;
  accepted: boolean;
  canceled: boolean;
  locked: boolean;
  marketplace_until: Date | null;
  will_call: boolean;
  first_pickup: string | null;
  pickup_at: number;
  farmout_contact_id: string | null;
  farmout_name: string | null;
  bill_to_contact_id: string | null;
  time_zone: string;
  pca: boolean;
  dry_run: boolean;
  cancelled_with_charge: boolean;
  cancelled_without_charge: boolean;
  wait_time_minutes: number;
  paid_miles_override: number | null;
  extra_deadhead_miles: number;
  declined_by: string[];
  stamp: string;
  salt: string;
  legs: LegJson[] | null;
}

/** A leg as the reading builds it: core's LegRecord, with meters and seconds for miles and minutes, and what pay reads. */
interface LegJson extends Omit<LegRecord, 'miles' | 'driveMinutes'> {
  meters: number | null;
  seconds: number | null;
  actualPickup: string | null;
  secondAction: string;
  cancelNc: boolean;
  cancelWc: boolean;
  passengerId: string | null;
  passenger: { name: string; memberId: string | null; phone: string | null } | null;
}

const METERS_PER_MILE = 1609.344;

/**
 * Reads trips for the marketplace: `where` is a condition on `da` with its parameters. Each trip
 * comes as a record (core MarketplaceRecord) and its pay inputs. The passenger key is md5 of the
 * database's secret, the passenger and the date, cut to 16 characters: the same for one
 * passenger's trips of one day, and unlinkable across days or to the passenger.
 */
export async function readOffered(db: Db, where: string, params: unknown[], opts: { withPassenger: boolean }): Promise<OfferedTrip[]> {
  const { rows } = await db.query<Row>(
    `select da.id, da.reference_number, da.mod_count, da.service_date::text as service_date, da.service_type_requested, da.service_number,
            da.accepted, da.canceled, da.locked, da.marketplace_until, da.will_call, ${TIME('da.first_pickup')} as first_pickup,
            (extract(epoch from (da.service_date + coalesce(da.first_pickup, time '00:00')) at time zone coalesce(dv.time_zone, 'America/Denver')) * 1000)::float8 as pickup_at,
            da.farmout_contact_id, fo.name as farmout_name, da.bill_to_contact_id, coalesce(dv.time_zone, 'America/Denver') as time_zone,
            da.pca, da.dry_run, da.cancelled_with_charge, da.cancelled_without_charge, da.wait_time_minutes,
            da.paid_miles_override::float8 as paid_miles_override, da.extra_deadhead_miles::float8 as extra_deadhead_miles,
            coalesce((select array_agg(distinct td.partner_id::text) from trip_declines td
                       where td.drive_assignment_id = da.id and td.partner_id is not null), '{}') as declined_by,
            ${TRIP_STAMP} || '.' || e.epoch as stamp, ms.passenger_key_salt as salt, legs.list as legs
       from drive_assignments da
       cross join marketplace_secret ms
       cross join trip_view_epoch e
       left join contacts fo on fo.id = da.farmout_contact_id
       left join divisions dv on dv.id = da.division_id
       cross join lateral (${legsOf(opts.withPassenger)}) legs
      where ${where}
      order by da.service_date, da.first_pickup nulls last, da.reference_number`,
    params,
  );
  return rows.map(toOffered);
}

function toOffered(r: Row): OfferedTrip {
  const legs = r.legs ?? [];
  const withPassenger = legs.find((l) => l.passengerId !== null);
  const until = r.marketplace_until;
  const record: MarketplaceRecord = {
    id: r.id,
    referenceNumber: r.reference_number,
    modCount: r.mod_count,
    serviceDate: r.service_date,
    serviceTypeRequested: r.service_type_requested,
    accepted: r.accepted,
    canceled: r.canceled,
    locked: r.locked,
    marketplaceUntil: until ? until.toISOString() : null,
    pickupAt: r.pickup_at,
    farmoutContactId: r.farmout_contact_id,
    farmoutName: r.farmout_name,
    declinedBy: r.declined_by,
    timeZone: r.time_zone,
    willCall: r.will_call,
    pickupTime: r.first_pickup,
    appointmentTime: legs.find((l) => l.appointmentTime !== null)?.appointmentTime ?? null,
    billToContactId: r.bill_to_contact_id,
    passenger:
      withPassenger?.passenger && withPassenger.passengerId
        ? { id: withPassenger.passengerId, name: withPassenger.passenger.name, phone: withPassenger.passenger.phone, memberId: withPassenger.passenger.memberId }
        : null,
    passengerKey: withPassenger ? passengerKey(r.salt, withPassenger.passengerId!, r.service_date) : null,
    legs: legs.map((l) => ({
      id: l.id,
      whichLeg: l.whichLeg,
      pickupTime: l.pickupTime,
      appointmentTime: l.appointmentTime,
      pickup: l.pickup,
      dropOff: l.dropOff,
      miles: l.meters === null ? null : Math.round((l.meters / METERS_PER_MILE) * 10) / 10,
      driveMinutes: l.seconds === null ? null : Math.round(l.seconds / 60),
      status: l.status,
    })),
  };
  const payTrip: PayTrip = {
    pca: r.pca,
    dryRun: r.dry_run,
    canceled: r.canceled,
    cancelledWithCharge: r.cancelled_with_charge,
    cancelledWithoutCharge: r.cancelled_without_charge,
    tripLegs: legs.map((l) => ({
      googleDrivingDistanceMeters: l.meters,
      googleDrivingTime: l.seconds,
      locFirstTimeOrd: l.pickupTime,
      locFirstTimeAct: l.actualPickup,
      locSecondAction: l.secondAction,
      status: l.status,
      cancelNc: l.cancelNc,
      cancelWc: l.cancelWc,
    })),
  };
  const payExtras: ApprovedPayExtras = {
    waitMinutes: r.wait_time_minutes,
    // an offered trip has no partner of its own yet to have had expenses approved
    expensesPennies: 0,
    paidMilesOverride: r.paid_miles_override,
    extraDeadheadMiles: r.extra_deadhead_miles,
  };
  return { stamp: r.stamp, record, serviceNumber: r.service_number, payTrip, payExtras };
}

/** The opaque per-day passenger key (see readOffered). */
export function passengerKey(salt: string, passengerId: string, serviceDate: string): string {
  return createHash('sha256').update(`${salt}|${passengerId}|${serviceDate}`).digest('base64url').slice(0, 16);
}

/** Staff only: the passenger of each trip (its first leg with one): name, main phone and member id, by trip id. */
export async function passengersOf(db: Db, tripIds: readonly string[]): Promise<Map<string, MarketplaceRecord['passenger']>> {
  const { rows } = await db.query<{ trip_id: string; id: string; name: string; member_id: string | null; phone: string | null }>(
    `select distinct on (tl.drive_assignment_id) tl.drive_assignment_id as trip_id, p.id, p.name, tl.member_id,
            (select ph.phone_number_with_area_code from contact_phones ph where ph.contact_id = p.id order by ph.main desc, ph.id limit 1) as phone
       from trip_legs tl join contacts p on p.id = tl.passenger_id
      where tl.drive_assignment_id = any($1::uuid[])
      order by tl.drive_assignment_id, tl.leg_order, tl.which_leg`,
    [tripIds],
  );
  return new Map(rows.map((r) => [r.trip_id, { id: r.id, name: r.name, phone: r.phone, memberId: r.member_id }]));
}
