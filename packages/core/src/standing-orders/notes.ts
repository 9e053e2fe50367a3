import { NOTES_MSG } from './messages.ts';

/** Service type 05, shown as Stretcher (DECISIONS 1); its vehicle needs a gurney. */
export const STRETCHER_SERVICE = '05';

/**
 * The gurney checklist of a Stretcher trip's note builder (spec 2 §2): what the crew must know
 * before sending a stretcher vehicle. Our list; the spec names the checklist only.
 */
export const GURNEY_CHECKLIST = [
  'Stairs at pickup or drop-off',
  'Elevator available',
  'Passenger over 300 lb (bariatric stretcher)',
  'Oxygen in use',
  'Second attendant needed',
  'Bed-to-bed transfer',
] as const;
export type GurneyItem = (typeof GURNEY_CHECKLIST)[number];

export const NOTE_TEXT_MAX = 2000;

/** The note builder's kinds of note: the trip's internal notes and the standing requests of its bill-to and passenger. */
export const NOTE_KINDS = ['internal', 'billTo', 'passenger', 'gurney'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export const isStretcher = (trip: { serviceTypeRequested: string; serviceNumber?: string | null }) =>
  trip.serviceTypeRequested === STRETCHER_SERVICE || trip.serviceNumber === STRETCHER_SERVICE || /stretcher/i.test(trip.serviceTypeRequested);

/**
 * spec 2 §5 (rule 106): why notes cannot be added to a trip, or null. A trip without a reference
 * number has not been saved.
 */
export function notesRefusal(trip: { referenceNumber: string | null }): { title: string; message: string } | null {
  return trip.referenceNumber ? null : { title: NOTES_MSG.MISSING_REFERENCE_TITLE, message: NOTES_MSG.MISSING_REFERENCE };
}
