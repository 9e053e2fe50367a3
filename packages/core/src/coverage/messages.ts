/** Texts of the coverage check (spec 2 §5, §7; 3 §4 coverage status). */
export const COVERAGE_MSG = {
  /** spec 2 §5, word for word. */
  NEEDS_INPUTS: 'Coverage check needs passenger, service date, service number and appointment type',
  NO_COVERAGE: 'No coverage found for this passenger',
  NO_COVERAGE_FOR_MEMBER: (memberId: string) => `No coverage found for member id ${memberId}`,
  PENDING: (begins: string) => `Coverage is not active until ${begins}`,
  EXPIRED: (ended: string) => `Coverage expired on ${ended}`,
  TERMED: (ended: string) => `Coverage was termed on ${ended}`,
  PLAN_DELETED: (plan: string) => `The plan ${plan} has been deleted`,
  SERVICE_NOT_INCLUDED: (service: string, plan: string) => `${service} is not covered by ${plan}`,
  APPT_TYPE_UNKNOWN: (apptType: string) => `Unknown appointment type ${apptType}`,
  APPT_TYPE_NOT_ALLOWED: (apptType: string, billTo: string) => `Appointment type ${apptType} is not available for ${billTo}`,
  TRIP_LIMIT_REACHED: (used: number, limit: number) => `Trip limit reached: ${used} of ${limit} trips this year`,
  TRIP_LIMIT_NEAR: (used: number, limit: number) => `${used} of ${limit} trips used this year`,
  NOTICE_HOURS_MIN: (hours: number) => `Trips for this plan must be booked at least ${hours} hours ahead`,
  NOTICE_DAYS_MIN: (days: number) => `Trips for this plan must be booked at least ${days} days ahead`,
  NOTICE_DAYS_MAX: (days: number) => `Trips for this plan can be booked at most ${days} days ahead`,
  LONG_TRIP: (miles: string) => `This trip is ${miles} miles long`,
  AUTHORIZED: (by: string) => `Authorized by ${by}`,
  NOT_OVERRIDABLE: 'This plan does not allow overrides',
} as const;

/** What the panel calls each input that the check needs (spec 2 §5). */
export const COVERAGE_INPUT_LABELS = {
  passengerId: 'passenger',
  serviceDate: 'service date',
  serviceType: 'service number',
  appointmentType: 'appointment type',
} as const;
