import type { NonFinalTrip, PayReportTrip } from '../api/pay-reports.ts';
import { PAY_ITEM_LABELS } from '../partner-pay/messages.ts';
import { noRateRefusal } from '../partner-pay/rules.ts';
import type { TripPay } from '../partner-pay/model.ts';
import { csvRow } from '../trips/csv.ts';
import { finaliseBlockedReason, type TripForRules } from '../trips/rules.ts';
import { PAY_REPORT_MSG } from './messages.ts';

/**
 * Why a non-final trip cannot be finalised yet: the first reason finalising is blocked (spec 1 §4),
 * then a missing rate (rate accept refuses NoRate), else 'Ready for rate accept'.
 */
export function nonFinalReason(trip: TripForRules & { farmoutRate: number | null }, now: Date): { reason: string; ready: boolean } {
  const blocked = finaliseBlockedReason(trip, now) ?? noRateRefusal(trip);
  return blocked ? { reason: blocked, ready: false } : { reason: PAY_REPORT_MSG.READY, ready: true };
}

const money = (pennies: number) => `$${(pennies / 100).toFixed(2)}`;

/** A trip's pay lines as one line of text: 'Pickup 2 × $20.00 = $40.00; Miles 9.4 × $2.00 = $18.80'. */
export function payLinesText(pay: TripPay | null): string {
  if (!pay) return '';
  if (pay.noRate) return 'NoRate';
  return pay.lines.map((l) => `${PAY_ITEM_LABELS[l.item]} ${l.quantity} × ${money(l.unitPennies)} = ${money(l.pennies)}`).join('; ');
}

/** The partner-pay download (one line per trip), in this order. */
export const PAY_CSV_COLUMNS = [
  'Reference',
  'Service date',
  'Partner',
  'Passenger',
  'Service type',
  'Bill-to',
  'Pay status',
  'Rate type',
  'Pay lines',
  'Override',
  'Total',
] as const;

/** The file a week's pay downloads as. */
export const payCsvFileName = (sunday: string) => `partner-pay-${sunday}.csv`;

export function payCsvLine(t: PayReportTrip): string {
  return csvRow([
    t.referenceNumber,
    t.serviceDate,
    t.partnerName,
    t.passengerName,
    t.serviceType,
    t.billToName,
    t.partnerPayStatus,
    t.breakdown && !t.breakdown.noRate ? t.breakdown.rateType : null,
    t.noRate ? 'NoRate' : payLinesText(t.breakdown),
    t.overridden ? 'yes' : 'no',
    t.farmoutRate === null ? null : t.farmoutRate.toFixed(2),
  ]);
}

/** The non-final trips download, in this order. */
export const NON_FINAL_CSV_COLUMNS = ['Reference', 'Service date', 'Partner', 'Passenger', 'Service type', 'Pay status', 'Rate', 'Reason'] as const;

export function nonFinalCsvLine(t: NonFinalTrip): string {
  return csvRow([
    t.referenceNumber,
    t.serviceDate,
    t.partnerName,
    t.passengerName,
    t.serviceType,
    t.partnerPayStatus,
    t.noRate ? 'NoRate' : t.farmoutRate === null ? null : t.farmoutRate.toFixed(2),
    t.reason,
  ]);
}
