import { z } from 'zod';
import { text } from './text.ts';
import { LOG_MSG } from '../audit/messages.ts';
import { LogQuery, noControlCharacters } from '../audit/query.ts';
import { endpoint } from './endpoint.ts';

/** One audit row (spec 2 §2 audit log, spec 3 §2 audit log entry display), newest first in every answer. */
export const LogEntry = z.object({
  id: z.number().int(),
  /** When it happened (ISO 8601). */
  at: text(),
  activityType: text(),
  table: text(),
  recordId: text().nullable(),
  /** Who did it; null for changes made by the system itself. */
  actor: z.object({ id: text(), name: text().nullable(), username: text().nullable() }).nullable(),
  /** The staff member who was signed in as the actor (su), if any. */
  impersonator: z.object({ id: text(), name: text().nullable() }).nullable(),
  /** The changed fields as they were and as they became (JSON); null when there is no side. */
  before: z.unknown(),
  after: z.unknown(),
  requestId: text().nullable(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const LogPage = z.object({
  entries: z.array(LogEntry),
  /** Older entries match too: ask again with `before` set to the last entry's id. */
  more: z.boolean(),
});
export type LogPage = z.infer<typeof LogPage>;

/** A partner action on a trip and its review (spec 1 §3 "Partner action"; table partner_activities). */
export const PartnerActivity = z.object({
  id: text(),
  driveAssignmentId: text(),
  action: text(),
  status: text(),
  /** Minutes of a wait-time request. */
  number: z.number().nullable(),
  amount: z.number().nullable(),
  reason: text().nullable(),
  /** A rate or mileage request's value before it (the trip's rate, the original miles). */
  previousValue: z.number().nullable().default(null),
  /** A mileage request about deadhead miles (base to first pickup) rather than loaded miles. */
  deadhead: z.boolean().nullable().default(null),
  notes: text().nullable(),
  createdAt: text(),
  createdByName: text().nullable(),
  resolvedByName: text().nullable(),
  resolvedAt: text().nullable(),
});
export type PartnerActivity = z.infer<typeof PartnerActivity>;

/** One event of a ride-share provider's ride for a trip leg (spec 2 §2 trip inspect, ride-service activity). */
export const RideServiceActivity = z.object({
  id: text(),
  at: text(),
  tripLegId: text().nullable(),
  /** The provider's ride status (spec 3 §4 "Ride-share statuses"). */
  status: text(),
  message: text().nullable(),
});
export type RideServiceActivity = z.infer<typeof RideServiceActivity>;

const ReferenceNumber = text({ error: 'referenceNumber is required' })
  .trim()
  .min(1, 'referenceNumber is required')
  .max(10, LOG_MSG.REFERENCE_NUMBER)
  .refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER);
const ByReference = z.object({ referenceNumber: ReferenceNumber });

export const logEndpoints = {
  log: endpoint({
    method: 'GET',
    path: 'log',
    area: 'activity',
    summary:
      'The audit log by record (table and id), by user (contact id or user name) or by activity type, optionally within dates; newest first, `before` pages to older entries.',
    access: { roles: ['SecureEmployee'] },
    query: LogQuery,
    response: LogPage,
  }),
  driveAssignmentAllActivity: endpoint({
    method: 'GET',
    path: 'drive-assignment-all-activity',
    area: 'trips',
    summary: "Every audit entry about a trip: the trip, its legs, its partner activities and its receipts; newest first.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: ByReference,
    response: z.array(LogEntry),
  }),
  restPartnerActivity: endpoint({
    method: 'GET',
    path: 'rest/partner-activity',
    area: 'trips',
    summary: "A trip's partner activities (declines, wait time, expenses, rate and mileage requests) with who created and resolved them; `adjustment` keeps only pay adjustment requests.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    query: z.object({
      da: text({ error: LOG_MSG.TRIP_ID_REQUIRED }).trim().min(1, LOG_MSG.TRIP_ID_REQUIRED).max(36, 'Not a trip id'),
      action: text().trim().max(40).refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER).optional(),
      status: text().trim().max(20).refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER).optional(),
      /** Only pay adjustment requests (wait time, expenses, rate, mileage): true, false, 1 or 0. */
      adjustment: z
        .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    }),
    response: z.array(PartnerActivity),
  }),
  lyftActivity: endpoint({
    method: 'GET',
    path: 'lyft-activity',
    area: 'trips',
    summary: "Lyft ride activity of a trip's legs (empty while no ride-share provider is connected). Staff only.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: ByReference,
    response: z.array(RideServiceActivity),
  }),
  uberActivity: endpoint({
    method: 'GET',
    path: 'uber-activity',
    area: 'trips',
    summary: "Uber ride activity of a trip's legs (empty while no ride-share provider is connected). Staff only.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: ByReference,
    response: z.array(RideServiceActivity),
  }),
};
