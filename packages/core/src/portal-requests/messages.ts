/** Texts of the portal's trip request wizard (spec 2 §5, §6; DECISIONS 4). Those the spec does not word are ours. */
export const PORTAL_REQUEST_MSG = {
  /** rule 188: the preview step on an invalid form. */
  FIX_ERRORS: 'Please fix all validation errors first',
  // Texts the spec does not word (ours).
  PASSENGER_REQUIRED: 'Choose the passenger for this trip',
  LOOKUP_NEEDS: 'Enter the member ID, or the full name and date of birth',
  SERVICE_TYPE_REQUIRED: 'Choose how the passenger travels',
  DATE_REQUIRED: 'Choose the date of the trip',
  /** rule 190 */
  SERVICE_TYPE_NOT_OFFERED: 'Trips can be requested here for Ambulatory or Wheelchair service only. Call us for other services.',
  APPT_TYPE_REQUIRED: 'Choose the type of appointment',
  APPT_TYPE_UNKNOWN: 'Choose one of the listed appointment types',
  /** rule 189 */
  DATE_TOO_EARLY: (earliest: string) => `The earliest date you can request is ${earliest}`,
  DATE_TOO_LATE: (latest: string) => `The latest date you can request is ${latest}`,
  NOTICE_HOURS: (hours: number) => `This trip needs to be requested at least ${hours} hours before the pickup time`,
  ADDRESS_NOT_OFFERED: 'Choose one of the listed addresses, or type the address',
  SAME_PLACES: 'The pickup and destination are the same place',
  PICKUP_NOT_COMPUTED: 'We could not work out a pickup time for this appointment. Enter the pickup time.',
  NOT_BILLABLE: 'This passenger has no coverage on one of your accounts for that date. Call us to book this trip.',
  EXPIRED: 'This trip request has expired. Go back, check the details and preview it again.',
} as const;
