import { z } from 'zod';
import { TimeOfDay } from '../trips/model.ts';
import { DECLINED_TRIP_MSG, NOTES_MSG, ORDER_MSG, PHARMACY_MSG } from '../standing-orders/messages.ts';
import { GURNEY_CHECKLIST, NOTE_TEXT_MAX } from '../standing-orders/notes.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import { PartnerActivity } from './log.ts';
import { IsoDate, text } from './text.ts';

// Duplicating trips and standing orders, notes, pharmacy stops and declined trips (spec 2 §3, §5, §7).

const Id = text({ error: 'Missing record id' }).trim().min(1, 'Missing record id').max(36, 'Not a record id');
const ModCount = z.coerce.number({ error: 'modCount is required' }).int('modCount is a whole number').min(0);
const Weekday = z.number().int().min(0, 'Weekdays are 0 (Sunday) to 6 (Saturday)').max(6, 'Weekdays are 0 (Sunday) to 6 (Saturday)');
const NoteText = text().trim().max(NOTE_TEXT_MAX, NOTES_MSG.NOTE_TOO_LONG);

/** A standing order's rule as the duplicate request sends it (the start is the first date). */
export const StandingOrderRule = z.object({
  weekdays: z.array(Weekday).min(1, 'Choose at least one weekday').max(7),
  everyWeeks: z.number({ error: 'Repeat at least every 1 week' }).int().min(1, 'Repeat at least every 1 week').max(52),
  endDate: IsoDate.nullable().default(null),
});

/** spec 2 §3 "Duplicate request": daId, dates, standingOrders. */
export const DuplicateBody = z
  .object({
    daId: Id,
    dates: z.array(IsoDate).min(1, 'Choose at least one date').max(366, 'At most 366 dates at once'),
    /** On: the dates become a standing order that keeps making the trip (its rule in `standingOrder`). */
    standingOrders: z.boolean().default(false),
    standingOrder: StandingOrderRule.nullish(),
  })
  .refine((b) => !b.standingOrders || !!b.standingOrder, { message: 'Choose the weekdays the standing order repeats on', path: ['standingOrder'] });

export const DateRangeBody = z.object({ startDate: IsoDate, endDate: IsoDate });

export const StandingOrderSuspension = z.object({ id: text(), startDate: IsoDate, endDate: IsoDate, createdByName: text().nullable() });

export const StandingOrder = z.object({
  id: text(),
  modCount: z.number().int(),
  sourceTripId: text(),
  dupeReferenceKey: text(),
  weekdays: z.array(z.number().int()),
  everyWeeks: z.number().int(),
  startDate: IsoDate,
  endDate: IsoDate.nullable(),
  /** The last day the daily run has made trips to. */
  filledThrough: IsoDate.nullable(),
  description: text(),
  suspensions: z.array(StandingOrderSuspension),
  trips: z.array(z.object({ id: text(), referenceNumber: text(), serviceDate: IsoDate, canceled: z.boolean() })),
});
export type StandingOrder = z.infer<typeof StandingOrder>;

const CreatedTrip = z.object({ id: text(), referenceNumber: text(), serviceDate: IsoDate });
export const DuplicateResult = z.object({ dupeReferenceKey: text(), created: z.array(CreatedTrip), standingOrder: StandingOrder.nullable() });

export const InternalNote = z.object({
  id: text(),
  kind: z.enum(['internal', 'billTo', 'passenger', 'gurney']),
  referenceNumber: text().nullable(),
  note: text(),
  /** Gurney checklist: the ticked items. */
  items: z.array(text()),
  contactId: text().nullable(),
  enteredBy: text().nullable(),
  entered: text(),
  deleted: z.boolean(),
});
export type InternalNote = z.infer<typeof InternalNote>;

/** spec 2 §3 "Notes payload": internalNotes, billToRequests, passengerRequests. */
export const ReservationNotes = z.object({
  driveAssignmentId: text(),
  referenceNumber: text(),
  internalNotes: z.array(InternalNote),
  billToRequests: z.array(InternalNote),
  passengerRequests: z.array(InternalNote),
  gurneyChecklist: z.array(InternalNote),
});
export type ReservationNotes = z.infer<typeof ReservationNotes>;

export const NotesBody = z.object({
  driveAssignmentId: Id,
  internalNotes: z.array(NoteText).max(20).default([]),
  billToRequests: z.array(NoteText).max(20).default([]),
  /** The passenger contact's special requests (kept on the passenger, shown on every trip of theirs). */
  passengerRequests: z.array(NoteText).max(20).default([]),
  /** Stretcher trips (05): the ticked items of the gurney checklist. */
  gurneyChecklist: z.array(z.enum(GURNEY_CHECKLIST, { error: 'Choose items of the gurney checklist' })).max(GURNEY_CHECKLIST.length).nullish(),
});

const PharmacyLocation = z.object({
  /** A stored place's address (POST places/nearby answers it); without it the typed address is stored. */
  addressId: text().max(36).nullish(),
  name: text().trim().max(200).nullish(),
  address: text({ error: PHARMACY_MSG.MISSING }).trim().min(1, PHARMACY_MSG.MISSING).max(300),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
});

/** spec 2 §3 "Pharmacy add": driveAssignmentId, location, time1 (arrival), time2 (leaving), notes, createWait. */
export const PharmacyBody = z
  .object({
    driveAssignmentId: Id,
    location: PharmacyLocation.nullish(),
    time1: TimeOfDay.nullish(),
    time2: TimeOfDay.nullish(),
    notes: text().trim().max(2000).default(''),
    createWait: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    // spec 2 §5: a location and both times, else the one warning
    for (const key of ['location', 'time1', 'time2'] as const) {
      if (!b[key]) ctx.addIssue({ code: 'custom', message: PHARMACY_MSG.MISSING, path: [key] });
    }
    if (b.time1 && b.time2 && b.time2 < b.time1) ctx.addIssue({ code: 'custom', message: PHARMACY_MSG.TIME_ORDER, path: ['time2'] });
  });

export const PharmacyResult = z.object({ message: text(), activity: PartnerActivity });

/** What an unsaved trip was, for the declined-trip log (spec 1 §7, 3 §2 declined trip modal). */
export const DeclinedTripSummary = z.object({
  serviceDate: IsoDate.nullish(),
  passengerId: text().max(36).nullish(),
  passengerName: text().trim().max(200).nullish(),
  billToId: text().max(36).nullish(),
  serviceType: text().trim().max(40).nullish(),
  pickupAddress: text().trim().max(300).nullish(),
  dropoffAddress: text().trim().max(300).nullish(),
  pickupTime: TimeOfDay.nullish(),
  apptTime: TimeOfDay.nullish(),
  apptType: text().trim().max(100).nullish(),
});

export const DeclinedTripBody = z.object({
  trip: DeclinedTripSummary.refine((t) => Object.values(t).some((v) => v !== null && v !== undefined && v !== ''), DECLINED_TRIP_MSG.SUMMARY_REQUIRED),
  reason: text({ error: DECLINED_TRIP_MSG.REASON_REQUIRED }).trim().min(1, DECLINED_TRIP_MSG.REASON_REQUIRED).max(1000),
});

export const DeclinedTrip = z.object({
  id: text(),
  /** A trip a partner declined (its id), or null for a request the operator could not take. */
  driveAssignmentId: text().nullable(),
  referenceNumber: text().nullable(),
  partnerName: text().nullable(),
  reason: text().nullable(),
  trip: DeclinedTripSummary.nullable(),
  enteredByName: text().nullable(),
  onBehalf: z.boolean(),
  created: text(),
});

const staff = { roles: ['SecureEmployee'] } as const;

export const reservationExtraEndpoints = {
  duplicateTrip: endpoint({
    method: 'POST',
    path: 'duplicate-da',
    area: 'trips',
    summary:
      'Copy a saved trip to each of the dates (today to 365 days ahead), all or none: the copies have no actual times, cancellation, partner, driver or pay, share a dupeReferenceKey with the source, and each gets an audit row naming its source. With standingOrders the rule is kept as a standing order that keeps 60 days of trips made.',
    access: staff,
    answers: [404],
    body: DuplicateBody,
    response: DuplicateResult,
  }),
  standingOrders: endpoint({
    method: 'GET',
    path: 'standing-orders',
    area: 'trips',
    summary: "The standing orders a trip belongs to (made from it or one of its copies), with their suspensions and trips.",
    access: staff,
    answers: [404],
    query: z.object({ driveAssignmentId: Id }),
    response: z.array(StandingOrder),
  }),
  endStandingOrder: endpoint({
    method: 'POST',
    path: 'standing-orders',
    area: 'trips',
    summary:
      "Set or clear a standing order's end date. Trips it made after the new end that have not been driven are cancelled without charge; modCount answers 409 when stale.",
    access: staff,
    answers: [404, 409],
    body: z.object({ id: Id, modCount: ModCount, endDate: IsoDate.nullable() }),
    response: StandingOrder,
  }),
  suspendStandingOrder: endpoint({
    method: 'POST',
    path: 'standing-order-suspensions',
    area: 'trips',
    summary: 'Suspend a standing order for a range of days (a hospital stay): its trips in the range are cancelled without charge, and none are made there.',
    access: staff,
    answers: [404, 409],
    body: z.object({ standingOrderId: Id, modCount: ModCount, startDate: IsoDate, endDate: IsoDate }).refine((b) => b.startDate <= b.endDate, {
      message: ORDER_MSG.RANGE_ORDER,
      path: ['endDate'],
    }),
    response: StandingOrder,
  }),
  resumeStandingOrder: endpoint({
    method: 'DELETE',
    path: 'standing-order-suspensions',
    area: 'trips',
    summary: 'Lift a suspension: the trips it cancelled come back (today or later), and the daily run fills its days again.',
    access: staff,
    answers: [404, 409],
    query: z.object({ id: Id, modCount: ModCount }),
    response: StandingOrder,
  }),
  reservationNotes: endpoint({
    method: 'GET',
    path: 'reservation-notes',
    area: 'trips',
    summary: "A trip's internal notes, its bill-to's and passenger's standing requests and its gurney checklist, deleted ones flagged.",
    access: staff,
    answers: [404],
    query: z.object({ driveAssignmentId: Id }),
    response: ReservationNotes,
  }),
  addReservationNotes: endpoint({
    method: 'POST',
    path: 'reservation-notes',
    area: 'trips',
    summary:
      'Add internal notes, bill-to requests, passenger special requests (kept on the passenger) and, for Stretcher trips, the gurney checklist. Answers all the notes of the trip.',
    access: staff,
    answers: [404],
    body: NotesBody,
    response: ReservationNotes,
  }),
  deleteReservationNote: endpoint({
    method: 'DELETE',
    path: 'reservation-notes',
    area: 'trips',
    summary: 'Flag a note as deleted (it stays, crossed out). Answers all the notes of its trip.',
    access: staff,
    answers: [404],
    query: z.object({ id: Id, driveAssignmentId: Id }),
    response: ReservationNotes,
  }),
  pharmacyAdd: endpoint({
    method: 'POST',
    path: 'pharmacy-add',
    area: 'trips',
    summary:
      'Ask for a pharmacy stop on a trip: a Pending partner activity for review. Approving it makes the last leg end at the pharmacy, adds a wait leg there when createWait, and a leg from the pharmacy to where the trip ended.',
    access: staff,
    answers: [404],
    body: PharmacyBody,
    response: PharmacyResult,
  }),
  logDeclinedTrip: endpoint({
    method: 'POST',
    path: 'declined-trips',
    area: 'trips',
    summary: 'Log a trip request the operator declined (a new trip that could not be saved): its summary and the reason.',
    access: staff,
    body: DeclinedTripBody,
    response: DeclinedTrip,
  }),
  declinedTrip: endpoint({
    method: 'GET',
    path: 'declined-trips',
    area: 'trips',
    summary: 'One declined trip: a request the operator declined, or a decline by a partner.',
    access: staff,
    answers: [404],
    query: z.object({ id: Id }),
    response: DeclinedTrip,
  }),
} satisfies Record<string, Endpoint>;
