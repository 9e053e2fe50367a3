import { z } from 'zod';
import { IsoDate, text } from './text.ts';
import { noControlCharacters } from '../audit/query.ts';
import { LOG_MSG } from '../audit/messages.ts';
import { NOTE_MAX, REVIEW_MSG } from '../review/adjustment-review.ts';
import { DriveAssignment } from '../trips/model.ts';
import {
  MILEAGE_MAX,
  MONITOR_ACTIONS,
  MONITOR_MSG,
  MONITOR_PAGE_MAX,
  MONITOR_PAGE_SIZE,
  MONITOR_STATUSES,
  RATE_ADJUST,
  RATE_MAX,
  REQUEST_NOTES_MAX,
} from '../partner-monitor/messages.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { PartnerActivity } from './log.ts';

// Partner monitor: pay adjustment requests and their review (spec 2 §7, 3 §2, §7).

const Id = text({ error: 'Missing record id' }).trim().min(1, 'Missing record id').max(36, 'Not a record id');
const ModCount = z.coerce.number({ error: 'modCount is a whole number' }).int('modCount is a whole number').min(0, 'modCount is a whole number');
const Notes = text({ error: MONITOR_MSG.NOTES_REQUIRED })
  .trim()
  .max(REQUEST_NOTES_MAX, `Keep the notes under ${REQUEST_NOTES_MAX} characters`)
  .refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER);
const Whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} is a whole number` })
    .int(`${name} is a whole number`)
    .min(min, `${name} is at least ${min}`)
    .max(max, `${name} is at most ${max}`);
/** A yes/no of a query: true, false, 1 or 0. */
const Flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** POST rate-override: the trip's new rate in dollars, or null to go back to the rate in force. */
export const RateOverrideBody = z.object({
  partnerActivity: z.object(
    {
      driveAssignmentId: Id,
      action: z.literal(RATE_ADJUST, { error: `The action is ${RATE_ADJUST}` }),
      amount: z
        .number({ error: MONITOR_MSG.RATE_REQUIRED })
        .min(0, 'A rate cannot be negative')
        .max(RATE_MAX, `A rate is at most $${RATE_MAX.toLocaleString('en-US')}`)
        .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use dollars and cents')
        .nullable(),
      notes: Notes.default(''),
    },
    { error: 'Send the request as partnerActivity' },
  ),
  /** The trip's modCount as the caller saw it; a stale one answers 409. */
  modCount: ModCount.optional(),
});

/**
 * POST adjust-mileage (rule 252): `mileage` is the difference final − original for loaded miles
 * (negative for fewer miles), the final deadhead miles with `deadhead`.
 */
export const AdjustMileageBody = z.object({
  driveAssignmentId: Id,
  mileage: z
    .number({ error: MONITOR_MSG.MILEAGE_REQUIRED })
    .min(-MILEAGE_MAX, `Mileage is at least -${MILEAGE_MAX}`)
    .max(MILEAGE_MAX, `Mileage is at most ${MILEAGE_MAX}`),
  notes: Notes.default(''),
  deadhead: z.boolean({ error: 'deadhead is true or false' }).default(false),
  modCount: ModCount.optional(),
});

/** What the rate and mileage dialogs start from: the trip's pay and miles as they are now. */
export const PayAdjustmentBasis = z.object({
  driveAssignmentId: text(),
  /** What the trip pays (override if any, else the rate in force), its default, and the override; null = none / NoRate. */
  farmoutRate: z.number().nullable(),
  farmoutRateDefault: z.number().nullable(),
  farmoutRateOverride: z.number().nullable(),
  /** The trip's own loaded miles, and the approved miles paid instead (null = none). */
  loadedMiles: z.number(),
  paidMilesOverride: z.number().nullable(),
  /** Partner base to first pickup, in miles; null when either has no location (deadheadProblem says which). */
  deadheadMiles: z.number().nullable(),
  deadheadProblem: text().nullable(),
  extraDeadheadMiles: z.number(),
  /** Rate or mileage requests still waiting for review. */
  pendingRate: z.boolean(),
  pendingMileage: z.boolean(),
});
export type PayAdjustmentBasis = z.infer<typeof PayAdjustmentBasis>;

/** What a request asked for, old → new, as the monitor shows it. */
export const AdjustmentRequest = z.object({
  /** Wait minutes, the requested rate, or the mileage sent (a loaded difference or the deadhead final). */
  number: z.number().nullable(),
  amount: z.number().nullable(),
  reason: text().nullable(),
  /** The rate or miles before the request. */
  previousValue: z.number().nullable(),
  deadhead: z.boolean().nullable(),
  receipts: z.array(z.object({ id: text(), name: text() })),
});

/** One row of the partner monitor. */
export const MonitorRow = z.object({
  id: text(),
  action: text(),
  status: text(),
  partner: z.object({ id: text(), name: text().nullable() }).nullable(),
  trip: z.object({ id: text(), referenceNumber: text(), serviceDate: text(), partnerPayStatus: text() }),
  request: AdjustmentRequest,
  notes: text().nullable(),
  createdAt: text(),
  createdByName: text().nullable(),
  resolvedAt: text().nullable(),
  resolvedByName: text().nullable(),
});
export type MonitorRow = z.infer<typeof MonitorRow>;

export const MonitorQuery = z.object({
  status: z.enum(MONITOR_STATUSES, { error: `Status is ${MONITOR_STATUSES.join(', ')}` }).default('Pending'),
  referenceNumber: text().trim().max(10, LOG_MSG.REFERENCE_NUMBER).refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER).optional(),
  serviceDate: IsoDate.optional(),
  actionDate: IsoDate.optional(),
  offset: Whole('offset', 0, 1_000_000).default(0),
  limit: Whole('limit', 1, MONITOR_PAGE_MAX).default(MONITOR_PAGE_SIZE),
});
export type MonitorQuery = z.input<typeof MonitorQuery>;

export const MonitorPage = z.object({ rows: z.array(MonitorRow), total: z.number().int() });

export const AddNoteBody = z.object({
  partnerActivityId: z.uuid({ error: MONITOR_MSG.ACTIVITY_REQUIRED }),
  newNote: text({ error: MONITOR_MSG.NOTE_REQUIRED })
    .trim()
    .min(1, MONITOR_MSG.NOTE_REQUIRED)
    .max(NOTE_MAX, REVIEW_MSG.NOTE_TOO_LONG)
    .refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER),
});

export const PartnerActivitiesQuery = z
  .object({
    id: z.uuid({ error: 'Not a request id' }).optional(),
    tripLegId: z.uuid({ error: 'Not a trip leg id' }).optional(),
    partnerActivityAction: z.enum(MONITOR_ACTIONS, { error: `The action is one of ${MONITOR_ACTIONS.join(', ')}` }).optional(),
    onlyShowUnresolved: Flag.optional(),
  })
  .refine((q) => q.id !== undefined || q.tripLegId !== undefined, { message: MONITOR_MSG.LEG_OR_ID, path: ['id'] });

/** A request made or applied: the activity (null when a rate editor's override applied at once), the trip and what to tell the user. */
export const AdjustmentResult = z.object({ activity: PartnerActivity.nullable(), trip: DriveAssignment, message: text() });

export const partnerMonitorEndpoints = {
  rateOverride: endpoint({
    method: 'POST',
    path: 'rate-override',
    area: 'financials',
    summary:
      "Changes what a trip pays its partner. A partner's is a Pending RateAdjust request for the operator (refused on a Final, read-only, unaccepted or future trip; a second pending one answers 409); a rate editor's (Admin, Finance, PartnerCredentialing) applies at once, amount null clearing the override (refused only on a Final trip). The trip is repriced.",
    access: { roles: ['Affiliate', 'Admin', 'Finance', 'PartnerCredentialing'] },
    answers: [404, 409],
    body: RateOverrideBody,
    response: AdjustmentResult,
  }),
  adjustMileage: endpoint({
    method: 'POST',
    path: 'adjust-mileage',
    area: 'financials',
    summary:
      "A partner's request to be paid other loaded miles (mileage = final − original) or deadhead miles (deadhead, mileage = the final, at least the base-to-pickup original): a Pending MileageAdjust request. Refused on a Final, read-only, unaccepted or future trip; a second pending one answers 409.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: AdjustMileageBody,
    response: AdjustmentResult,
  }),
  payAdjustmentBasis: endpoint({
    method: 'GET',
    path: 'adjust-mileage',
    area: 'financials',
    summary:
      "What the rate and mileage dialogs show: the trip's rate (default and override), its loaded miles, the deadhead miles from the partner's base to the first pickup, what was approved so far and which requests are pending. Row scope: another partner's trip answers 404.",
    access: { roles: ['Affiliate', 'SecureEmployee', 'Finance', 'PartnerCredentialing'] },
    answers: [404],
    query: z.object({ driveAssignmentId: Id }),
    response: PayAdjustmentBasis,
  }),
  partnerMonitorList: endpoint({
    method: 'GET',
    path: 'partner-monitor',
    area: 'activity',
    summary:
      'The pay adjustment requests of every partner (wait time, expenses, rate, mileage, pharmacy stops, cancellation reviews), oldest first, by status (Pending when none is given), reference number, service date and the day the request was made; paged by offset and limit.',
    access: { roles: ['SecureEmployee'] },
    query: MonitorQuery,
    response: MonitorPage,
  }),
  partnerMonitorAddNote: endpoint({
    method: 'POST',
    path: 'partner-monitor-add-note',
    area: 'activity',
    summary: "Adds a staff note to a request while it is Pending (409 once it has been reviewed). The partner reads it.",
    access: { roles: ['SecureEmployee'] },
    answers: [404, 409],
    body: AddNoteBody,
    response: PartnerActivity,
  }),
  partnerActivities: endpoint({
    method: 'GET',
    path: 'partner-activities',
    area: 'activity',
    summary:
      "A request by id, or the requests of a trip leg's trip, optionally of one action and only those still Pending; newest first. A partner sees only its own trips' requests (404 otherwise).",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    query: PartnerActivitiesQuery,
    response: z.array(PartnerActivity),
  }),
} satisfies Record<string, Endpoint>;
