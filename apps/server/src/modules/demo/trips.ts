/**
 * One trip (drive assignment) and its legs, in any of the states the screens show. Shared by the
 * demo load and by bulk generation, which differ only in how many trips they ask for.
 */
import { WILL_CALL_TIME, addDays, clock, localMoment } from './calendar.ts';
import { haversineMiles } from './places.ts';
import type { Rng } from './random.ts';
import { AMBULATORY_STATUS, SERVICE_TYPE_MIX, legRate } from './reference.ts';
import type { LegRows, TripRows } from './tables.ts';
import { canCarry, type DivisionInfo, type FacilityInfo, type PartnerInfo, type PassengerInfo, type Place, type TripWorld } from './world.ts';

export type TripState =
  | 'unaccepted'
  | 'accepted'
  | 'declined'
  | 'cancelledNoCharge'
  | 'cancelledWithCharge'
  | 'dryRun'
  /** happened, stats entered, pay still open */
  | 'completed'
  /** happened, no stats entered yet */
  | 'completedNoStats'
  /** stats entered and adjustments under review */
  | 'pending'
  /** rate accepted: pay status Final */
  | 'final';

export interface TripSpec {
  date: string;
  /** Days from today to the service date; negative for past trips. */
  dayDelta: number;
  referenceNumber: string;
  division?: DivisionInfo;
  passenger?: PassengerInfo;
  partner?: PartnerInfo;
  state?: TripState;
  legs?: 1 | 2 | 3;
  willCall?: boolean;
  priority?: number;
  serviceType?: string;
  apptType?: string;
  /** Minutes after midnight of the first pickup. */
  pickupAt?: number;
}

const DAY_START = 7 * 60;
const DAY_END = 16 * 60;

function statesFor(dayDelta: number): readonly (readonly [TripState, number])[] {
  if (dayDelta < 0) {
    return [
      ['completed', 34],
      ['final', 26],
      ['completedNoStats', 9],
      ['pending', 5],
      ['dryRun', 7],
      ['cancelledNoCharge', 9],
      ['cancelledWithCharge', 4],
      ['declined', 3],
      ['unaccepted', 3],
    ];
  }
  if (dayDelta === 0) {
    return [
      ['accepted', 78],
      ['unaccepted', 8],
      ['declined', 2],
      ['cancelledNoCharge', 6],
      ['cancelledWithCharge', 3],
      ['dryRun', 3],
    ];
  }
  // partners accept the nearer days first
  const accepted = Math.max(25, 80 - 8 * dayDelta);
  return [
    ['accepted', accepted],
    ['unaccepted', 90 - accepted],
    ['declined', 4],
    ['cancelledNoCharge', 6],
  ];
}

function pickPartner(world: TripWorld, rng: Rng, divisionId: string, serviceType: string): PartnerInfo {
  const all = world.partnersByDivision.get(divisionId) ?? [];
  const able = all.filter((p) => canCarry(p, serviceType));
  const from = able.length > 0 ? able : all;
  if (from.length === 0) throw new Error('A division without partners cannot get trips');
  return rng.weighted(from.map((p) => [p, p.weight] as const));
}

/** A destination about as far as real trips go (median about 9 miles), chosen among a few candidates. */
function pickFacility(rng: Rng, facilities: FacilityInfo[], home: Place, apptType?: string, avoid?: string): FacilityInfo {
  const pool = facilities.filter((f) => (apptType ? f.apptType === apptType : f.apptType !== 'Pharmacy' && f.apptType !== avoid));
  const from = pool.length > 0 ? pool : facilities;
  const target = rng.logNormal(8, 0.55);
  let best = rng.pick(from);
  let bestGap = Infinity;
  for (let i = 0; i < 4; i++) {
    const f = rng.pick(from);
    const gap = Math.abs(roadMiles(home, f.place) - target);
    if (gap < bestGap) [best, bestGap] = [f, gap];
  }
  return best;
}

function roadMiles(a: Place, b: Place): number {
  return haversineMiles(a.lat, a.lng, b.lat, b.lng) * 1.25;
}

interface Hop {
  from: Place;
  to: Place;
  meters: number;
  seconds: number;
  noTraffic: number;
  minutes: number;
}

function hop(rng: Rng, from: Place, to: Place): Hop {
  const geo = roadMiles(from, to);
  const miles = Math.min(30, Math.max(3, 0.55 * geo + 0.45 * rng.logNormal(7.5, 0.5)));
  const mph = rng.int(24, 36);
  const seconds = Math.round((miles / mph) * 3600 + 180);
  return {
    from,
    to,
    meters: Math.round(miles * 1609.344),
    seconds,
    noTraffic: Math.round(seconds * 0.82),
    minutes: Math.ceil(seconds / 60),
  };
}

const roundUp = (m: number, step: number) => Math.ceil(m / step) * step;

const NOTES = ['Uses a walker', 'Oxygen', 'Door-to-door assistance', 'Hard of hearing; call on arrival', 'Service animal', 'Bring step stool'];

/** Appends one trip and its legs to the row sets. */
export function addTrip(world: TripWorld, rng: Rng, spec: TripSpec, trips: TripRows, legs: LegRows): void {
  const division = spec.division ?? rng.weighted(world.divisions.map((d) => [d, d.share] as const));
  const passenger = spec.passenger ?? rng.pick(world.passengersByDivision.get(division.id) ?? []);
  const wanted = spec.serviceType ?? (rng.chance(0.85) ? passenger.usualService : rng.weighted(SERVICE_TYPE_MIX));
  // a partner picked in advance only gets rides its fleet can carry
  const serviceType = spec.partner && !canCarry(spec.partner, wanted) ? '01' : wanted;
  const partner = spec.partner ?? pickPartner(world, rng, division.id, serviceType);
  const facilities = world.facilitiesByDivision.get(division.id) ?? [];
  const hasPharmacy = facilities.some((f) => f.apptType === 'Pharmacy');
  let legCount = spec.legs ?? rng.weighted([[1, 35], [2, 58], [3, 7]] as const);
  if (legCount === 3 && !hasPharmacy) legCount = 2;
  const willCall = legCount === 2 && (spec.willCall ?? rng.chance(0.2));
  const state = spec.state ?? rng.weighted(statesFor(spec.dayDelta));
  const past = spec.dayDelta < 0;
  // a pharmacy stop after a four-hour dialysis chair would run past the end of the day
  const clinic = pickFacility(rng, facilities, passenger.home, spec.apptType, legCount === 3 ? 'Dialysis' : undefined);

  // the route: home → clinic (→ pharmacy) → home
  const stops: Place[] = [passenger.home, clinic.place];
  if (legCount === 3) stops.push(pickFacility(rng, facilities, clinic.place, 'Pharmacy').place);
  if (legCount >= 2) stops.push(passenger.home);
  const hops = stops.slice(1).map((to, i) => hop(rng, stops[i], to));

  const latestStart = legCount === 1 ? DAY_END : legCount === 2 ? 11 * 60 + 30 : 10 * 60 + 30;
  const firstPickup = spec.pickupAt ?? DAY_START + 5 * rng.int(0, (latestStart - DAY_START) / 5);
  const stay = clinic.apptType === 'Dialysis' ? rng.int(200, 230) : rng.int(45, 150);

  const tripId = rng.uuid();
  const accepted = !['unaccepted', 'declined'].includes(state) && !(state === 'cancelledNoCharge' && rng.chance(0.5));
  const withStats = ['completed', 'pending', 'final'].includes(state) || (state === 'accepted' && spec.dayDelta === 0);
  const cancelReason =
    state === 'cancelledNoCharge'
      ? rng.weighted([['Advance Notice', 60], ['Appointment Cancelled', 20], ['Hospital Admission', 10], ['Weather', 5], ['Duplicate Trip', 5]] as const)
      : state === 'cancelledWithCharge'
        ? rng.weighted([['Late Cancel', 85], ['Passenger Refused', 15]] as const)
        : state === 'dryRun'
          ? rng.weighted([['No Show', 80], ['Passenger Refused', 20]] as const)
          : null;
  // reasons that require stats get them: the driver's arrival proves the trip was attempted
  const statsOnCancel = state === 'cancelledWithCharge' && (cancelReason === 'Passenger Refused' || rng.chance(0.3));
  let rate = 0;
  let apptTime = 0;
  let pickup = firstPickup;
  let lastDrop = firstPickup;
  let anyLegRode = false;

  hops.forEach((h, i) => {
    const leg = String.fromCharCode(65 + i);
    const isReturn = i === hops.length - 1 && i > 0;
    let ord: string | null;
    let dropOrd: string | null;
    let callIn: string | null = null;
    let legWillCall = false;
    if (i === 0) {
      pickup = firstPickup;
      const drop = roundUp(pickup + h.minutes + rng.int(5, 15), 5);
      apptTime = roundUp(drop + 5, 15);
      ord = clock(pickup);
      dropOrd = clock(drop);
      lastDrop = drop;
    } else {
      const ready = i === 1 ? apptTime + stay : lastDrop + rng.int(15, 35);
      pickup = Math.max(lastDrop + 10, Math.min(DAY_END, roundUp(ready, 5)));
      lastDrop = pickup + h.minutes + rng.int(0, 10);
      ord = clock(pickup);
      dropOrd = clock(lastDrop);
      if (isReturn && willCall) {
        legWillCall = true;
        // a past will-call ride mostly got its call; a few were never timed and cannot be finalised yet
        if (past && (state === 'final' || state === 'pending' || rng.chance(0.85))) {
          callIn = clock(pickup - rng.int(20, 40));
        } else {
          ord = WILL_CALL_TIME;
          dropOrd = null;
        }
      }
    }
    const timed = ord !== WILL_CALL_TIME;
    const stats =
      timed && (withStats || state === 'dryRun' || statsOnCancel) &&
      (spec.dayDelta < 0 || pickup < 11 * 60);
    let act: string | null = null;
    let dep: string | null = null;
    let dropAct: string | null = null;
    if (stats) {
      const arrive = pickup + Math.max(-10, Math.min(25, Math.round(rng.normal(3, 7))));
      act = clock(arrive);
      // a dry run ends at the door: the driver arrived, waited and left without the member
      if (state === 'dryRun' || state === 'cancelledWithCharge') {
        if (i === 0) dep = clock(arrive + rng.int(10, 15));
        else act = null;
      } else {
        const leave = arrive + rng.int(2, 8);
        dep = clock(leave);
        dropAct = clock(leave + Math.round(h.minutes * (0.9 + rng.float() * 0.3)));
      }
    }

    let status = 'Pending';
    let cancelNc = false;
    let cancelWc = false;
    if (state === 'cancelledNoCharge') [status, cancelNc] = ['CanceledNoCharge', true];
    else if (state === 'cancelledWithCharge') [status, cancelWc] = ['Canceled', true];
    else if (state === 'dryRun') status = 'Canceled';
    else if (dropAct) status = 'Rode';
    else if (legWillCall && !timed) status = 'WillCall';
    if (status === 'Rode') anyLegRode = true;

    const r = legRate(serviceType, h.meters / 1609.344);
    rate += state === 'dryRun' || state === 'cancelledWithCharge' ? (i === 0 ? r.base : 0) : r.total;

    legs.add({
      id: rng.uuid(),
      drive_assignment_id: tripId,
      which_leg: leg,
      leg_order: i,
      passenger_id: passenger.id,
      loc_first_time_ord: ord,
      loc_second_time_ord: dropOrd,
      loc_first_time_act: act,
      loc_first_time_dep: dep,
      loc_second_time_act: dropAct,
      call_in_time: callIn,
      appt_type: i === 0 ? clinic.apptType : isReturn ? null : 'Pharmacy',
      appt_time: i === 0 ? clock(apptTime) : null,
      location_first_id: h.from.addressId,
      location_second_id: h.to.addressId,
      service_code: serviceType,
      google_driving_distance_meters: h.meters,
      google_driving_time: h.seconds,
      google_driving_time_no_traffic: h.noTraffic,
      lob: passenger.lob,
      division_id: division.id,
      member_id: passenger.memberId,
      member_plan_id: passenger.planId,
      ambulatory_status: AMBULATORY_STATUS[serviceType] ?? 'Ambulatory',
      infectious_disease_flag: rng.chance(0.01),
      pass_name: passenger.name,
      pass_notes: rng.chance(0.06) ? rng.pick(NOTES) : null,
      serv_date_beg: spec.date,
      status,
      cancel_nc: cancelNc,
      cancel_wc: cancelWc,
      bill_to_contact_id: passenger.billToId,
    });
  });

  const chargeable = state === 'dryRun' || state === 'cancelledWithCharge';
  const payStatus =
    state === 'final' || (past && chargeable && rng.chance(0.4)) ? 'Final' : state === 'pending' ? 'Pending' : 'Open';
  const driver =
    accepted && state !== 'cancelledNoCharge' && partner.drivers.length > 0 && (past || rng.chance(spec.dayDelta === 0 ? 0.9 : 0.6))
      ? rng.pick(partner.drivers)
      : null;
  const wantKind = serviceType === '03' ? 'wheelchair' : ['05', '91', '92'].includes(serviceType) ? 'stretcher' : 'sedan';
  const fitting = partner.vehicles.filter((v) => v.kind === wantKind);
  const vehicle = driver && partner.vehicles.length > 0 ? rng.pick(fitting.length > 0 ? fitting : partner.vehicles) : null;
  const priority = spec.priority ?? rng.weighted([[1, 76], [2, 18], [3, 4], [4, 2]] as const);
  // bookings are made before the ride and never after today
  const bookedDaysBefore = spec.dayDelta > 0 ? spec.dayDelta + rng.int(0, 10) : rng.int(1, 14);
  const booked = localMoment(addDays(spec.date, -bookedDaysBefore), rng.int(8 * 60, 17 * 60), division.timeZone);
  const touched = anyLegRode || payStatus !== 'Open' ? localMoment(spec.date, 17 * 60 + rng.int(0, 120), division.timeZone) : booked;
  const offered = state === 'unaccepted' && spec.dayDelta > 0 && rng.chance(0.25);

  trips.add({
    id: tripId,
    reference_number: spec.referenceNumber,
    service_date: spec.date,
    service_type_requested: serviceType,
    accepted,
    declined: state === 'declined',
    deleted: state === 'declined',
    canceled: state === 'cancelledNoCharge' || state === 'cancelledWithCharge',
    cancelled_without_charge: state === 'cancelledNoCharge',
    cancelled_with_charge: state === 'cancelledWithCharge',
    cancelled_reason: cancelReason,
    dry_run: state === 'dryRun',
    will_call: willCall,
    schedule_priority: priority,
    partner_pay_status: payStatus,
    driver_emp_number_assigned: driver?.employeeNumber ?? null,
    driver_id: driver?.id ?? null,
    vehicle_id: vehicle?.id ?? null,
    farmout_contact_number: partner.contactNumber,
    farmout_contact_id: partner.id,
    farmout_rate: state === 'cancelledNoCharge' ? 0 : Math.round(rate * 100) / 100,
    bill_to_contact_id: passenger.billToId,
    division_id: division.id,
    county: passenger.home.countyName,
    passengers_additional: rng.chance(0.08) ? 1 : 0,
    pca: rng.chance(0.06),
    return_type: legCount === 1 ? null : willCall ? 'Will Call' : 'Scheduled',
    authorized: rng.chance(0.92),
    authorized_by: 'Coverage check',
    requested_by: passenger.requestedBy,
    marketplace_until: offered ? localMoment(addDays(spec.date, -1), 17 * 60, division.timeZone) : null,
    created_at: booked,
    updated_at: touched,
  });
}
