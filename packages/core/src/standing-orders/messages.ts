/**
 * Texts of duplicating trips, standing orders, reservation notes and pharmacy stops (spec 2 §5,
 * §8). The spec words the pharmacy and notes texts; the others are ours.
 */
export const DUP_MSG = {
  FREQUENCY: 'Repeat at least every 1 day or week',
  FROM_REQUIRED: 'Choose the first date',
  TO_REQUIRED: 'Choose the last date',
  TO_BEFORE_FROM: 'The last date must not be before the first date',
  TOO_FAR: 'Trips can be duplicated at most 365 days ahead',
  PAST: 'Trips can only be duplicated to today or later',
  WEEKDAYS: 'Choose at least one weekday',
  NO_DATES: 'These settings give no date to duplicate to',
  DATES_REQUIRED: 'Choose at least one date',
  DATE_TWICE: 'Each date can be chosen once',
  UNSAVED: 'Save the trip before duplicating it: only a saved trip can be duplicated.',
  created: (n: number) => (n === 1 ? '1 trip was created.' : `${n} trips were created.`),
} as const;

export const ORDER_MSG = {
  RANGE_ORDER: 'A date range needs min less than or equal to max',
  END_BEFORE_START: 'A standing order cannot end before it starts',
  ENDED: 'This standing order has ended; it can no longer change.',
  OVERLAP: 'This range overlaps a suspension the standing order already has',
  SUSPENSION_UNKNOWN: 'The suspension was not found.',
  ORDER_UNKNOWN: 'The standing order was not found.',
  CONFLICT: 'Someone else changed this standing order after you loaded it.',
} as const;

export const NOTES_MSG = {
  /** spec 2 §5: an internal note needs the trip's reference number. */
  MISSING_REFERENCE: 'This DA must be saved before adding notes, because a reference number is required.',
  MISSING_REFERENCE_TITLE: 'Missing Reference Number',
  EMPTY: 'Write a note, a request or tick the checklist before saving',
  NOTE_TOO_LONG: 'Keep each note under 2000 characters',
  GURNEY_ONLY_STRETCHER: 'The gurney checklist is only for Stretcher trips (service type 05)',
  NO_PASSENGER: 'This trip has no passenger to keep a special request for',
  NO_BILL_TO: 'This trip has no bill-to account to keep a request for',
  CONFIRM_DELETE: 'Flag this note as deleted? It stays in the trip history, crossed out.',
  ALREADY_DELETED: 'This note is already flagged as deleted.',
  UNKNOWN: 'The note was not found.',
} as const;

export const PHARMACY_MSG = {
  /** spec 2 §5, §8. */
  MISSING: 'No pharmacy location/time was specified',
  SUBMITTED: 'Pharmacy stop has been submitted for review.',
  TIME_ORDER: 'The time leaving the pharmacy must not be before the arrival',
  NO_LEG: 'This trip has no leg left to add a pharmacy stop to',
  WILL_CALL_WAIT: 'This action is not possible for a "Will Call" trip.',
} as const;

export const DECLINED_TRIP_MSG = {
  REASON_REQUIRED: 'Say why the trip was declined',
  SUMMARY_REQUIRED: 'Describe the trip that was declined',
  UNKNOWN: 'The declined trip was not found.',
  LOGGED: 'The declined trip was logged.',
  /** spec 2 §8: a failed new-trip save hints at logging the declined trip. */
  HINT: 'The trip could not be saved. Log it as a declined trip so the request is not lost?',
} as const;
