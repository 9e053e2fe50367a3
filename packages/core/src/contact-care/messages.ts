/**
 * Texts of infectious diseases, partner holds, blacklists, duplicates and merging contacts. The
 * spec words the first five (2 §4, §5; 3 §5); the others are ours, written for the person who
 * reads them in a toast or a 400.
 */
export const CARE_MSG = {
  // spec 2 §5
  SAVE_CONTACT_FIRST: 'You must save the contact first',
  // spec 3 §5
  SAVE_PASSENGER_FIRST: 'You must save the passenger first, to assign it a passenger number',
  SAVE_PROVIDER_FIRST: 'You must save the provider first, to assign it an ID',
  // spec 2 §5 confirmation of a hold
  HOLD_CONFIRM: 'This hold is not undoable and has severe consequences for the partner.',
  // spec 6: contact rule shared with the contact edit modal
  PASSENGER_AND_CASE_MANAGER: 'Contact cannot be both passenger and case manager',
  END_BEFORE_START: 'The end date cannot be before the start date',
  END_BEFORE_BEGIN: 'A hold cannot end before it begins',
  DISEASE_REQUIRED: 'Enter the disease',
  NOT_A_PARTNER: 'There is no partner with this id',
  NOT_A_PASSENGER: 'There is no passenger with this id',
  BLACKLIST_EXISTS: 'This passenger is already on this partner\u2019s blacklist',
  ONE_SIDE: 'Give either passengerId or providerId',
  MERGE_SAME: 'A contact cannot be merged into itself',
  MERGE_DELETED: (name: string) => `${name} is deleted and cannot be merged`,
  MERGE_BOTH_SIGN_IN: (keep: string, merge: string) =>
    `${keep} and ${merge} can both sign in: remove the sign-in of one of them before merging`,
  MERGE_KINDS: (keep: string, merge: string) => `A ${keep} cannot be merged with a ${merge}`,
  MERGE_FAMILY: 'A contact cannot be merged with its own parent or child',
  MERGE_FAILED: (detail: string) => `The contacts could not be merged, nothing was changed: ${detail}`,
  CLEAR_PREFERRED: 'Only staff (SecureEmployee) can clear a preferred partner',
  PREFERRED_NOT_PARTNER: 'The preferred partner must be a partner company',
} as const;
