import { z } from 'zod';

/** Time of day as the API carries it: 'HH:MM:SS' (24-hour); 23:59:00 means will call. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Times are HH:MM:SS');
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const PARTNER_PAY_STATUSES = ['Open', 'Pending', 'Final'] as const;
export type PartnerPayStatus = (typeof PARTNER_PAY_STATUSES)[number];

/** DECISIONS 13: the union of leg statuses. */
export const LEG_STATUSES = ['WillCall', 'Pending', 'Arrived', 'In Vehicle', 'Exiting', 'Rode', 'Canceled', 'CanceledNoCharge'] as const;

export const Phone = z.object({
  phoneNumberWithAreaCode: z.string(),
  smsEnabled: z.boolean(),
  main: z.boolean(),
  type: z.string(),
});
export type Phone = z.infer<typeof Phone>;

export const Location = z.object({
  Id: z.string().nullable(),
  Address: z.string().nullable(),
  Lat: z.number().nullable(),
  Lng: z.number().nullable(),
});

/** Trip leg (spec 1 §3). */
export const TripLeg = z.object({
  id: z.string(),
  whichLeg: z.string(),
  passengerId: z.string().nullable(),
  passenger: z.object({ id: z.string(), name: z.string(), phones: z.array(Phone) }).nullable(),
  locFirstAction: z.string(),
  locSecondAction: z.string(),
  locFirstTimeOrd: TimeOfDay.nullable(),
  locSecondTimeOrd: TimeOfDay.nullable(),
  locFirstTimeAct: TimeOfDay.nullable(),
  locFirstTimeDep: TimeOfDay.nullable(),
  locSecondTimeAct: TimeOfDay.nullable(),
  locFirstTimeOrdMillis: z.number().nullable(),
  callInTime: TimeOfDay.nullable(),
  apptType: z.string().nullable(),
  apptTime: TimeOfDay.nullable(),
  apptToSee: z.string().nullable(),
  webFields: z.record(z.string(), z.unknown()),
  locationFirst: Location,
  locationSecond: Location,
  serviceCode: z.string().nullable(),
  googleDrivingDistanceMeters: z.number().nullable(),
  googleDrivingTime: z.number().nullable(),
  googleDrivingTimeNoTraffic: z.number().nullable(),
  lob: z.string().nullable(),
  division: z.string().nullable(),
  memberId: z.string().nullable(),
  memberPlanId: z.string().nullable(),
  ambulatoryStatus: z.string().nullable(),
  infectiousDiseaseFlag: z.boolean(),
  doNotChangeVehicle: z.boolean(),
  passName: z.string().nullable(),
  passNotes: z.string().nullable(),
  servDateBeg: z.string().nullable(),
  tlClass: z.string().nullable(),
  status: z.string(),
  cancelNc: z.boolean(),
  cancelWc: z.boolean(),
  billToContactId: z.string().nullable(),
});
export type TripLeg = z.infer<typeof TripLeg>;

/** Drive assignment (trip; live entity SyncDriveAssv), spec 1 §3. */
export const DriveAssignment = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  modCount: z.number().int(),
  serviceDate: IsoDate,
  serviceNumber: z.string().nullable(),
  serviceTypeRequested: z.string(),
  accepted: z.boolean(),
  declined: z.boolean(),
  deleted: z.boolean(),
  canceled: z.boolean(),
  cancelledWithoutCharge: z.boolean(),
  cancelledWithCharge: z.boolean(),
  cancelledReason: z.string().nullable(),
  dryRun: z.boolean(),
  willCall: z.boolean(),
  flag: z.string().nullable(),
  locked: z.boolean(),
  schedulePriority: z.number().int(),
  partnerPayStatus: z.enum(PARTNER_PAY_STATUSES),
  driverEmpNumberAssigned: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  farmoutContactNumber: z.number().nullable(),
  farmoutContactId: z.string().nullable(),
  farmoutName: z.string().nullable(),
  farmoutRate: z.number().nullable(),
  billToContactId: z.string().nullable(),
  billToContact: z.string().nullable(),
  division: z.string().nullable(),
  /** IANA time zone of the trip's division: "has it occurred" is judged there. */
  timeZone: z.string(),
  county: z.string().nullable(),
  daClass: z.string().nullable(),
  passengersAdditional: z.number().int(),
  pca: z.boolean(),
  ppec: z.boolean(),
  returnType: z.string().nullable(),
  authorized: z.boolean(),
  authorizedBy: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** The trip's notes summary (spec 2 §3), edited by staff. */
  notesSummary: z.string().nullable().optional(),
  /** Whether the cancel reason (if any) needs stats before finalising. */
  cancelReasonRequiresStats: z.boolean().nullable(),
  /** Partner adjustments (wait time, expenses) still waiting for the operator's review. */
  outstandingAdjustments: z.number().int(),
  tripLegs: z.array(TripLeg),
});
export type DriveAssignment = z.infer<typeof DriveAssignment>;
