/** Partner workflow constants (spec 1 §9, 2 §5, 2 §9). */
export const DISPATCH_HOTLINE = '(505) 555-0100';
export const PASSENGER_PHONE = '(505) 555-0199';
export const WILL_CALL = '23:59:00';
export const STATS_CUTOFF_DATE = '2017-07-01';
export const STATS_TOLERANCE_MIN = 15;
export const STATS_NO_DROPOFF_MIN = 180;
export const LIVE_SELF_CHANGE_IGNORE_MS = 5_000;
export const NOTIFICATIONS_PER_BATCH = 5;
export const SMS_MIN_DIGITS = 10;
export const SMS_PHONE_TYPES = ['Main', 'Cell', 'Mobile'] as const;
export const EXPENSE_REASONS = ['Tolls', 'Lodging', 'Parking Fees', 'Other'] as const;
export const STATS_OUT_OF_RANGE_REASONS = ['Late Arrival', 'Time Change Request By Client', 'Improper Booking Time', 'Other'] as const;
export const TIME_ADJUSTMENT_RESULTS = ['Approved', 'Denied', 'Pending'] as const;
export const RECEIPT_MAX_BYTES = 20 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf'] as const;
/** Cancel reason that non-staff may use before a trip takes place (spec 2 §6). */
export const ADVANCE_NOTICE_REASON = 'Advance Notice';
/** Extra wait time approved without the operator's review, per trip (docs/decisions.md "Partner pay"). */
export const WAIT_TIME_AUTO_APPROVE_MIN = 30;

/** Service type codes and their names (spec 3 §3; DECISIONS 1: 05 is Stretcher everywhere). */
export const SERVICE_TYPE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Ambulatory',
  '03': 'Wheelchair',
  '05': 'Stretcher',
  '06': 'Assistant',
  '55': 'Meals Reimbursement',
  '56': 'Lodging Reimbursement',
  '80': 'DME & Rx',
  '91': 'Advanced Life Support',
  '92': 'Basic Life Support',
  '95': 'Commercial Flight Reimbursement',
  '98': 'Mileage Reimbursement',
  '99': 'Mass Transit',
};
