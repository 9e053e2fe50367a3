/** Exact texts of the partner pay reports (spec 2 §5, 3 §2); the ones the spec does not word are ours. */
export const PAY_REPORT_MSG = {
  /** spec 2 §5 rule 171: the report form's alert when a required field is empty. */
  REQUIRED: 'Please enter all required fields',
  /** spec 2 §5 rule 170: the partner-pay week starts on a Sunday that is not in the future. */
  CHOOSE_SUNDAY: 'Choose a Sunday that is not in the future',
  /** The date range rule every report of the portal shares. */
  DATE_RANGE: 'A date range needs min less than or equal to max',
  RANGE_TOO_LONG: 'A date range covers at most 366 days',
  /** A non-final trip that rate accept would finalise now. */
  READY: 'Ready for rate accept',
} as const;

/** spec 3 §2: the file the non-final trips report downloads as. */
export const NON_FINAL_CSV_FILE = 'non-finalized-trips.csv';
/** The longest date range of the non-final trips report, first and last day included. */
export const NON_FINAL_MAX_DAYS = 366;
/** How many trips the non-final report lists on screen; the CSV holds them all. */
export const NON_FINAL_LIST_LIMIT = 2000;
