import { CARE_MSG } from '../contact-care/messages.ts';
import { DIVISION_MSG } from '../divisions/divisions.ts';

/**
 * Texts of editing a contact. The spec words the form's lead ('Please fix all validation errors.',
 * 2 §5, §8), the passenger/case-manager rule, 'You must save the contact first' and the division
 * lookup's 'Unable to determine division for ZIP'; the other texts are ours, written for the person
 * who reads them under a field or in a 400.
 */
export const CONTACT_MSG = {
  FIX_ERRORS: 'Please fix all validation errors.',
  PASSENGER_AND_CASE_MANAGER: CARE_MSG.PASSENGER_AND_CASE_MANAGER,
  SAVE_CONTACT_FIRST: CARE_MSG.SAVE_CONTACT_FIRST,
  NO_DIVISION_FOR_ZIP: DIVISION_MSG.NO_DIVISION_FOR_ZIP,
  BUSINESS_RESIDENCE: 'A Business cannot have the location type Residence',
  BUSINESS_PASSENGER: 'A Business cannot be an S/N Passenger',
  ONE_MAIN_PHONE: 'Only one phone can be main',
  BILL_TOS_CASE_MANAGER: 'Bill-tos can be linked only to a contact of type Case Manager',
  PERSON_NAME: 'Enter a first or last name',
  BUSINESS_NAME: 'Enter the company name',
  TYPE_REQUIRED: 'Choose at least one contact type',
  PHONE_FORMAT: 'A phone number is (###) ###-#### with an optional extension',
  EMAIL_FORMAT: 'Enter an e-mail address like name@example.com',
  ADDRESS_LABEL: 'An address label is Billing, Garage, Home, Office or Mailing',
  ADDRESS_EMPTY: 'Enter a street, city or ZIP code for the address',
  ZIP_FORMAT: 'A ZIP code is 5 digits, or 5 and 4 like 87102-1234',
  NOTE_REQUIRED: 'Enter the special request',
  STALE: 'This contact was changed by someone else since you opened it. Your changes were not saved: reopen it to see the current values.',
  NOT_FOUND: 'There is no contact with this id',
  DELETED: 'This contact is deleted',
  UNKNOWN_BILL_TO: 'There is no bill-to with this id',
  UNKNOWN_PLAN: 'There is no plan with this id',
  UNKNOWN_DIVISION: 'There is no division with this code',
  UNKNOWN_CONTACT_LINK: 'There is no contact with this id',
  AUTHORIZATION_NOT_FOUND: 'There is no member trip authorization with this id',
  UNSAVED_CHANGES: 'You have unsaved changes. Close the contact without saving them?',
} as const;

/** The 400's message: the spec's lead plus the first problem (spec 2 §5 'plus detail'). */
export function fixErrorsMessage(first: string): string {
  return `${CONTACT_MSG.FIX_ERRORS} ${first}`;
}
