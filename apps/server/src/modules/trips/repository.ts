import type { DriveAssignment } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { tripScope } from '../../platform/scope.ts';

type Db = Pool | PoolClient;

export interface TripFilter {
  /** Service (pickup) date, YYYY-MM-DD. */
  serviceDate?: string;
  /** Division code, e.g. NM01. */
  division?: string;
  /** The partner the trips are farmed out to. */
  affiliateId?: string;
  ids?: readonly string[];
  referenceNumber?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value can be a record id: anything else matches no row (and must not reach a uuid cast). */
export const isUuid = (v: string) => UUID.test(v);

const hms = (col: string) => `to_char(${col}, 'HH24:MI:SS')`;
/**
 * A leg's address by id, looked up per leg: joined instead, PostgreSQL hashes the whole (small)
 * addresses table again for every trip of a day. A leg without one gets the empty shape.
 */
const address = (id: string) =>
  `coalesce((select json_build_object('Id', a.id, 'Address', coalesce(a.complete_address, concat_ws(', ', a.street, a.city, a.state || ' ' || a.zip)), 'Lat', a.lat, 'Lng', a.lng)
     from addresses a where a.id = ${id}), json_build_object('Id', null, 'Address', '', 'Lat', null, 'Lng', null))`;

/** A trip's first real ordered pickup (over its legs `tl`), by which a day is sorted. */
export const FIRST_PICKUP = `min(tl.loc_first_time_ord) filter (where tl.loc_first_time_ord <> '23:59:00')`;

/**
 * A trip's legs in the TripLeg shape (spec 1 §3), built by PostgreSQL for the trip `da` of the
 * outer query, with the first real ordered pickup for sorting the day.
 */
const LEGS = `
  select coalesce(json_agg(to_json(leg) order by tl.leg_order, tl.which_leg), '[]') as list,
         ${FIRST_PICKUP} as first_pickup,
         coalesce(array_agg(tl.passenger_id::text) filter (where tl.passenger_id is not null), '{}') as passenger_ids
    from trip_legs tl
    left join contacts p on p.id = tl.passenger_id
    left join divisions dvl on dvl.id = tl.division_id
    left join plans mp on mp.id = tl.member_plan_id
    cross join lateral (select
      tl.id as "id", tl.which_leg as "whichLeg", tl.passenger_id as "passengerId",
      case when p.id is null then null else json_build_object('id', p.id, 'name', p.name, 'phones',
        coalesce((select json_agg(json_build_object('phoneNumberWithAreaCode', ph.phone_number_with_area_code,
                   'smsEnabled', ph.sms_enabled, 'main', ph.main, 'type', ph.type) order by ph.main desc, ph.id)
                  from contact_phones ph where ph.contact_id = p.id), '[]')) end as "passenger",
      tl.loc_first_action as "locFirstAction", tl.loc_second_action as "locSecondAction",
      ${hms('tl.loc_first_time_ord')} as "locFirstTimeOrd", ${hms('tl.loc_second_time_ord')} as "locSecondTimeOrd",
      ${hms('tl.loc_first_time_act')} as "locFirstTimeAct", ${hms('tl.loc_first_time_dep')} as "locFirstTimeDep",
      ${hms('tl.loc_second_time_act')} as "locSecondTimeAct",
      (extract(epoch from (da.service_date + tl.loc_first_time_ord) at time zone coalesce(dv.time_zone, 'America/Denver')) * 1000)::bigint
        as "locFirstTimeOrdMillis",
      ${hms('tl.call_in_time')} as "callInTime", tl.appt_type as "apptType", ${hms('tl.appt_time')} as "apptTime",
      tl.appt_to_see as "apptToSee", tl.web_fields as "webFields",
      ${address('tl.location_first_id')} as "locationFirst", ${address('tl.location_second_id')} as "locationSecond",
      tl.service_code as "serviceCode", tl.google_driving_distance_meters as "googleDrivingDistanceMeters",
      tl.google_driving_time as "googleDrivingTime", tl.google_driving_time_no_traffic as "googleDrivingTimeNoTraffic",
      tl.lob as "lob", dvl.code as "division", tl.member_id as "memberId", mp.code as "memberPlanId",
      tl.ambulatory_status as "ambulatoryStatus", tl.infectious_disease_flag as "infectiousDiseaseFlag",
      tl.do_not_change_vehicle as "doNotChangeVehicle", tl.pass_name as "passName", tl.pass_notes as "passNotes",
      tl.serv_date_beg as "servDateBeg", tl.tl_class as "tlClass", tl.status as "status", tl.cancel_nc as "cancelNc",
      tl.cancel_wc as "cancelWc", tl.bill_to_contact_id as "billToContactId") leg
   where tl.drive_assignment_id = da.id`;

/** The DriveAssignment shape (spec 1 §3), field for field; `legs` is the LEGS lateral. */
const TRIP = `select
  da.id as "id", da.reference_number as "referenceNumber", da.mod_count as "modCount", da.service_date as "serviceDate",
  da.service_number as "serviceNumber", da.service_type_requested as "serviceTypeRequested", da.accepted as "accepted",
  da.declined as "declined", da.deleted as "deleted", da.canceled as "canceled",
  da.cancelled_without_charge as "cancelledWithoutCharge", da.cancelled_with_charge as "cancelledWithCharge",
  da.cancelled_reason as "cancelledReason", da.dry_run as "dryRun", da.will_call as "willCall", da.flag as "flag",
  da.locked as "locked", da.schedule_priority as "schedulePriority", da.partner_pay_status as "partnerPayStatus",
  da.driver_emp_number_assigned as "driverEmpNumberAssigned", da.driver_id as "driverId", drv.name as "driverName",
  da.farmout_contact_number as "farmoutContactNumber", da.farmout_contact_id as "farmoutContactId",
  fo.name as "farmoutName", da.farmout_rate as "farmoutRate", da.bill_to_contact_id as "billToContactId",
  bt.name as "billToContact", dv.code as "division", coalesce(dv.time_zone, 'America/Denver') as "timeZone",
  da.county as "county", da.da_class as "daClass", da.passengers_additional as "passengersAdditional", da.pca as "pca",
  da.ppec as "ppec", da.return_type as "returnType", da.authorized as "authorized", da.authorized_by as "authorizedBy",
  da.requested_by as "requestedBy", da.notes_summary as "notesSummary", cr.require_stats as "cancelReasonRequiresStats",
  (select count(*) from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending')::int
    as "outstandingAdjustments",
  legs.list as "tripLegs"`;

/** FROM clause giving each trip's JSON as `trip` and its first real pickup as `legs.first_pickup`. */
export const TRIP_JSON_FROM = `
  from drive_assignments da
  left join contacts drv on drv.id = da.driver_id
  left join contacts fo on fo.id = da.farmout_contact_id
  left join contacts bt on bt.id = da.bill_to_contact_id
  left join divisions dv on dv.id = da.division_id
  left join cancel_reasons cr on cr.label = da.cancelled_reason
  cross join lateral (${LEGS}) legs
  cross join lateral (${TRIP}) trip`;

/** By date, then the first ordered pickup, then reference number (in byte order, as byDayOrder below). */
export const ORDER = `da.service_date, legs.first_pickup nulls last, da.reference_number collate "C"`;

/** Builds the WHERE clause of a trip query: the filter, always within the caller's row scope. */
export function tripWhere(user: SessionUser | null, filter: TripFilter, params: unknown[]): string {
  const parts: string[] = [user ? tripScope(user, params) : 'true'];
  if (filter.serviceDate) {
    params.push(filter.serviceDate);
    parts.push(`da.service_date = $${params.length}`);
  }
  if (filter.division) {
    params.push(filter.division);
    parts.push(`dv.code = $${params.length}`);
  }
  if (filter.affiliateId !== undefined) {
    params.push(isUuid(filter.affiliateId) ? filter.affiliateId : null);
    parts.push(`da.farmout_contact_id = $${params.length}::uuid`);
  }
  if (filter.ids) {
    params.push(filter.ids.filter(isUuid));
    parts.push(`da.id = any($${params.length}::uuid[])`);
  }
  if (filter.referenceNumber) {
    params.push(filter.referenceNumber);
    parts.push(`da.reference_number = $${params.length}`);
  }
  return parts.join(' and ');
}

/**
 * Trips matching a filter, within the caller's row scope (null user: no scope, for trusted server
 * code such as the live fan-out, which applies each subscriber's scope itself). PostgreSQL builds
 * each trip's JSON, so a day of thousands of trips is not presented row by row in JavaScript.
 */
export async function findTrips(db: Db, user: SessionUser | null, filter: TripFilter): Promise<DriveAssignment[]> {
  const params: unknown[] = [];
  const where = tripWhere(user, filter, params);
  const { rows } = await db.query<{ trip: DriveAssignment }>(
    `select to_json(trip) as trip ${TRIP_JSON_FROM} where ${where} order by ${ORDER}`,
    params,
  );
  return rows.map((r) => r.trip);
}

/**
 * What the live fan-out reads of a trip besides its JSON: the fields its filters test and the row
 * scope needs (tripMatches, tripVisibleTo). Read as columns, so a day's JSON is never parsed here.
 */
export interface TripKeys {
  id: string;
  serviceDate: string;
  division: string | null;
  farmoutContactId: string | null;
  billToContactId: string | null;
  tripLegs: { passengerId: string }[];
}

/** A trip's keys with its JSON text as PostgreSQL built it (what live found sets keep and send). */
export interface TripJson {
  trip: TripKeys;
  json: string;
}

/** The columns of a trip's keys (TRIP_KEY_COLUMNS), as read from a query over TRIP_JSON_FROM. */
export interface TripKeyRow {
  id: string;
  date: string;
  division: string | null;
  farmout: string | null;
  bill_to: string | null;
  passenger_ids: string[];
}

/** A trip's keys (filter fields and row scope), read over TRIP_JSON_FROM. */
export const TRIP_KEY_COLUMNS = `da.id, to_char(da.service_date, 'YYYY-MM-DD') as date, dv.code as division,
  da.farmout_contact_id as farmout, da.bill_to_contact_id as bill_to, legs.passenger_ids`;

export const tripKeysOf = (r: TripKeyRow): TripKeys => ({
  id: r.id,
  serviceDate: r.date,
  division: r.division,
  farmoutContactId: r.farmout,
  billToContactId: r.bill_to,
  tripLegs: r.passenger_ids.map((passengerId) => ({ passengerId })),
});

interface TripJsonRow extends TripKeyRow {
  pickup: string | null;
  ref: string;
  json: string;
}

const TRIP_JSON_COLUMNS = `${TRIP_KEY_COLUMNS},
  legs.first_pickup::text as pickup, da.reference_number as ref, to_json(trip)::text as json`;

const tripJson = (r: TripJsonRow): TripJson => ({ trip: tripKeysOf(r), json: r.json });

/** Trips matching a filter, with no user scope, each with its keys and JSON text; in no particular order. */
export async function findTripsJson(db: Db, filter: TripFilter): Promise<TripJson[]> {
  const params: unknown[] = [];
  const where = tripWhere(null, filter, params);
  const { rows } = await db.query<TripJsonRow>(`select ${TRIP_JSON_COLUMNS} ${TRIP_JSON_FROM} where ${where}`, params);
  return rows.map(tripJson);
}

/** Plain code-point order: the values are ISO dates, HH:MM:SS times and reference numbers. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * ORDER in JavaScript, for rows built apart: date, first real ordered pickup (none last), then
 * reference number in byte order (as `collate "C"` in ORDER).
 */
export const byDayOrder = (a: { date: string; pickup: string | null; ref: string }, b: typeof a) =>
  cmp(a.date, b.date) ||
  (a.pickup === b.pickup ? 0 : a.pickup === null ? 1 : b.pickup === null ? -1 : cmp(a.pickup, b.pickup)) ||
  cmp(a.ref, b.ref);

/**
 * Trips matching a filter, with no user scope, each with its keys and JSON text, in day order (as
 * findTrips). Building the JSON is most of the work and one query keeps one database core busy,
 * so the trips are split by a hash of their id into `parts` queries run at once on separate
 * connections, and put in day order here from the sort keys each query returns alongside.
 */
export async function findTripsJsonInParts(pool: Pool, filter: TripFilter, parts = 2): Promise<TripJson[]> {
  const params: unknown[] = [];
  const where = tripWhere(null, filter, params);
  const built = await Promise.all(
    Array.from({ length: parts }, (_, k) =>
      pool.query<TripJsonRow>(
        `select ${TRIP_JSON_COLUMNS} ${TRIP_JSON_FROM} where ${where} and abs(hashtext(da.id::text) % ${parts}) = ${k}`,
        params,
      ),
    ),
  );
  return built
    .flatMap((r) => r.rows)
    .sort(byDayOrder)
    .map(tripJson);
}

/**
 * Ids of the trips meeting a condition over `da` (built with bind parameters in `params`, row scope
 * included), in day order, at most `limit`, with the count of every trip that meets it.
 */
export async function tripIdsInDayOrder(db: Db, where: string, params: unknown[], limit: number): Promise<{ ids: string[]; total: number }> {
  const { rows } = await db.query<{ id: string; total: string }>(
    `select da.id, count(*) over () as total from drive_assignments da
       cross join lateral (select ${FIRST_PICKUP} as first_pickup from trip_legs tl where tl.drive_assignment_id = da.id) legs
      where ${where} order by ${ORDER} limit $${params.length + 1}`,
    [...params, limit],
  );
  return { ids: rows.map((r) => r.id), total: rows.length > 0 ? Number(rows[0].total) : 0 };
}

/** One trip in the caller's scope, or null (the caller answers 404). */
export async function findTrip(db: Db, user: SessionUser | null, id: string): Promise<DriveAssignment | null> {
  if (!isUuid(id)) return null;
  const [trip] = await findTrips(db, user, { ids: [id] });
  return trip ?? null;
}

/** Locks a trip row for the rest of the transaction; null when missing or out of scope. */
export async function lockTrip(client: PoolClient, user: SessionUser, id: string): Promise<DriveAssignment | null> {
  const locked = await lockTrips(client, user, [id]);
  return locked.get(id) ?? null;
}

/**
 * Locks trips for the rest of the transaction, in id order so that two batches never wait on each
 * other in a circle. Trips missing or out of the caller's scope are absent from the answer.
 */
export async function lockTrips(client: PoolClient, user: SessionUser, ids: readonly string[]): Promise<Map<string, DriveAssignment>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(wanted);
  const { rows } = await client.query(
    `select da.id from drive_assignments da where ${scope} and da.id = any($${params.length}::uuid[]) order by da.id for update of da`,
    params,
  );
  if (rows.length === 0) return new Map();
  const trips = await findTrips(client, null, { ids: rows.map((r) => r.id) });
  return new Map(trips.map((t) => [t.id, t]));
}

/** Locks the trip with a reference number in the caller's scope; null when missing or out of scope. */
export async function lockTripByReference(client: PoolClient, user: SessionUser, referenceNumber: string): Promise<DriveAssignment | null> {
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(referenceNumber);
  const { rows } = await client.query(
    `select da.id from drive_assignments da where ${scope} and da.reference_number = $${params.length} for update of da`,
    params,
  );
  return rows[0] ? lockTrip(client, user, rows[0].id) : null;
}
