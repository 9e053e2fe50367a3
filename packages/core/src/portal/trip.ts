/**
 * A trip as the case manager and passenger portal sees it: an allowlist of the
 * trip's fields, never the partner's pay, the driver's identity or staff notes. Built from the
 * full trip or from its list row by projectPortalTrip; every answer to a portal role goes through
 * that one projection.
 */
import { z } from 'zod';
import { text } from '../api/text.ts';
import { DriveAssignment, Phone, TimeOfDay, TripLeg } from '../trips/model.ts';

/** Rule 185: the label of a trip in the portal's lists. */
export const PORTAL_TRIP_LABELS = ['Canceled', 'CanceledNoCharge', 'Completed', 'Pending'] as const;
export type PortalTripLabel = (typeof PORTAL_TRIP_LABELS)[number];

/** The label in words, as the screens show it. */
export const PORTAL_LABEL_TEXT: Readonly<Record<PortalTripLabel, string>> = {
  Canceled: 'Canceled',
  CanceledNoCharge: 'Canceled (no charge)',
  Completed: 'Completed',
  Pending: 'Scheduled',
};

/** The trip page's step bar: where the trip stands. */
export const PORTAL_STEPS = ['Requested', 'Driver assigned', 'Driver arrived', 'Picked up', 'Dropped off', 'Canceled'] as const;
export type PortalStep = (typeof PORTAL_STEPS)[number];

/** A stop of a leg: its address and where it is on the map. */
export const PortalPlace = z.object({
  Address: text().nullable(),
  Lat: z.number().nullable(),
  Lng: z.number().nullable(),
});
export type PortalPlace = z.infer<typeof PortalPlace>;

/** A leg as the portal sees it. */
export const PortalLeg = z.object({
  id: text(),
  whichLeg: text(),
  passengerId: text().nullable(),
  passName: text().nullable(),
  locationFirst: PortalPlace,
  locationSecond: PortalPlace,
  /** Ordered pickup and drop-off (23:59:00 is a will-call pickup). */
  locFirstTimeOrd: TimeOfDay.nullable(),
  locSecondTimeOrd: TimeOfDay.nullable(),
  /** Actual times: the driver arrived, left with the passenger, dropped off. */
  locFirstTimeAct: TimeOfDay.nullable(),
  locFirstTimeDep: TimeOfDay.nullable(),
  locSecondTimeAct: TimeOfDay.nullable(),
  /** Estimated pickup and drop-off (the trip's ETAs), when known. */
  estimatedPickupTime: TimeOfDay.nullable(),
  estimatedDropoffTime: TimeOfDay.nullable(),
  apptTime: TimeOfDay.nullable(),
  apptType: text().nullable(),
  callInTime: TimeOfDay.nullable(),
  status: text(),
  /** Driving distance of the leg in meters (screens show miles, DECISIONS 12). */
  googleDrivingDistanceMeters: z.number().nullable(),
  /** Only to the passenger themselves and to case managers. */
  memberId: text().nullable().optional(),
  /** Only to the passenger themselves and to case managers. */
  phones: z.array(Phone).optional(),
});
export type PortalLeg = z.infer<typeof PortalLeg>;

/** A trip as the portal sees it, with its rule 185 label and its step. */
export const PortalTrip = z.object({
  id: text(),
  referenceNumber: text(),
  modCount: z.number().int(),
  serviceDate: DriveAssignment.shape.serviceDate,
  timeZone: text(),
  serviceTypeRequested: text(),
  returnType: text().nullable(),
  willCall: z.boolean(),
  label: z.enum(PORTAL_TRIP_LABELS),
  step: z.enum(PORTAL_STEPS),
  cancelledReason: text().nullable(),
  requestedBy: text().nullable(),
  passengersAdditional: z.number().int(),
  pca: z.boolean(),
  /** The transport provider's name once the trip is assigned, else null. */
  providerName: text().nullable(),
  /** Case managers only: the account the trip is billed to. */
  billToContact: text().nullable().optional(),
  /** The legs of the caller's passengers only. */
  tripLegs: z.array(PortalLeg),
});
export type PortalTrip = z.infer<typeof PortalTrip>;

/** Whether an action of the trip page is offered, and if not, why (in words the screen shows). */
export const PortalAction = z.object({ allowed: z.boolean(), reason: text().nullable() });
export type PortalAction = z.infer<typeof PortalAction>;

/** The next time the passenger waits for: the driver's pickup, or the drop-off once on board. */
export const PortalEta = z.object({
  legId: text(),
  kind: z.enum(['pickup', 'dropoff']),
  /** The estimate when there is one, else the ordered time. */
  time: TimeOfDay,
  estimated: z.boolean(),
});
export type PortalEta = z.infer<typeof PortalEta>;

/** The trip page (GET case-manager-trip-preview?daId): the trip, its ETA and what the user may do. */
export const PortalTripPage = z.object({
  trip: PortalTrip,
  eta: PortalEta.nullable(),
  actions: z.object({
    cancel: PortalAction,
    /** Book the ride back (returnTripFrom). */
    bookReturn: PortalAction,
    /** Book the same trip on another day (duplicateFrom). */
    bookAgain: PortalAction,
  }),
  /** The number to call about the trip (a refused cancel names it too). */
  phone: text(),
});
export type PortalTripPage = z.infer<typeof PortalTripPage>;

/** The portal home (GET case-manager-activity): trips of the window in three groups. */
export const PortalActivity = z.object({
  /** The window searched, inclusive (YYYY-MM-DD). */
  serviceDate: DriveAssignment.shape.serviceDate,
  serviceDateMax: DriveAssignment.shape.serviceDate,
  /** Today in the operator's day, which the groups were cut at. */
  today: DriveAssignment.shape.serviceDate,
  /** Every trip of the window; the groups hold at most 1000, the days nearest today first. */
  total: z.number().int(),
  /** Case managers: their bill-to accounts by name, the choices of the billToIds filter. */
  billTos: z.array(z.object({ id: text(), name: text() })).optional(),
  /** Today's trips (first pickup first), later days' (soonest first) and earlier days' (most recent first). */
  groups: z.object({
    today: z.array(PortalTrip),
    upcoming: z.array(PortalTrip),
    completed: z.array(PortalTrip),
  }),
});
export type PortalActivity = z.infer<typeof PortalActivity>;

/** Keys of the full trip and its legs the portal never sends, at any depth. */
export const PORTAL_NEVER_SENT = [
  'farmoutRate',
  'farmoutRateOverride',
  'farmoutContactId',
  'farmoutContactNumber',
  'farmoutName',
  'partnerPayStatus',
  'outstandingAdjustments',
  'adjustments',
  'accepted',
  'declined',
  'dryRun',
  'flag',
  'schedulePriority',
  'priority',
  'locked',
  'driverId',
  'driverName',
  'driverEmpNumberAssigned',
  'notesSummary',
  'passNotes',
  'daClass',
  'lob',
  'memberPlanId',
  'county',
  'infectiousDiseaseFlag',
  'tlClass',
] as const satisfies readonly (keyof DriveAssignment | keyof TripLeg | 'farmoutRateOverride' | 'adjustments' | 'priority')[];
