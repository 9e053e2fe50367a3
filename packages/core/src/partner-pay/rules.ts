import { hasRole, type AccessSubject } from '../auth/roles.ts';
import { RATE_MSG, rateEndBeforeBegin, rateFieldRequired } from './messages.ts';
import { RATE_FIELDS, REQUIRED_RATE_FIELDS, type PartnerRate, type RateBreakdown, type RateType } from './model.ts';

export type RateStatus = 'Active' | 'Future' | 'Ended';

/** A rate is Active while today lies in its days (both ends included), Future before, Ended after. */
export function rateStatus(rate: Pick<PartnerRate, 'dateBegin' | 'dateEnd'>, today: string): RateStatus {
  if (rate.dateBegin > today) return 'Future';
  if (rate.dateEnd !== null && rate.dateEnd < today) return 'Ended';
  return 'Active';
}

/** Rates are edited by adminAccess, Finance or PartnerCredentialing. */
export function mayEditRates(user: AccessSubject): boolean {
  return user.adminAccess || hasRole(user, 'Finance') || hasRole(user, 'PartnerCredentialing');
}

/** The problems of a rate's amounts: each field its type needs, by field. Empty when it can be saved. */
export function rateAmountProblems(rateType: RateType, amounts: Partial<RateBreakdown>): { path: string; message: string }[] {
  return REQUIRED_RATE_FIELDS[rateType]
    .filter((field) => amounts[field] === null || amounts[field] === undefined)
    .map((field) => ({ path: field, message: rateFieldRequired(field, rateType) }));
}

/** The amounts a rate of this type keeps: the type's own fields and the extras; the other type's are dropped. */
export function rateAmountsFor(rateType: RateType, amounts: Partial<RateBreakdown>): RateBreakdown {
  const out = Object.fromEntries(RATE_FIELDS.map((f) => [f, amounts[f] ?? null])) as RateBreakdown;
  if (rateType !== 'Flat Rate') out.baseFlatRate = null;
  if (rateType !== 'Pick Up Per Mile') {
    out.basePickupRate = null;
    out.baseMileageCeilingRate = null;
    out.baseBucketMileageRate = null;
  }
  if (rateType !== 'Mile Reimburse') out.baseMileageReimbursementRate = null;
  return out;
}

/** Why a rate cannot end on this day (it is before the rate begins), or null. */
export function rateEndProblem(dateBegin: string, dateEnd: string): string | null {
  return dateEnd < dateBegin ? rateEndBeforeBegin(dateBegin) : null;
}

/** The day before a YYYY-MM-DD day: the end of a group's rate when a new one begins. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Rate accept refuses a trip with no pay: NoRate (no rate in force) and no override.
 * An override set by the operator is a rate, so such a trip may be finalised.
 */
export function noRateRefusal(trip: { farmoutRate: number | null }): string | null {
  return trip.farmoutRate === null ? RATE_MSG.NO_RATE_TO_ACCEPT : null;
}
