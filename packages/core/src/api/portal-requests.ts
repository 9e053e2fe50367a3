import { z } from 'zod';
import { LegAddressInput } from '../geo/address.ts';
import { SERVICE_TYPE_NAMES } from '../trips/constants.ts';
import { TimeOfDay } from '../trips/model.ts';
import { PORTAL_REQUEST_MSG } from '../portal-requests/messages.ts';
import { PortalTrip } from '../portal/trip.ts';
import { Uuid } from './auth.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { AddressOption } from './geo.ts';
import { IsoDate, text } from './text.ts';

// Case manager and passenger portal: trip requests (spec 2 §3 "Case manager trip request", §6, §7).

/** Rule 69: those who may request a trip; a passenger only for themselves. */
const REQUESTERS = { roles: ['S/N Passenger', 'Case Manager', 'SecureEmployee', 'ItinerisAdmin'] } as const;
/** Rule 69: those who choose the passenger of a request. */
const CHOOSERS = { roles: ['Case Manager', 'SecureEmployee', 'ItinerisAdmin'] } as const;

const SERVICE_CODES = Object.keys(SERVICE_TYPE_NAMES) as [string, ...string[]];
const Time = TimeOfDay.nullable().optional();

/** A passenger the wizard offers to choose (a case manager's member, or any passenger for staff). */
export const PortalPassengerOption = z.object({
  id: text(),
  name: text(),
  dob: text().nullable(),
  memberId: text().nullable(),
  /** The last service date of a trip of theirs the user can see, if any. */
  lastTripDate: text().nullable(),
});
export type PortalPassengerOption = z.infer<typeof PortalPassengerOption>;

/** The case manager trip request (spec 2 §3), plus the far-away confirmation (spec 2 §5). */
export const TripRequest = z.object({
  /** The passenger's id: the user themselves for a passenger (rule 69). */
  passenger: Uuid,
  serviceTypeCode: z.enum(SERVICE_CODES, { error: PORTAL_REQUEST_MSG.SERVICE_TYPE_REQUIRED }),
  serviceDate: IsoDate,
  pickupTime: Time,
  /** The pickup time was typed rather than worked out from the appointment (refused on will call). */
  pickupTimeOverride: z.boolean().default(false),
  dropoffTime: Time,
  apptTime: Time,
  /** The ride home waits for the passenger's call (spec 2 §4). */
  willCall: z.boolean().default(false),
  locationFirst: LegAddressInput.nullable(),
  locationSecond: LegAddressInput.nullable(),
  apptType: text().trim().min(1, PORTAL_REQUEST_MSG.APPT_TYPE_REQUIRED).max(60, 'An appointment type has at most 60 characters'),
  /** The user confirmed a pickup and destination more than 300 km apart. */
  farConfirmed: z.boolean().default(false),
});
export type TripRequest = z.input<typeof TripRequest>;
export type ParsedTripRequest = z.output<typeof TripRequest>;

/** What the wizard fills in from an earlier trip (duplicateFrom: all but the date; returnTripFrom: places swapped). */
export const TripRequestPrefill = z.object({
  from: z.enum(['duplicate', 'return']),
  referenceNumber: text(),
  serviceTypeCode: text(),
  pickupTime: TimeOfDay.nullable(),
  dropoffTime: TimeOfDay.nullable(),
  apptTime: TimeOfDay.nullable(),
  pickupTimeOverride: z.boolean(),
  willCall: z.boolean(),
  apptType: text().nullable(),
  locationFirst: AddressOption.nullable(),
  locationSecond: AddressOption.nullable(),
});
export type TripRequestPrefill = z.infer<typeof TripRequestPrefill>;

/** Everything the trip details step offers for one passenger (rules 189, 190). */
export const TripCreateOptions = z.object({
  passenger: PortalPassengerOption,
  addresses: z.array(AddressOption),
  apptTypes: z.array(z.object({ code: text(), display: text() })),
  serviceTypes: z.array(z.object({ code: text(), name: text() })),
  /** Rule 189: the first and last service dates that may be requested (YYYY-MM-DD). */
  earliestDate: text(),
  latestDate: text(),
  /** The plan's minimum notice in hours, checked against the pickup time as well. */
  noticeHoursMin: z.number().int().nullable(),
  prefill: TripRequestPrefill.nullable(),
});
export type TripCreateOptions = z.infer<typeof TripCreateOptions>;

/** A previewed request: held for 30 minutes under its requestId; no trip is written. */
export const TripRequestPreview = z.object({
  requestId: text(),
  /** When the requestId stops working (ISO date and time). */
  expiresAt: text(),
  serviceDate: text(),
  willCall: z.boolean(),
  pickup: text(),
  dropoff: text(),
  estimatedPickupTime: TimeOfDay.nullable(),
  estimatedDropoffTime: TimeOfDay.nullable(),
  apptTime: TimeOfDay.nullable(),
  apptType: text(),
  serviceTypeCode: text(),
  /** The server's driving distance and time between the two stops. */
  distanceMeters: z.number().nullable(),
  drivingSeconds: z.number().nullable(),
  warnings: z.array(text()),
});
export type TripRequestPreview = z.infer<typeof TripRequestPreview>;

export const ScheduledTripRequest = z.object({
  requestId: text(),
  daId: text(),
  referenceNumber: text(),
  status: z.enum(['Pending', 'WillCall']),
  /** The trip written, as the portal sees it. */
  trip: PortalTrip,
});
export type ScheduledTripRequest = z.infer<typeof ScheduledTripRequest>;

export const portalRequestEndpoints = {
  portalPassengerOptions: endpoint({
    method: 'GET',
    path: 'case-manager-passenger-options',
    area: 'portal',
    summary:
      "The passengers a trip request may be for, most recently travelled first (at most 50): a case manager's members (passengers covered by one of its bill-tos), any passenger for staff. Logged as an access to passengers' records.",
    access: CHOOSERS,
    response: z.array(PortalPassengerOption),
  }),
  portalLookupPassenger: endpoint({
    method: 'GET',
    path: 'case-manager-lookup-passenger',
    area: 'portal',
    summary: 'Finds a passenger by member id, or by full name and date of birth, within the caller\'s members (staff: any passenger). Logged as an access to passengers\' records.',
    access: CHOOSERS,
    query: z
      .object({
        memberId: text().trim().max(40, 'A member ID has at most 40 characters').optional(),
        fullName: text().trim().max(120, 'A name has at most 120 characters').optional(),
        dob: IsoDate.optional(),
      })
      .refine((q) => !!q.memberId || (!!q.fullName && !!q.dob), { message: PORTAL_REQUEST_MSG.LOOKUP_NEEDS, path: ['memberId'] }),
    response: z.array(PortalPassengerOption),
  }),
  portalTripCreateOptions: endpoint({
    method: 'GET',
    path: 'case-manager-trip-create-options',
    area: 'portal',
    summary:
      "What a trip request for the passenger may use: their addresses, the appointment types of their bill-to, the service types (01 and 03 for portal users, rule 190) and the first and last dates (tomorrow to a month ahead, narrowed by the plan's notice, rule 189). duplicateFrom or returnTripFrom (a trip in scope) also answers the request to fill in; a will-call trip has no return trip.",
    access: REQUESTERS,
    answers: [404],
    query: z
      .object({ passengerId: Uuid.optional(), duplicateFrom: Uuid.optional(), returnTripFrom: Uuid.optional() })
      .refine((q) => !!q.passengerId || !!q.duplicateFrom || !!q.returnTripFrom, { message: PORTAL_REQUEST_MSG.PASSENGER_REQUIRED, path: ['passengerId'] }),
    response: TripCreateOptions,
  }),
  portalTripRequestPreview: endpoint({
    method: 'POST',
    path: 'case-manager-trip-preview',
    area: 'portal',
    summary:
      "Checks a trip request under the reservation rules (will call, times, coverage, the passenger's contact type, more than 300 km needs farConfirmed) and answers the estimated times, distance and warnings with a requestId that schedules it within 30 minutes. Writes no trip.",
    access: REQUESTERS,
    answers: [404],
    body: TripRequest,
    response: TripRequestPreview,
  }),
  portalTripRequestSchedule: endpoint({
    method: 'POST',
    path: 'case-manager-trip-schedule',
    area: 'portal',
    summary:
      'Books a previewed request: checks it again and writes the trip (Pending, or WillCall) with its audit rows in one transaction. The same requestId always answers the same trip; an expired one answers 409.',
    access: REQUESTERS,
    answers: [404, 409],
    body: z.object({ requestId: Uuid }),
    response: ScheduledTripRequest,
  }),
} satisfies Record<string, Endpoint>;
