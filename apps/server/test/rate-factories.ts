import { rateAmountsFor, type RateBreakdown, type RateType } from '@tripline/core';
import type { Pool } from 'pg';
import { insertRate } from '../src/modules/partner-rates/writes.ts';
import { createContact, type Created } from './factories.ts';

/** A bill-to account (a contact of type Bill To) that trips and rates name. */
export function createBillTo(pool: Pool, name = 'Valley Health Plan'): Promise<Created> {
  return createContact(pool, { name, types: ['Bill To'], username: null });
}

/** The amounts each rate type gets unless the test says otherwise. */
export const RATE_AMOUNTS: Record<RateType, Partial<RateBreakdown>> = {
  'Flat Rate': { baseFlatRate: 40, cancelRate: 15 },
  'Pick Up Per Mile': { basePickupRate: 20, baseMileageRate: 2, baseMileageCeilingRate: 10, baseBucketMileageRate: 1.5, cancelRate: 15 },
  'Mile Reimburse': { baseMileageReimbursementRate: 1.25, cancelRate: 10 },
};

export interface RateSpec {
  affiliateId: string;
  billToId: string;
  /** Service type code (default '01'). */
  serviceId?: string;
  rateType?: RateType;
  /** On top of the type's RATE_AMOUNTS. */
  amounts?: Partial<RateBreakdown>;
  /** Default 2026-11-01, before the test clock's today (2026-11-22). */
  dateBegin?: string;
  dateEnd?: string | null;
}

/** A partner rate with exactly what the test asks for; answers its id (modCount 0). */
export async function createRate(pool: Pool, spec: RateSpec): Promise<{ id: string; modCount: number }> {
  const rateType = spec.rateType ?? 'Flat Rate';
  const id = await insertRate(pool, {
    affiliateId: spec.affiliateId,
    billToContactId: spec.billToId,
    serviceId: spec.serviceId ?? '01',
    rateType,
    amounts: rateAmountsFor(rateType, { ...RATE_AMOUNTS[rateType], ...spec.amounts }),
    dateBegin: spec.dateBegin ?? '2026-11-01',
    dateEnd: spec.dateEnd ?? null,
    createdBy: null,
  });
  return { id, modCount: 0 };
}
