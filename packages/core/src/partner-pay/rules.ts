import { hasRole, type AccessSubject } from '../auth/roles.ts';
import type { PartnerRate } from './model.ts';

export type RateStatus = 'Active' | 'Future' | 'Ended';

/** A rate is Active while today lies in its days (both ends included), Future before, Ended after. */
export function rateStatus(rate: Pick<PartnerRate, 'dateBegin' | 'dateEnd'>, today: string): RateStatus {
  if (rate.dateBegin > today) return 'Future';
  if (rate.dateEnd !== null && rate.dateEnd < today) return 'Ended';
  return 'Active';
}

/** issue 14 §3: rates are edited by adminAccess, Finance or PartnerCredentialing. */
export function mayEditRates(user: AccessSubject): boolean {
  return user.adminAccess || hasRole(user, 'Finance') || hasRole(user, 'PartnerCredentialing');
}
