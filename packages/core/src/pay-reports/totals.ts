/**
 * The sums of the partner-pay report (spec 2 §5): what the week's trips pay, split into Final
 * (rate accepted, settled) and not Final (still Open or Pending), in pennies so that no sum drifts.
 */

/** What the sums read of one trip. */
export interface PayAmount {
  affiliateId: string;
  partnerName: string | null;
  serviceDate: string;
  final: boolean;
  /** What the trip pays (farmoutRate), in pennies; 0 when it has no rate. */
  pennies: number;
  /** No rate in force and no override: the trip pays nothing until one is set. */
  noRate: boolean;
}

export interface PayTotals {
  finalPennies: number;
  notFinalPennies: number;
  totalPennies: number;
  finalTrips: number;
  notFinalTrips: number;
  noRateTrips: number;
}

export interface PartnerPayLine extends PayTotals {
  affiliateId: string;
  partnerName: string | null;
}

export interface DayPay {
  date: string;
  finalPennies: number;
  notFinalPennies: number;
}

const EMPTY: PayTotals = { finalPennies: 0, notFinalPennies: 0, totalPennies: 0, finalTrips: 0, notFinalTrips: 0, noRateTrips: 0 };

function add(t: PayTotals, row: PayAmount): PayTotals {
  return {
    finalPennies: t.finalPennies + (row.final ? row.pennies : 0),
    notFinalPennies: t.notFinalPennies + (row.final ? 0 : row.pennies),
    totalPennies: t.totalPennies + row.pennies,
    finalTrips: t.finalTrips + (row.final ? 1 : 0),
    notFinalTrips: t.notFinalTrips + (row.final ? 0 : 1),
    noRateTrips: t.noRateTrips + (row.noRate ? 1 : 0),
  };
}

/** Final and not-Final sums of the trips. */
export function payTotals(rows: readonly PayAmount[]): PayTotals {
  return rows.reduce(add, EMPTY);
}

/** A line per partner, by partner name (then id, so equal names keep one order). */
export function payByPartner(rows: readonly PayAmount[]): PartnerPayLine[] {
  const lines = new Map<string, PartnerPayLine>();
  for (const row of rows) {
    const line = lines.get(row.affiliateId) ?? { affiliateId: row.affiliateId, partnerName: row.partnerName, ...EMPTY };
    lines.set(row.affiliateId, { ...line, ...add(line, row) });
  }
  return [...lines.values()].sort(
    (a, b) => (a.partnerName ?? '').localeCompare(b.partnerName ?? '') || (a.affiliateId < b.affiliateId ? -1 : a.affiliateId > b.affiliateId ? 1 : 0),
  );
}

/** The stacked bars of the chart: each day of the week with its Final and not-Final sums (0 on a day without trips). */
export function payByDay(rows: readonly PayAmount[], days: readonly string[]): DayPay[] {
  const byDay = new Map<string, DayPay>(days.map((date) => [date, { date, finalPennies: 0, notFinalPennies: 0 }]));
  for (const row of rows) {
    const day = byDay.get(row.serviceDate);
    if (!day) continue;
    if (row.final) day.finalPennies += row.pennies;
    else day.notFinalPennies += row.pennies;
  }
  return [...byDay.values()];
}
