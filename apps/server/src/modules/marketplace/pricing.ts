import { payDollars, payInputOf, rateFor, tripPay, type PartnerRate, type TripPay } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { partnerRatesInForce } from '../partner-rates/pricing.ts';
import type { OfferedTrip } from './records.ts';

type Db = Pool | PoolClient;

/** What an offered trip would pay a partner: dollars or NoRate, and the priced lines. */
export interface OfferedPay {
  rate: number | 'NoRate';
  rateBreakdown: TripPay;
}

const NO_PAY: OfferedPay = { rate: 'NoRate', rateBreakdown: { noRate: true } };

/**
 * Prices offered trips for partners in memory: each partner's rates in force over the
 * trips' dates are read once, then core rateFor and tripPay price every trip, keyed as the stored
 * pay is (bill-to, service number or else the service type requested, service date), so the price shown is the price a claim stores.
 * `partnerOf` says whose pay a trip is priced for (null: nobody, NoRate).
 */
export async function priceOffered(
  db: Db,
  trips: readonly OfferedTrip[],
  partnerOf: (t: OfferedTrip) => string | null,
  now: Date,
): Promise<Map<string, OfferedPay>> {
  const priced = new Map<string, OfferedPay>();
  if (trips.length === 0) return priced;
  const dates = trips.map((t) => t.record.serviceDate).sort();
  const partners = [...new Set(trips.map(partnerOf).filter((p): p is string => p !== null))];
  const rates = new Map<string, PartnerRate[]>();
  for (const p of partners) rates.set(p, await partnerRatesInForce(db, p, dates[0], dates[dates.length - 1], now));
  for (const t of trips) {
    const partner = partnerOf(t);
    priced.set(t.record.id, offeredPay(t, partner ? rateOf(t, rates.get(partner) ?? []) : null));
  }
  return priced;
}

/** The rate in force for an offered trip among a partner's rates (core rateFor), or null. */
export function rateOf(t: OfferedTrip, rates: readonly PartnerRate[]): PartnerRate | null {
  return rateFor(rates, { billToContactId: t.record.billToContactId, serviceType: t.serviceNumber ?? t.record.serviceTypeRequested, serviceDate: t.record.serviceDate });
}

/** What an offered trip pays under a rate (core tripPay); NoRate without one. */
export function offeredPay(t: OfferedTrip, rate: PartnerRate | null): OfferedPay {
  if (!rate) return NO_PAY;
  const pay = tripPay(payInputOf(t.payTrip, t.payExtras), rate);
  return { rate: payDollars(pay) ?? 'NoRate', rateBreakdown: pay };
}
