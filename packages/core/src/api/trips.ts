import { z } from 'zod';
import { text } from './text.ts';
import { EXPENSE_REASONS, STATS_OUT_OF_RANGE_REASONS, TIME_ADJUSTMENT_RESULTS } from '../trips/constants.ts';
import { TRIP_MSG } from '../trips/messages.ts';
import { DriveAssignment, IsoDate, TimeOfDay } from '../trips/model.ts';
import { endpoint } from './endpoint.ts';
import { TripRowList } from '../trips/list-row.ts';
import { TripList, TripSearchQuery } from './search.ts';

const Id = text().trim().min(1, 'Missing record id').max(36, 'Not a record id');
const ModCount = z.coerce.number({ error: 'modCount is required' }).int('modCount is a whole number').min(0);
const TripRef = z.object({ id: Id, modCount: ModCount });

export const TripFailure = z.object({
  id: text(),
  referenceNumber: text().nullable(),
  message: text(),
  current: DriveAssignment.optional(),
});
export const TripBatchBody = z.object({
  driveAssignments: z.array(TripRef).min(1, 'Choose at least one trip').max(2000, 'At most 2000 trips at once'),
  /** Staff only: accept or decline trips that already occurred (spec 1 §5). */
  developerMode: z.boolean().default(false),
});
export const AcceptResult = z.object({
  accepted: z.array(DriveAssignment),
  failed: z.array(TripFailure),
  /** Trips skipped because they already occurred. */
  past: z.number().int(),
});
export const RateAcceptResult = z.object({ accepted: z.array(DriveAssignment), failed: z.array(TripFailure) });

export const DeclineQuery = z.object({
  driveAssignmentId: Id,
  modCount: ModCount,
  localTimestamp: text().max(40).optional(),
  // a query string carries 'false' as text, which z.coerce.boolean would read as true
  developerMode: z.union([z.boolean(), z.stringbool()]).default(false),
});
export const DeclineBody = z.object({ reason: text().trim().min(1, 'Choose a reason for declining this trip').max(200) });

export const StatsEntry = z.object({
  driveAssignmentId: Id,
  modCount: ModCount,
  tripLegId: Id,
  timeArrive: TimeOfDay,
  timeDepart: TimeOfDay,
  timeDropOff: TimeOfDay,
  outOfRangeReason: z.enum(STATS_OUT_OF_RANGE_REASONS).optional(),
  notes: text().max(2000).optional(),
});
export const StatsBody = z.array(StatsEntry).min(1, 'Enter the stats of at least one leg').max(50);

export const AdjustTimeQuery = z.object({
  driveAssignmentId: Id,
  modCount: ModCount,
  minutes: z.coerce.number({ error: 'minutes must be a number' }).int('Use whole minutes').min(1, 'Enter the extra wait time').max(24 * 60),
  notes: text().max(2000).default(''),
});
export const AdjustTimeResult = z.object({ status: z.enum(TIME_ADJUSTMENT_RESULTS), message: text(), trip: DriveAssignment });

export const ReceiptUploaded = z.object({ receiptId: text(), name: text(), size: z.number(), contentType: text() });
export const ExpenseAddQuery = z.object({
  driveAssignmentId: Id,
  modCount: ModCount,
  reason: z.enum(EXPENSE_REASONS, { error: 'Choose Tolls, Lodging, Parking Fees or Other' }),
  amount: z.coerce.number({ error: 'Enter the amount' }).positive('Enter the amount').max(10_000),
  notes: text().max(2000).default(''),
  /** Comma-separated receipt ids from expense-receipt-upload. */
  receipts: text().trim().min(1, 'Upload the receipt first').max(2000),
});

export const AssignDriverBody = z.object({ daId: Id, driverId: Id.nullable(), modCount: ModCount });
export const FlagBody = z.object({
  referenceNumber: text().trim().min(1).max(10),
  flag: text().trim().max(40).nullable(),
  modCount: ModCount.optional(),
});
const SmsText = text().trim().min(1, 'Write a message').max(640);
/** spec 1 §8 'Missing required contact id': absent, null or blank, the contact to text is named by it. */
const SmsContactId = text({ error: TRIP_MSG.MISSING_CONTACT_ID })
  .trim()
  .min(1, TRIP_MSG.MISSING_CONTACT_ID)
  .max(36, 'Not a record id');
export const SmsToPassenger = z.object({ daId: Id, contactId: SmsContactId, to: text().max(30).nullish(), message: SmsText });
export const SmsToDriver = z.object({
  vehicleId: Id.nullish(),
  driverId: Id,
  message: SmsText,
  includeSenderName: z.boolean().default(true),
});
/** A body naming a trip or a contact is the passenger form; any other the driver form. */
const isPassengerForm = (input: unknown) => typeof input === 'object' && input !== null && ('daId' in input || 'contactId' in input);
/**
 * spec 1 §7 send-sms: {daId, contactId, to, message} or {vehicleId, driverId, message,
 * includeSenderName}. A body that is neither answers the first problem of the form it was meant
 * to be, instead of the union's bare 'Invalid input'.
 */
export const SendSmsBody = z.union([SmsToPassenger, SmsToDriver], {
  error: (iss) => {
    if (iss.code !== 'invalid_union') return undefined;
    const meant = iss.errors[isPassengerForm(iss.input) ? 0 : 1]?.[0];
    return meant ? meant.message : undefined;
  },
});
/** spec 2 §3 "Cancel action": reason, notes, arrived, departed, licensePlateState, licensePlate, selections, tripLegId. */
export const CancelLegBody = z
  .object({
    driveAssignmentId: Id,
    modCount: ModCount,
    /** The leg to cancel; `selections` names more legs to cancel with it. */
    tripLegId: Id.nullish(),
    selections: z.array(Id).max(20).default([]),
    reason: text().trim().min(1, 'Choose a cancel reason').max(200),
    notes: text().max(2000).default(''),
    /** Non-employees, for a reason that needs stats: when the driver arrived and left. */
    arrived: TimeOfDay.nullish(),
    departed: TimeOfDay.nullish(),
    licensePlateState: text().trim().max(2, 'The plate state is its 2-letter code').nullish(),
    licensePlate: text().trim().max(10, 'A licence plate has at most 10 characters').nullish(),
    /** Staff only: charge the cancel or not, whatever the reason says. */
    withCharge: z.boolean().nullish(),
  })
  .refine((b) => !!b.tripLegId || b.selections.length > 0, { message: 'Choose the legs to cancel', path: ['tripLegId'] });

export const DeclineReason = z.object({ name: text(), aliases: z.array(text()), alwaysVisible: z.boolean() });
/** A cancel reason: whether it needs the stats (arrival, departure) and notes from whoever cancels. */
export const CancelReason = z.object({ label: text(), requireStats: z.boolean(), requireNotes: z.boolean() });
export const Driver = z.object({ id: text(), name: text(), employeeNumber: text().nullable(), partnerId: text() });

export const tripEndpoints = {
  driveAssignments: endpoint({
    method: 'GET',
    path: 'drive-assignments',
    area: 'trips',
    summary:
      "The caller's trips for a day (the same rows as the live found set), one trip by id or referenceNumber, or the staff trip search with every /admin/trips parameter, limit and filter. With view=list each row is the trip's list row (what a list shows and its row menu reads) instead of the full trip.",
    access: { signedIn: true },
    answers: [404],
    query: TripSearchQuery,
    response: TripList,
    views: { list: TripRowList },
  }),
  accept: endpoint({
    method: 'POST',
    path: 'accept',
    area: 'trips',
    summary: 'Accept trips (one, or all of a day). Answers the accepted trips and the refused ones with the reason.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: TripBatchBody,
    response: AcceptResult,
  }),
  acceptRate: endpoint({
    method: 'POST',
    path: 'accept-rate',
    area: 'trips',
    summary: 'Finalise trips with rate accept: the pay status becomes Final.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: TripBatchBody,
    response: RateAcceptResult,
  }),
  decline: endpoint({
    method: 'POST',
    path: 'decline',
    area: 'trips',
    summary: 'Decline a trip with a reason; it is marked declined and deleted.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    query: DeclineQuery,
    body: DeclineBody,
    response: DriveAssignment,
  }),
  stats: endpoint({
    method: 'POST',
    path: 'stats',
    area: 'trips',
    summary: 'Enter arrival, departure and drop-off times of legs.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: StatsBody,
    response: z.object({ updated: z.array(DriveAssignment) }),
  }),
  adjustTime: endpoint({
    method: 'POST',
    path: 'adjust-time',
    area: 'trips',
    summary:
      'Ask for extra wait time; answers Approved, Denied or Pending with its message. The same minutes sent again while the earlier request is Pending, or within 60 minutes of its approval, answer 409 (error repeated_request) with the earlier request as current.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    query: AdjustTimeQuery,
    response: AdjustTimeResult,
  }),
  expenseReceiptUpload: endpoint({
    method: 'POST',
    path: 'expense-receipt-upload',
    area: 'trips',
    summary: 'Upload a receipt (image or PDF, at most 20 MB) before adding an expense.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [400, 413, 415],
    raw: true,
    response: ReceiptUploaded,
  }),
  expenseReceipt: endpoint({
    method: 'GET',
    path: 'expense-receipt',
    area: 'trips',
    summary: 'A receipt file, for those who may see its trip.',
    access: { signedIn: true },
    answers: [404],
    query: z.object({ id: Id }),
    raw: true,
  }),
  expenseAdd: endpoint({
    method: 'POST',
    path: 'expense-add',
    area: 'trips',
    summary: 'Add a miscellaneous expense (Tolls, Lodging, Parking Fees, Other) with its receipts.',
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    query: ExpenseAddQuery,
    response: DriveAssignment,
  }),
  assignDriver: endpoint({
    method: 'POST',
    path: 'drive-assignment-assign-driver',
    area: 'trips',
    summary:
      "Assign one of the partner's drivers to a trip (null clears it). Assigning the driver the trip already has changes nothing: it answers 200 with the trip as it is, and modCount is not bumped.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: AssignDriverBody,
    response: DriveAssignment,
  }),
  flag: endpoint({
    method: 'POST',
    path: 'drive-assignment-flag',
    area: 'trips',
    summary:
      "Set or clear the flag of a trip. modCount is optional: without it the write is last-writer-wins; the web app always sends it, and a stale one answers 409 with the server's copy. Setting the flag the trip already has changes nothing (200, no modCount bump).",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404, 409],
    body: FlagBody,
    response: DriveAssignment,
  }),
  sendSms: endpoint({
    method: 'POST',
    path: 'send-sms',
    area: 'trips',
    summary: "Text a trip's passenger (or a driver) through the SMS service.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    body: SendSmsBody,
    response: z.object({ sent: z.literal(true), to: text() }),
  }),
  cancelLeg: endpoint({
    method: 'POST',
    path: 'cancel-individual-trip-leg',
    area: 'trips',
    summary: 'Cancel one leg of a trip.',
    access: { roles: ['Affiliate', 'SecureEmployee', 'Case Manager'] },
    answers: [404, 409],
    body: CancelLegBody,
    response: DriveAssignment,
  }),
  declineReasons: endpoint({
    method: 'GET',
    path: 'decline-reasons',
    area: 'trips',
    summary: 'Reasons a partner may give for declining.',
    access: { signedIn: true },
    response: z.array(DeclineReason),
  }),
  cancelReasons: endpoint({
    method: 'GET',
    path: 'cancel-reasons',
    area: 'trips',
    summary: 'Cancel reasons and whether each needs stats; with billToId only those that apply to that bill-to (a reason limited to none applies to all).',
    access: { signedIn: true },
    query: z.object({ serviceDate: IsoDate.optional(), billToId: z.uuid({ message: 'Must be a record id' }).optional() }),
    response: z.array(CancelReason),
  }),
  drivers: endpoint({
    method: 'GET',
    path: 'drivers',
    area: 'employees',
    summary: "The partner's drivers (staff name the partner with providerId, or partnerId as before); includeDeleted adds deleted ones.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    query: z.object({
      providerId: Id.optional(),
      partnerId: Id.optional(),
      includeDeleted: z.stringbool({ error: 'includeDeleted must be true or false' }).optional(),
    }),
    response: z.array(Driver),
  }),
};

const { views: _views, ...driveAssignments } = tripEndpoints.driveAssignments;

/**
 * GET drive-assignments with view=list, for a typed client: the address, access and rules of
 * tripEndpoints.driveAssignments (which the server registers and the API document describes, with
 * this answer as its list view), answering list rows.
 */
export const driveAssignmentRows = endpoint({
  ...driveAssignments,
  query: TripSearchQuery.safeExtend({ view: z.literal('list') }),
  response: TripRowList,
});
