import { PASSENGER_PHONE } from '../trips/constants.ts';
import { TRIP_MSG } from '../trips/messages.ts';
import { SEARCH_MSG } from '../trips/search.ts';

/** Texts of the portal's trips; the spec words the empty list and the will-call refusal, the rest are ours. */
export const PORTAL_MSG = {
  NO_TRIPS: SEARCH_MSG.NO_TRIPS,
  TRY_EXPANDING: SEARCH_MSG.TRY_EXPANDING,
  /** Rule 87 (1 §5 wording). */
  WILL_CALL_ACTION: TRIP_MSG.WILL_CALL_ACTION,
  CANCEL_DONE: 'Cancelled trips are reviewed by our staff.',
  ALREADY_CANCELED: `This trip is already canceled. For help, call us at ${PASSENGER_PHONE}.`,
  STARTED: `This trip has already started, so it can no longer be canceled here. Please call us at ${PASSENGER_PHONE}.`,
  TOO_LATE: `The pickup time of this trip has passed, so it can no longer be canceled here. Please call us at ${PASSENGER_PHONE}.`,
  LOCKED: `This trip can no longer be changed here. Please call us at ${PASSENGER_PHONE}.`,
  RETURN_INCLUDED: 'This trip already includes the ride back.',
  RETURN_CANCELED: 'This trip is canceled, so there is no ride back to book.',
  WINDOW_TOO_LONG: 'Choose at most 93 days at once.',
  WINDOW_REVERSED: 'The last day comes before the first day. Check the dates.',
} as const;
