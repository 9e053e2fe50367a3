import { z } from 'zod';
import { text } from './text.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { PortalActivity, PortalTrip, PortalTripPage } from '../portal/trip.ts';
import { MemberPlan } from '../portal/member-plans.ts';
import { PORTAL_MSG } from '../portal/messages.ts';

// Case manager and passenger portal: activity, the trip page, cancellation and member plans (spec 2 §7).

/** Who uses the portal's trip endpoints: its two roles, and staff for anyone's. */
const PORTAL_ACCESS = { roles: ['Case Manager', 'S/N Passenger', 'SecureEmployee'] } as const;

const TripId = z.uuid({ error: (iss) => (iss.input === undefined ? 'Missing trip id' : 'Not a trip id') });
const RecordId = z.uuid({ error: 'Must be a record id' });
/** A day as YYYY-MM-DD. */
const Day = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date like 2026-11-22')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Enter a real date');

/**
 * GET case-manager-activity (spec 2 §7): one trip by id, or the trips of a window (serviceDate to
 * serviceDateMax, default 30 days back to 60 ahead, at most 93 days) narrowed to some of the
 * caller's bill-tos (billToIds: comma-separated or repeated), one passenger or one member id.
 */
export const PortalActivityQuery = z.object({
  id: TripId.optional(),
  serviceDate: Day.optional(),
  serviceDateMax: Day.optional(),
  billToIds: z
    .union([text(), z.array(text())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(RecordId).max(100, 'At most 100 bill-to accounts at once'))
    .optional(),
  passengerId: RecordId.optional(),
  memberId: text().trim().min(1, 'Enter a member id').max(40, 'A member id has at most 40 characters').optional(),
});
export type PortalActivityQuery = z.output<typeof PortalActivityQuery>;

export const PortalTripQuery = z.object({ daId: TripId });

export const PortalCancelBody = z.object({
  id: TripId,
  modCount: z.coerce.number({ error: 'modCount is required' }).int('modCount is a whole number').min(0, 'modCount is a whole number'),
});

/** The answer of a cancel: the trip as it is now, and the legs that were cancelled. */
export const PortalCancelResult = z.object({ trip: PortalTrip, canceledLegIds: z.array(text()), message: text() });

export const MemberPlansQuery = z
  .object({
    contactNumber: z.coerce
      .number({ error: 'Enter the passenger number' })
      .int('A passenger number is a whole number')
      .positive('A passenger number is a whole number')
      .max(2_147_483_647, 'No such passenger number')
      .optional(),
    /** Staff: one plan by id. */
    planId: RecordId.optional(),
  })
  .refine((q) => q.contactNumber !== undefined || q.planId !== undefined, { message: 'Choose a passenger', path: ['contactNumber'] });

export const portalTripEndpoints = {
  portalActivity: endpoint({
    method: 'GET',
    path: 'case-manager-activity',
    area: 'portal',
    summary:
      "The portal home (spec 2 §7): the caller's trips of a window (default 30 days back to 60 ahead; more than 93 days is refused) in three groups, today, upcoming and completed, each trip with its rule 185 label, or one trip by id. Passengers see their own trips, case managers their bill-tos' (billToIds, passengerId and memberId narrow within that; another's id finds nothing), staff anyone's.",
    access: PORTAL_ACCESS,
    answers: [404],
    query: PortalActivityQuery,
    response: PortalActivity,
  }),
  portalTripPage: endpoint({
    method: 'GET',
    path: 'case-manager-trip-preview',
    area: 'portal',
    summary:
      "One trip's page (spec 2 §7, rule 53): the trip as the portal sees it, its step (Requested, Driver assigned, Driver arrived, Picked up, Dropped off or Canceled), the ETA, and whether Cancel, Book return and Book again are offered and why not. A trip out of the caller's scope is not found. Reading it is logged as an access to health information.",
    access: PORTAL_ACCESS,
    answers: [404],
    query: PortalTripQuery,
    response: PortalTripPage,
  }),
  portalCancel: endpoint({
    method: 'POST',
    path: 'case-manager-cancel',
    area: 'portal',
    summary: `Cancels the legs of a trip that can still be cancelled (no pickup yet, pickup from 1 hour ago on; rule 111) with reason Advance Notice, without charge; staff review it as a pending partner activity. A cancelled or started trip is refused with the number to call; a stale modCount answers 409 and changes nothing. ${PORTAL_MSG.CANCEL_DONE}`,
    access: PORTAL_ACCESS,
    answers: [404, 409],
    body: PortalCancelBody,
    response: PortalCancelResult,
  }),
  memberPlans: endpoint({
    method: 'GET',
    path: 'member-plans',
    area: 'portal',
    summary:
      "A passenger's plans by contact number (spec 2 §7), each with its status today, its yearly trip limit against the trips taken this year and its advance notice; staff may also read one plan by planId. A passenger out of the caller's scope is not found.",
    access: PORTAL_ACCESS,
    answers: [404],
    query: MemberPlansQuery,
    response: z.array(MemberPlan),
  }),
} satisfies Record<string, Endpoint>;
