import type { DriveAssignment, TripLeg } from '@tripline/core';
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

const DA_COLUMNS = `
  da.id, da.reference_number, da.mod_count, da.service_date, da.service_number, da.service_type_requested,
  da.accepted, da.declined, da.deleted, da.canceled, da.cancelled_without_charge, da.cancelled_with_charge,
  da.cancelled_reason, da.dry_run, da.will_call, da.flag, da.locked, da.schedule_priority, da.partner_pay_status,
  da.driver_emp_number_assigned, da.driver_id, drv.name as driver_name, da.farmout_contact_number,
  da.farmout_contact_id, fo.name as farmout_name, da.farmout_rate, da.bill_to_contact_id, bt.name as bill_to_name,
  dv.code as division, coalesce(dv.time_zone, 'America/Denver') as time_zone, da.county, da.da_class,
  da.passengers_additional, da.pca, da.ppec, da.return_type, da.authorized, da.authorized_by, da.requested_by,
  cr.require_stats as cancel_reason_requires_stats,
  (select count(*) from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending')::int as outstanding_adjustments`;

const DA_JOINS = `
  left join contacts drv on drv.id = da.driver_id
  left join contacts fo on fo.id = da.farmout_contact_id
  left join contacts bt on bt.id = da.bill_to_contact_id
  left join divisions dv on dv.id = da.division_id
  left join cancel_reasons cr on cr.label = da.cancelled_reason`;

/** Builds the WHERE clause of a trip query: the filter, always within the caller's row scope. */
function whereClause(user: SessionUser | null, filter: TripFilter, params: unknown[]): string {
  const parts: string[] = [user ? tripScope(user, params) : 'true'];
  if (filter.serviceDate) {
    params.push(filter.serviceDate);
    parts.push(`da.service_date = $${params.length}`);
  }
  if (filter.division) {
    params.push(filter.division);
    parts.push(`dv.code = $${params.length}`);
  }
  if (filter.affiliateId) {
    params.push(filter.affiliateId);
    parts.push(`da.farmout_contact_id::text = $${params.length}`);
  }
  if (filter.ids) {
    params.push(filter.ids);
    parts.push(`da.id::text = any($${params.length}::text[])`);
  }
  if (filter.referenceNumber) {
    params.push(filter.referenceNumber);
    parts.push(`da.reference_number = $${params.length}`);
  }
  return parts.join(' and ');
}

/**
 * Trips matching a filter, within the caller's row scope (null user: no scope, for trusted server
 * code such as the live fan-out, which applies each subscriber's scope itself). Declined trips
 * stay visible to the partner that declined them only through their own records.
 */
export async function findTrips(db: Db, user: SessionUser | null, filter: TripFilter): Promise<DriveAssignment[]> {
  const params: unknown[] = [];
  const where = whereClause(user, filter, params);
  const { rows } = await db.query(
    `select ${DA_COLUMNS} from drive_assignments da ${DA_JOINS} where ${where}
      order by da.service_date, da.reference_number`,
    params,
  );
  if (rows.length === 0) return [];
  const legs = await legsOf(db, rows.map((r) => r.id));
  return rows.map((r) => presentTrip(r, legs.get(r.id) ?? []));
}

/** One trip in the caller's scope, or null (the caller answers 404). */
export async function findTrip(db: Db, user: SessionUser | null, id: string): Promise<DriveAssignment | null> {
  const [trip] = await findTrips(db, user, { ids: [id] });
  return trip ?? null;
}

/** Locks a trip row for the rest of the transaction; null when missing or out of scope. */
export async function lockTrip(client: PoolClient, user: SessionUser, id: string): Promise<DriveAssignment | null> {
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(id);
  const { rows } = await client.query(
    `select da.id from drive_assignments da where ${scope} and da.id::text = $${params.length} for update`,
    params,
  );
  if (!rows[0]) return null;
  return findTrip(client, null, rows[0].id);
}

async function legsOf(db: Db, daIds: string[]): Promise<Map<string, TripLeg[]>> {
  const { rows } = await db.query(
    `select tl.*, da.service_date, coalesce(dv.time_zone, 'America/Denver') as tz,
            p.name as passenger_name,
            coalesce((select json_agg(json_build_object('phoneNumberWithAreaCode', ph.phone_number_with_area_code,
                       'smsEnabled', ph.sms_enabled, 'main', ph.main, 'type', ph.type) order by ph.main desc)
                      from contact_phones ph where ph.contact_id = p.id), '[]') as phones,
            a1.id as a1_id, coalesce(a1.complete_address, concat_ws(', ', a1.street, a1.city, a1.state || ' ' || a1.zip)) as a1_address, a1.lat as a1_lat, a1.lng as a1_lng,
            a2.id as a2_id, coalesce(a2.complete_address, concat_ws(', ', a2.street, a2.city, a2.state || ' ' || a2.zip)) as a2_address, a2.lat as a2_lat, a2.lng as a2_lng,
            dvl.code as leg_division, mp.code as plan_code
       from trip_legs tl
       join drive_assignments da on da.id = tl.drive_assignment_id
       left join divisions dv on dv.id = da.division_id
       left join divisions dvl on dvl.id = tl.division_id
       left join contacts p on p.id = tl.passenger_id
       left join addresses a1 on a1.id = tl.location_first_id
       left join addresses a2 on a2.id = tl.location_second_id
       left join plans mp on mp.id = tl.member_plan_id
      where tl.drive_assignment_id = any($1::uuid[])
      order by tl.drive_assignment_id, tl.leg_order, tl.which_leg`,
    [daIds],
  );
  const byDa = new Map<string, TripLeg[]>();
  for (const r of rows) {
    const list = byDa.get(r.drive_assignment_id) ?? [];
    list.push(presentLeg(r));
    byDa.set(r.drive_assignment_id, list);
  }
  return byDa;
}

const time = (v: string | null) => (v ? v.slice(0, 8) : null);

/** Epoch milliseconds of a date and time of day in a time zone. */
function epochMillis(date: string, t: string | null, tz: string): number | null {
  if (!t) return null;
  const naive = Date.parse(`${date}T${t.slice(0, 8)}Z`);
  const offset = new Date(new Date(naive).toLocaleString('en-US', { timeZone: tz })).getTime() - new Date(new Date(naive).toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return naive - offset;
}

function presentLeg(r: Record<string, any>): TripLeg {
  return {
    id: r.id,
    whichLeg: r.which_leg,
    passengerId: r.passenger_id,
    passenger: r.passenger_id ? { id: r.passenger_id, name: r.passenger_name, phones: r.phones } : null,
    locFirstAction: r.loc_first_action,
    locSecondAction: r.loc_second_action,
    locFirstTimeOrd: time(r.loc_first_time_ord),
    locSecondTimeOrd: time(r.loc_second_time_ord),
    locFirstTimeAct: time(r.loc_first_time_act),
    locFirstTimeDep: time(r.loc_first_time_dep),
    locSecondTimeAct: time(r.loc_second_time_act),
    locFirstTimeOrdMillis: epochMillis(r.service_date, r.loc_first_time_ord, r.tz),
    callInTime: time(r.call_in_time),
    apptType: r.appt_type,
    apptTime: time(r.appt_time),
    apptToSee: r.appt_to_see,
    webFields: r.web_fields ?? {},
    locationFirst: { Id: r.a1_id, Address: r.a1_address, Lat: r.a1_lat, Lng: r.a1_lng },
    locationSecond: { Id: r.a2_id, Address: r.a2_address, Lat: r.a2_lat, Lng: r.a2_lng },
    serviceCode: r.service_code,
    googleDrivingDistanceMeters: r.google_driving_distance_meters,
    googleDrivingTime: r.google_driving_time,
    googleDrivingTimeNoTraffic: r.google_driving_time_no_traffic,
    lob: r.lob,
    division: r.leg_division,
    memberId: r.member_id,
    memberPlanId: r.plan_code,
    ambulatoryStatus: r.ambulatory_status,
    infectiousDiseaseFlag: r.infectious_disease_flag,
    doNotChangeVehicle: r.do_not_change_vehicle,
    passName: r.pass_name,
    passNotes: r.pass_notes,
    servDateBeg: r.serv_date_beg,
    tlClass: r.tl_class,
    status: r.status,
    cancelNc: r.cancel_nc,
    cancelWc: r.cancel_wc,
    billToContactId: r.bill_to_contact_id,
  };
}

function presentTrip(r: Record<string, any>, legs: TripLeg[]): DriveAssignment {
  return {
    id: r.id,
    referenceNumber: r.reference_number,
    modCount: r.mod_count,
    serviceDate: r.service_date,
    serviceNumber: r.service_number,
    serviceTypeRequested: r.service_type_requested,
    accepted: r.accepted,
    declined: r.declined,
    deleted: r.deleted,
    canceled: r.canceled,
    cancelledWithoutCharge: r.cancelled_without_charge,
    cancelledWithCharge: r.cancelled_with_charge,
    cancelledReason: r.cancelled_reason,
    dryRun: r.dry_run,
    willCall: r.will_call,
    flag: r.flag,
    locked: r.locked,
    schedulePriority: r.schedule_priority,
    partnerPayStatus: r.partner_pay_status,
    driverEmpNumberAssigned: r.driver_emp_number_assigned,
    driverId: r.driver_id,
    driverName: r.driver_name,
    farmoutContactNumber: r.farmout_contact_number,
    farmoutContactId: r.farmout_contact_id,
    farmoutName: r.farmout_name,
    farmoutRate: r.farmout_rate,
    billToContactId: r.bill_to_contact_id,
    billToContact: r.bill_to_name,
    division: r.division,
    timeZone: r.time_zone,
    county: r.county,
    daClass: r.da_class,
    passengersAdditional: r.passengers_additional,
    pca: r.pca,
    ppec: r.ppec,
    returnType: r.return_type,
    authorized: r.authorized,
    authorizedBy: r.authorized_by,
    requestedBy: r.requested_by,
    cancelReasonRequiresStats: r.cancel_reason_requires_stats ?? null,
    outstandingAdjustments: r.outstanding_adjustments,
    tripLegs: legs,
  };
}
