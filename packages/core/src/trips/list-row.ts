/**
 * One trip as a list shows it (the partner's Home list, the staff search results): what the rows
 * show and filter on, and the inputs of the row menu's rules (spec 1 §2 row actions, §4 finalise
 * blocks and the cancel-leg rule, §5 SMS), so a menu is decided without the full trip. The full
 * trip is read when a row is opened. Field names and nesting are the full trip's, so every rule
 * and formatter typed with a Pick of the trip reads a list row as well.
 */
import { z } from 'zod';
import { DriveAssignment, Location, TripLeg, type Phone } from './model.ts';
import { eligibleSmsPhone } from './rules.ts';

/** Only the address of a stop: the list shows it and searches in it. */
const ListStop = Location.pick({ Address: true });

export const TripListLeg = TripLeg.pick({
  id: true,
  whichLeg: true,
  status: true,
  cancelNc: true,
  cancelWc: true,
  serviceCode: true,
  locFirstTimeOrd: true,
  locFirstTimeAct: true,
  locFirstTimeDep: true,
  locSecondTimeOrd: true,
  locSecondTimeAct: true,
  callInTime: true,
  apptType: true,
  googleDrivingDistanceMeters: true,
  passengerId: true,
  passName: true,
  passenger: true,
}).extend({ locationFirst: ListStop, locationSecond: ListStop });
export type TripListLeg = z.infer<typeof TripListLeg>;

export const TripListRow = DriveAssignment.pick({
  id: true,
  referenceNumber: true,
  modCount: true,
  serviceDate: true,
  serviceTypeRequested: true,
  schedulePriority: true,
  flag: true,
  division: true,
  timeZone: true,
  accepted: true,
  declined: true,
  canceled: true,
  cancelledWithCharge: true,
  cancelledWithoutCharge: true,
  cancelledReason: true,
  cancelReasonRequiresStats: true,
  dryRun: true,
  locked: true,
  willCall: true,
  partnerPayStatus: true,
  outstandingAdjustments: true,
  driverId: true,
  driverName: true,
  driverEmpNumberAssigned: true,
  farmoutContactId: true,
  farmoutName: true,
  farmoutRate: true,
}).extend({ tripLegs: z.array(TripListLeg) });
export type TripListRow = z.infer<typeof TripListRow>;

/** The list view of GET drive-assignments: list rows in day order and the count of every match. */
export const TripRowList = z.object({
  rows: z.array(TripListRow),
  /** Every matching trip in the caller's scope; more than rows.length when the batch size cut it. */
  total: z.number().int(),
});

/** How GET drive-assignments answers each trip: the full trip (the default) or its list row. */
export const TRIP_LIST_VIEWS = ['full', 'list'] as const;
export type TripListView = (typeof TRIP_LIST_VIEWS)[number];

/** The average JSON size of a list row the lists are built for (bytes, UTF-8). */
export const LIST_ROW_BUDGET_BYTES = 1024;

function toListLeg(leg: TripLeg): TripListLeg {
  // the SMS rule reads only the first phone it may text: the row carries that one, or none
  const phone: Phone | null = leg.passenger ? eligibleSmsPhone(leg.passenger.phones) : null;
  return {
    id: leg.id,
    whichLeg: leg.whichLeg,
    status: leg.status,
    cancelNc: leg.cancelNc,
    cancelWc: leg.cancelWc,
    serviceCode: leg.serviceCode,
    locFirstTimeOrd: leg.locFirstTimeOrd,
    locFirstTimeAct: leg.locFirstTimeAct,
    locFirstTimeDep: leg.locFirstTimeDep,
    locSecondTimeOrd: leg.locSecondTimeOrd,
    locSecondTimeAct: leg.locSecondTimeAct,
    callInTime: leg.callInTime,
    apptType: leg.apptType,
    googleDrivingDistanceMeters: leg.googleDrivingDistanceMeters,
    passengerId: leg.passengerId,
    passName: leg.passName,
    passenger: leg.passenger ? { id: leg.passenger.id, name: leg.passenger.name, phones: phone ? [phone] : [] } : null,
    locationFirst: { Address: leg.locationFirst.Address },
    locationSecond: { Address: leg.locationSecond.Address },
  };
}

/** The list row of a full trip: the fields above and nothing else, in the same order every time. */
export function toTripListRow(trip: DriveAssignment): TripListRow {
  return {
    id: trip.id,
    referenceNumber: trip.referenceNumber,
    modCount: trip.modCount,
    serviceDate: trip.serviceDate,
    serviceTypeRequested: trip.serviceTypeRequested,
    schedulePriority: trip.schedulePriority,
    flag: trip.flag,
    division: trip.division,
    timeZone: trip.timeZone,
    accepted: trip.accepted,
    declined: trip.declined,
    canceled: trip.canceled,
    cancelledWithCharge: trip.cancelledWithCharge,
    cancelledWithoutCharge: trip.cancelledWithoutCharge,
    cancelledReason: trip.cancelledReason,
    cancelReasonRequiresStats: trip.cancelReasonRequiresStats,
    dryRun: trip.dryRun,
    locked: trip.locked,
    willCall: trip.willCall,
    partnerPayStatus: trip.partnerPayStatus,
    outstandingAdjustments: trip.outstandingAdjustments,
    driverId: trip.driverId,
    driverName: trip.driverName,
    driverEmpNumberAssigned: trip.driverEmpNumberAssigned,
    farmoutContactId: trip.farmoutContactId,
    farmoutName: trip.farmoutName,
    farmoutRate: trip.farmoutRate,
    tripLegs: trip.tripLegs.map(toListLeg),
  };
}
