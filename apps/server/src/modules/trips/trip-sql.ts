import { TripListLegFields, TripListRowFields } from '@tripline/core';

/**
 * How PostgreSQL builds a trip's JSON: the DriveAssignment and TripLeg shapes (spec 1 §3) as
 * column lists, field for field, so that a projection of them (a list row's fields) is the same
 * SQL as the full trip's, never a second copy of it.
 */
type Column = readonly [name: string, sql: string];

const hms = (col: string) => `to_char(${col}, 'HH24:MI:SS')`;
/**
 * A leg's address by id, looked up per leg: joined instead, PostgreSQL hashes the whole (small)
 * addresses table again for every trip of a day. A leg without one gets the empty shape.
 */
const ADDRESS_TEXT = `coalesce(a.complete_address, concat_ws(', ', a.street, a.city, a.state || ' ' || a.zip))`;
const address = (id: string) =>
  `coalesce((select json_build_object('Id', a.id, 'Address', ${ADDRESS_TEXT}, 'Lat', a.lat, 'Lng', a.lng)
     from addresses a where a.id = ${id}), json_build_object('Id', null, 'Address', '', 'Lat', null, 'Lng', null))`;
/** Only the text of a leg's address (what a list row keeps of it), as `address` gives it. */
const addressOnly = (id: string) => `json_build_object('Address', coalesce((select ${ADDRESS_TEXT} from addresses a where a.id = ${id}), ''))`;

/** A trip's first real ordered pickup (over its legs `tl`), by which a day is sorted. */
export const FIRST_PICKUP = `min(tl.loc_first_time_ord) filter (where tl.loc_first_time_ord <> '23:59:00')`;

const PASSENGER = `case when p.id is null then null else json_build_object('id', p.id, 'name', p.name, 'phones',
  coalesce((select json_agg(json_build_object('phoneNumberWithAreaCode', ph.phone_number_with_area_code,
             'smsEnabled', ph.sms_enabled, 'main', ph.main, 'type', ph.type) order by ph.main desc, ph.id)
            from contact_phones ph where ph.contact_id = p.id), '[]')) end`;

/** A leg's fields over `tl` (the leg), `p` (its passenger), `dvl` (its division), `mp` (its plan) and the trip's `da`, `dv`. */
const LEG_COLUMNS: readonly Column[] = [
  ['id', 'tl.id'],
  ['whichLeg', 'tl.which_leg'],
  ['passengerId', 'tl.passenger_id'],
  ['passenger', PASSENGER],
  ['locFirstAction', 'tl.loc_first_action'],
  ['locSecondAction', 'tl.loc_second_action'],
  ['locFirstTimeOrd', hms('tl.loc_first_time_ord')],
  ['locSecondTimeOrd', hms('tl.loc_second_time_ord')],
  ['locFirstTimeAct', hms('tl.loc_first_time_act')],
  ['locFirstTimeDep', hms('tl.loc_first_time_dep')],
  ['locSecondTimeAct', hms('tl.loc_second_time_act')],
  [
    'locFirstTimeOrdMillis',
    `(extract(epoch from (da.service_date + tl.loc_first_time_ord) at time zone coalesce(dv.time_zone, 'America/Denver')) * 1000)::bigint`,
  ],
  ['callInTime', hms('tl.call_in_time')],
  ['apptType', 'tl.appt_type'],
  ['apptTime', hms('tl.appt_time')],
  ['apptToSee', 'tl.appt_to_see'],
  ['webFields', 'tl.web_fields'],
  ['locationFirst', address('tl.location_first_id')],
  ['locationSecond', address('tl.location_second_id')],
  ['serviceCode', 'tl.service_code'],
  ['googleDrivingDistanceMeters', 'tl.google_driving_distance_meters'],
  ['googleDrivingTime', 'tl.google_driving_time'],
  ['googleDrivingTimeNoTraffic', 'tl.google_driving_time_no_traffic'],
  ['lob', 'tl.lob'],
  ['division', 'dvl.code'],
  ['memberId', 'tl.member_id'],
  ['memberPlanId', 'mp.code'],
  ['ambulatoryStatus', 'tl.ambulatory_status'],
  ['infectiousDiseaseFlag', 'tl.infectious_disease_flag'],
  ['doNotChangeVehicle', 'tl.do_not_change_vehicle'],
  ['passName', 'tl.pass_name'],
  ['passNotes', 'tl.pass_notes'],
  ['servDateBeg', 'tl.serv_date_beg'],
  ['tlClass', 'tl.tl_class'],
  ['status', 'tl.status'],
  ['cancelNc', 'tl.cancel_nc'],
  ['cancelWc', 'tl.cancel_wc'],
  ['billToContactId', 'tl.bill_to_contact_id'],
];

/** A trip's fields over `da` (the trip), `drv`, `fo`, `bt` (its driver, partner, bill-to), `dv`, `cr` and `legs`. */
const TRIP_COLUMNS: readonly Column[] = [
  ['id', 'da.id'],
  ['referenceNumber', 'da.reference_number'],
  ['modCount', 'da.mod_count'],
  ['serviceDate', 'da.service_date'],
  ['serviceNumber', 'da.service_number'],
  ['serviceTypeRequested', 'da.service_type_requested'],
  ['accepted', 'da.accepted'],
  ['declined', 'da.declined'],
  ['deleted', 'da.deleted'],
  ['canceled', 'da.canceled'],
  ['cancelledWithoutCharge', 'da.cancelled_without_charge'],
  ['cancelledWithCharge', 'da.cancelled_with_charge'],
  ['cancelledReason', 'da.cancelled_reason'],
  ['dryRun', 'da.dry_run'],
  ['willCall', 'da.will_call'],
  ['flag', 'da.flag'],
  ['locked', 'da.locked'],
  ['schedulePriority', 'da.schedule_priority'],
  ['partnerPayStatus', 'da.partner_pay_status'],
  ['driverEmpNumberAssigned', 'da.driver_emp_number_assigned'],
  ['driverId', 'da.driver_id'],
  ['driverName', 'drv.name'],
  ['farmoutContactNumber', 'da.farmout_contact_number'],
  ['farmoutContactId', 'da.farmout_contact_id'],
  ['farmoutName', 'fo.name'],
  ['farmoutRate', 'da.farmout_rate'],
  ['billToContactId', 'da.bill_to_contact_id'],
  ['billToContact', 'bt.name'],
  ['division', 'dv.code'],
  ['timeZone', `coalesce(dv.time_zone, 'America/Denver')`],
  ['county', 'da.county'],
  ['daClass', 'da.da_class'],
  ['passengersAdditional', 'da.passengers_additional'],
  ['pca', 'da.pca'],
  ['ppec', 'da.ppec'],
  ['returnType', 'da.return_type'],
  ['authorized', 'da.authorized'],
  ['authorizedBy', 'da.authorized_by'],
  ['requestedBy', 'da.requested_by'],
  ['notesSummary', 'da.notes_summary'],
  ['marketplaceUntil', 'da.marketplace_until'],
  ['cancelReasonRequiresStats', 'cr.require_stats'],
  ['outstandingAdjustments', `(select count(*) from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending')::int`],
  ['tripLegs', 'legs.list'],
];

const select = (columns: readonly Column[]) => columns.map(([name, sql]) => `${sql} as "${name}"`).join(',\n  ');

/** The legs of trip `da` as a JSON array of `columns`, with the first real ordered pickup and the passengers' ids. */
const legs = (columns: readonly Column[]) => `
  select coalesce(json_agg(to_json(leg) order by tl.leg_order, tl.which_leg), '[]') as list,
         ${FIRST_PICKUP} as first_pickup,
         coalesce(array_agg(tl.passenger_id::text) filter (where tl.passenger_id is not null), '{}') as passenger_ids
    from trip_legs tl
    left join contacts p on p.id = tl.passenger_id
    left join divisions dvl on dvl.id = tl.division_id
    left join plans mp on mp.id = tl.member_plan_id
    cross join lateral (select ${select(columns)}) leg
   where tl.drive_assignment_id = da.id`;

/** FROM clause giving each trip's JSON of `trip` columns as `trip`, with `legs.first_pickup` and `legs.passenger_ids`. */
const jsonFrom = (trip: readonly Column[], leg: readonly Column[]) => `
  from drive_assignments da
  left join contacts drv on drv.id = da.driver_id
  left join contacts fo on fo.id = da.farmout_contact_id
  left join contacts bt on bt.id = da.bill_to_contact_id
  left join divisions dv on dv.id = da.division_id
  left join cancel_reasons cr on cr.label = da.cancelled_reason
  cross join lateral (${legs(leg)}) legs
  cross join lateral (select ${select(trip)}) trip`;

/** FROM clause giving each trip's full JSON (DriveAssignment) as `trip` and its first real pickup as `legs.first_pickup`. */
export const TRIP_JSON_FROM = jsonFrom(TRIP_COLUMNS, LEG_COLUMNS);

const only = (columns: readonly Column[], names: ReadonlySet<string>) => columns.filter(([name]) => names.has(name));

/** A list row keeps only the text of a stop's address. */
const LIST_LEG_COLUMNS = only(LEG_COLUMNS, new Set(Object.keys(TripListLegFields.shape))).map(([name, sql]): Column =>
  name === 'locationFirst' ? [name, addressOnly('tl.location_first_id')] : name === 'locationSecond' ? [name, addressOnly('tl.location_second_id')] : [name, sql],
);

/**
 * As TRIP_JSON_FROM, but `trip` holds only what core toTripListRow reads (the list row's fields)
 * and the partner's id: a little over half of the full trip's JSON and two thirds of its
 * building time, for making the members of large sets.
 */
export const TRIP_LIST_JSON_FROM = jsonFrom(only(TRIP_COLUMNS, new Set([...Object.keys(TripListRowFields.shape), 'farmoutContactId'])), LIST_LEG_COLUMNS);
