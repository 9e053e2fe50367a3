import { z } from 'zod';
import { IsoDate, text } from '../api/text.ts';

export { IsoDate };

/** Time of day as the API carries it: 'HH:MM:SS' (24-hour); 23:59:00 means will call. */
export const TimeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Times are HH:MM:SS');

export const PARTNER_PAY_STATUSES = ['Open', 'Pending', 'Final'] as const;
export type PartnerPayStatus = (typeof PARTNER_PAY_STATUSES)[number];

/** DECISIONS 13: the union of leg statuses. */
export const LEG_STATUSES = ['WillCall', 'Pending', 'Arrived', 'In Vehicle', 'Exiting', 'Rode', 'Canceled', 'CanceledNoCharge'] as const;

export const Phone = z.object({
  phoneNumberWithAreaCode: text(),
  smsEnabled: z.boolean(),
  main: z.boolean(),
  type: text(),
});
export type Phone = z.infer<typeof Phone>;

export const Location = z.object({
  Id: text().nullable(),
  Address: text().nullable(),
  Lat: z.number().nullable(),
  Lng: z.number().nullable(),
});

/** Trip leg (spec 1 §3). */
export const TripLeg = z.object({
  id: text(),
  whichLeg: text(),
  passengerId: text().nullable(),
  passenger: z.object({ id: text(), name: text(), phones: z.array(Phone) }).nullable(),
  locFirstAction: text(),
  locSecondAction: text(),
  locFirstTimeOrd: TimeOfDay.nullable(),
  locSecondTimeOrd: TimeOfDay.nullable(),
  locFirstTimeAct: TimeOfDay.nullable(),
  locFirstTimeDep: TimeOfDay.nullable(),
  locSecondTimeAct: TimeOfDay.nullable(),
  locFirstTimeOrdMillis: z.number().nullable(),
  callInTime: TimeOfDay.nullable(),
  apptType: text().nullable(),
  apptTime: TimeOfDay.nullable(),
  apptToSee: text().nullable(),
  webFields: z.record(text(), z.unknown()),
  locationFirst: Location,
  locationSecond: Location,
  serviceCode: text().nullable(),
  googleDrivingDistanceMeters: z.number().nullable(),
  googleDrivingTime: z.number().nullable(),
  googleDrivingTimeNoTraffic: z.number().nullable(),
  lob: text().nullable(),
  division: text().nullable(),
  memberId: text().nullable(),
  memberPlanId: text().nullable(),
  ambulatoryStatus: text().nullable(),
  infectiousDiseaseFlag: z.boolean(),
  doNotChangeVehicle: z.boolean(),
  passName: text().nullable(),
  passNotes: text().nullable(),
  servDateBeg: text().nullable(),
  tlClass: text().nullable(),
  status: text(),
  cancelNc: z.boolean(),
  cancelWc: z.boolean(),
  billToContactId: text().nullable(),
});
export type TripLeg = z.infer<typeof TripLeg>;

/** Drive assignment (trip; live entity SyncDriveAssv), spec 1 §3. */
export const DriveAssignment = z.object({
  id: text(),
  referenceNumber: text(),
  modCount: z.number().int(),
  serviceDate: IsoDate,
  serviceNumber: text().nullable(),
  serviceTypeRequested: text(),
  accepted: z.boolean(),
  declined: z.boolean(),
  deleted: z.boolean(),
  canceled: z.boolean(),
  cancelledWithoutCharge: z.boolean(),
  cancelledWithCharge: z.boolean(),
  cancelledReason: text().nullable(),
  dryRun: z.boolean(),
  willCall: z.boolean(),
  flag: text().nullable(),
  locked: z.boolean(),
  schedulePriority: z.number().int(),
  partnerPayStatus: z.enum(PARTNER_PAY_STATUSES),
  driverEmpNumberAssigned: text().nullable(),
  driverId: text().nullable(),
  driverName: text().nullable(),
  farmoutContactNumber: z.number().nullable(),
  farmoutContactId: text().nullable(),
  farmoutName: text().nullable(),
  farmoutRate: z.number().nullable(),
  billToContactId: text().nullable(),
  billToContact: text().nullable(),
  division: text().nullable(),
  /** IANA time zone of the trip's division: "has it occurred" is judged there. */
  timeZone: text(),
  county: text().nullable(),
  daClass: text().nullable(),
  passengersAdditional: z.number().int(),
  pca: z.boolean(),
  ppec: z.boolean(),
  returnType: text().nullable(),
  authorized: z.boolean(),
  authorizedBy: text().nullable(),
  requestedBy: text().nullable(),
  /** The trip's notes summary (spec 2 §3), edited by staff. */
  notesSummary: text().nullable().optional(),
  /** Whether the cancel reason (if any) needs stats before finalising. */
  cancelReasonRequiresStats: z.boolean().nullable(),
  /** The instant the exclusive window of the trip's partner ends in the marketplace (ISO); null: not offered. */
  marketplaceUntil: text().nullable().optional(),
  /** Partner adjustments (wait time, expenses) still waiting for the operator's review. */
  outstandingAdjustments: z.number().int(),
  tripLegs: z.array(TripLeg),
});
export type DriveAssignment = z.infer<typeof DriveAssignment>;
