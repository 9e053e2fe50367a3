import { z } from 'zod';
import { Uuid } from '../api/auth.ts';
import { IsoDate, text } from '../api/text.ts';
import { CONTACT_TYPES } from '../auth/roles.ts';
import { TYPEAHEAD_MIN_CHARS } from '../shell/constants.ts';
import { SERVICE_TYPE_NAMES } from '../trips/constants.ts';
import { COVERAGE_INPUT_LABELS, COVERAGE_MSG } from './messages.ts';
import { COVERAGE_STATUSES, missingCoverageInputs } from './rules.ts';

// Schemas of the coverage check and the reservation look-ups (spec 2 §7; DECISIONS 10), exported
// through api/coverage.ts.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A record id that may be left empty (a form field not filled in yet). */
const OptionalId = text()
  .trim()
  .refine((v) => v === '' || UUID_RE.test(v), 'Must be a record id')
  .nullish();
const CONTACT_TYPE_MSG = `Unknown contact type; one of ${CONTACT_TYPES.join(', ')}`;
const ContactType = z.enum(CONTACT_TYPES, { error: CONTACT_TYPE_MSG });
const ServiceTypeCode = z.enum(Object.keys(SERVICE_TYPE_NAMES) as [string, ...string[]], {
  error: `Unknown service number; one of ${Object.keys(SERVICE_TYPE_NAMES).join(', ')}`,
});
const Clock = text().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Times are HH:MM or HH:MM:SS');
const LatLngText = text()
  .trim()
  .regex(/^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'origin is "latitude,longitude"')
  .refine((v) => {
    const [lat, lng] = v.split(',').map(Number);
    return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  }, 'origin is outside the map');

/** A contact offered by the pickers (passenger, place, employee). */
export const ContactOption = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  name: text(),
  types: z.array(text()),
  memberId: text().nullable(),
  dob: text().nullable(),
  city: text().nullable(),
  /** The contact's main address (Home first), for a location field. */
  addressId: Uuid.nullable(),
  /** From `origin`, in miles to 0.1, when the search named one. */
  distanceMiles: z.number().nullable(),
});
export type ContactOption = z.infer<typeof ContactOption>;

export const AutocompleteContactQuery = z
  .object({
    query: text()
      .trim()
      .min(TYPEAHEAD_MIN_CHARS, `Type at least ${TYPEAHEAD_MIN_CHARS} characters`)
      .max(100, 'Search text is too long'),
    type: ContactType.optional(),
    type2: ContactType.optional(),
    /** An employee class: a contact type or directory group the employee holds (Driver, Dispatch, …). */
    empClass: text().trim().min(1).max(40, 'An employee class has at most 40 characters').optional(),
    /** Passengers covered by this bill-to. */
    billToId: Uuid.optional(),
    /** The label of one of the contact's addresses (Residence also finds Home). */
    locationType: text().trim().min(1).max(40, 'A location type has at most 40 characters').optional(),
    /** Places this passenger has been driven to come first. */
    passengerId: Uuid.optional(),
    origin: LatLngText.optional(),
    /** Miles from origin. */
    proximity: z.coerce.number({ error: 'proximity is a number of miles' }).positive('proximity is a number of miles above 0').max(500, 'proximity is at most 500 miles').optional(),
  })
  .refine((q) => q.proximity === undefined || q.origin !== undefined, { message: 'proximity needs an origin', path: ['origin'] });

export const CoverageCheckInput = z
  .object({
    passengerId: OptionalId,
    memberId: text().trim().max(40, 'A member id has at most 40 characters').nullish(),
    serviceDate: IsoDate.or(z.literal('')).nullish(),
    serviceType: ServiceTypeCode.or(z.literal('')).nullish(),
    appointmentType: text().trim().max(60, 'An appointment type has at most 60 characters').nullish(),
    /** The leg's appointment or pickup time, for the advance notice in hours. */
    serviceTime: Clock.nullish(),
    /** Who authorised a booking the check refuses (spec 2 §3 authorizedBy). */
    authorizedBy: text().trim().max(200, 'authorizedBy has at most 200 characters').nullish(),
    /** When the trip was booked, or its override; now when missing. */
    created: z.iso.datetime({ offset: true, error: 'created is an ISO date and time like 2026-11-24T09:30:00-07:00' }).nullish(),
    distanceMetersEstimated: z.number({ error: 'distanceMetersEstimated is a number of meters' }).min(0).max(10_000_000).nullish(),
    pickupId: OptionalId,
    dropoffId: OptionalId,
    /** The trip being edited, left out of the trips counted toward the limit. */
    driveAssignmentId: OptionalId,
  })
  .superRefine((v, ctx) => {
    const missing = new Set(missingCoverageInputs(v));
    for (const [path, label] of Object.entries(COVERAGE_INPUT_LABELS)) {
      if (missing.has(label)) ctx.addIssue({ code: 'custom', path: [path], message: COVERAGE_MSG.NEEDS_INPUTS });
    }
  });
export type CoverageCheckInput = z.input<typeof CoverageCheckInput>;

export const CoverageStatusSchema = z.enum(COVERAGE_STATUSES);

export const CoverageCheckResult = z.object({
  error: text().nullable(),
  overridable: z.boolean(),
  /** Saving must stop (a failure not authorised, or one the plan allows no override for). */
  blocked: z.boolean(),
  warnings: z.array(text()),
  status: CoverageStatusSchema.nullable(),
  billToId: Uuid.nullable(),
  billToName: text().nullable(),
  lob: text().nullable(),
  planId: Uuid.nullable(),
  planName: text().nullable(),
  coverage: z
    .object({
      id: Uuid,
      memberId: text(),
      dateBegin: text(),
      dateEnd: text(),
      tripsYTD: z.number().int(),
      planTripLimitCount: z.number().int().nullable(),
    })
    .nullable(),
  pickupZip: text().nullable(),
  /** Partners serving the pickup's ZIP code. */
  partners: z.array(z.object({ id: Uuid, name: text(), contactNumber: z.number().int() })),
});
export type CoverageCheckResult = z.infer<typeof CoverageCheckResult>;

/** One coverage of a member (spec 3 §3 Coverage), with its status today. */
export const CoverageRow = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  memberId: text(),
  billToId: Uuid,
  billToName: text(),
  planId: Uuid.nullable(),
  planName: text().nullable(),
  lob: text().nullable(),
  status: CoverageStatusSchema,
  dateBegin: text(),
  dateEnd: text(),
  tripsYTD: z.number().int(),
  planTripLimitCount: z.number().int().nullable(),
});
export type CoverageRow = z.infer<typeof CoverageRow>;

export const CoverageLookup = z.object({
  contactId: Uuid,
  name: text(),
  /** The coverage that applies today (Active first), or null. */
  status: CoverageStatusSchema.nullable(),
  tripsYTD: z.number().int().nullable(),
  planTripLimitCount: z.number().int().nullable(),
  coverages: z.array(CoverageRow),
});

export const AppointmentTypeOption = z.object({ code: text(), display: text() });

export const GuessApptType = z.object({
  apptType: text().nullable(),
  display: text().nullable(),
  /** Visits of that type to the place, of all the passenger's visits there. */
  count: z.number().int(),
  of: z.number().int(),
});

export const ApptToSeeOption = z.object({ name: text(), visits: z.number().int() });

export const WillCallDurationGuess = z.object({
  seconds: z.number().int().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  samples: z.number().int(),
});

export const OnTimeRuleAnswer = z.object({
  pickupEarlyMinutes: z.number().int(),
  pickupLateMinutes: z.number().int(),
  arriveBeforeApptMinutes: z.number().int(),
  source: z.enum(['passenger', 'billTo', 'operator']),
  billToId: Uuid.nullable(),
});
