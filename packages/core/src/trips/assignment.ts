import { TRIP_MSG } from './messages.ts';
import { hasOccurred, isReadOnly, type Refusal, type TripForRules } from './rules.ts';

/** Texts of assigning partners by staff (spec 3 §5 "Partner change", §7); the spec does not word them. */
export const ASSIGN_MSG = {
  UNKNOWN_PARTNER: 'There is no partner with this id',
  UNKNOWN_PARTNER_NUMBER: (n: number) => `There is no partner with the number ${n}`,
  NOT_THE_PARTNER: 'This trip is not assigned to this partner',
  UNKNOWN_LEG: TRIP_MSG.UNKNOWN_LEG,
  FINALIZED: TRIP_MSG.FINALIZED_READ_ONLY,
} as const;

/**
 * Why staff cannot record a partner's phoned-in decline (decline-da-on-behalf-of-partner), or null.
 * The partner's own decline rules apply (spec 1 §4, §5), except that an accepted trip or one with a
 * driver can be declined: the partner was told to call dispatch for exactly that, and the decline
 * takes the trip back from its driver.
 */
export function declineOnBehalfRefusal(da: TripForRules & { farmoutContactId: string | null }, providerId: string, now: Date): Refusal {
  if (da.farmoutContactId !== providerId) return { message: ASSIGN_MSG.NOT_THE_PARTNER, kind: 'error' };
  if (da.declined) return { message: TRIP_MSG.ALREADY_DECLINED, kind: 'warning' };
  if (da.partnerPayStatus === 'Final') return { message: TRIP_MSG.FINALIZED_READ_ONLY, kind: 'error' };
  if (isReadOnly(da)) return { message: TRIP_MSG.NOT_EDITABLE, kind: 'error' };
  if (hasOccurred(da, now)) return { message: TRIP_MSG.ALREADY_OCCURRED, kind: 'warning' };
  return null;
}
