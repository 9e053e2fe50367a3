import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from './messages.ts';

// The partner workflow's texts exactly as the spec's message catalogue gives them (inventory
// messages.json; DECISIONS 4 for the will-call text). Typed out here on purpose: a changed
// character in the constants must fail this test, not follow along.
describe('partner workflow texts (spec 1 §2, §4, §5, §8)', () => {
  it.each([
    ['Home loading', TRIP_MSG.LOADING, 'Loading data from server...'],
    ['Home with no trips', TRIP_MSG.NO_RECORDS('{date}'), 'No records were found for {date}'],
    ['Home without a date', TRIP_MSG.CHOOSE_DATE, 'Choose a date to fetch records for.'],
    ['accept of an accepted trip', TRIP_MSG.ALREADY_ACCEPTED, 'This trip has already been accepted.'],
    ['accept or decline of a past trip', TRIP_MSG.ALREADY_OCCURRED, 'This trip has already occurred.'],
    ['decline of a trip that is not editable', TRIP_MSG.NOT_EDITABLE, 'This trip is not editable'],
    ['SMS without an eligible phone', TRIP_MSG.NO_SMS_PHONE('{name}'), 'There is no eligible SMS-enabled or Main/Cell/Mobile phone number for {name}'],
    ['a call without a contact id', TRIP_MSG.MISSING_CONTACT_ID, 'Missing required contact id'],
    ['409 on a trip write', TRIP_MSG.CONFLICT('{ref}'), 'Could not update record {ref}, your changes have been rolled back. Try saving the record again'],
    ['rate accept partial failure', TRIP_MSG.RATE_ACCEPT_ERROR, 'Rate Accept Error!'],
    ['rate accept with none eligible', TRIP_MSG.NO_ELIGIBLE_TRIPS, 'No eligible trips'],
    ['rate accept with nothing pending', TRIP_MSG.NOTHING_PENDING_RATE, 'There are no trips pending rate approval'],
    [
      'live updates lost',
      TRIP_MSG.LIVE_LOST,
      'Live updates are no longer being displayed. Try changing the search date or reloading the page to reconnect.',
    ],
    ['live updates back', TRIP_MSG.CONNECTION_RESTORED, 'Connection restored'],
    ['will-call refusal', TRIP_MSG.WILL_CALL_ACTION, 'This action is not possible for a "Will Call" trip.'],
  ])('%s', (_, constant, text) => {
    expect(constant).toBe(text);
  });
});
