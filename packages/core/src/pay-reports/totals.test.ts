import { describe, expect, it } from 'vitest';
import { payByDay, payByPartner, payTotals, type PayAmount } from './totals.ts';

const row = (over: Partial<PayAmount>): PayAmount => ({
  affiliateId: 'p-a',
  partnerName: 'Sandia Mobility',
  serviceDate: '2026-11-22',
  final: false,
  pennies: 0,
  noRate: false,
  ...over,
});

const ROWS = [
  row({ final: true, pennies: 4250 }),
  row({ final: false, pennies: 3810, serviceDate: '2026-11-23' }),
  row({ affiliateId: 'p-b', partnerName: 'Rio Grande Medical Transport', final: true, pennies: 7500, serviceDate: '2026-11-23' }),
  row({ affiliateId: 'p-b', partnerName: 'Rio Grande Medical Transport', noRate: true, serviceDate: '2026-11-28' }),
];

describe('payTotals', () => {
  it('splits Final from not Final and counts the trips without a rate', () => {
    expect(payTotals(ROWS)).toEqual({
      finalPennies: 11750,
      notFinalPennies: 3810,
      totalPennies: 15560,
      finalTrips: 2,
      notFinalTrips: 2,
      noRateTrips: 1,
    });
    expect(payTotals([])).toEqual({ finalPennies: 0, notFinalPennies: 0, totalPennies: 0, finalTrips: 0, notFinalTrips: 0, noRateTrips: 0 });
  });
});

describe('payByPartner', () => {
  it('gives a line per partner in name order', () => {
    const lines = payByPartner(ROWS);
    expect(lines.map((l) => [l.partnerName, l.finalPennies, l.notFinalPennies, l.finalTrips + l.notFinalTrips])).toEqual([
      ['Rio Grande Medical Transport', 7500, 0, 2],
      ['Sandia Mobility', 4250, 3810, 2],
    ]);
  });
});

describe('payByDay', () => {
  it('gives every day of the week, empty days at 0, and leaves out days outside it', () => {
    const days = ['2026-11-22', '2026-11-23', '2026-11-24'];
    expect(payByDay([...ROWS, row({ serviceDate: '2026-11-29', pennies: 100 })], days)).toEqual([
      { date: '2026-11-22', finalPennies: 4250, notFinalPennies: 0 },
      { date: '2026-11-23', finalPennies: 7500, notFinalPennies: 3810 },
      { date: '2026-11-24', finalPennies: 0, notFinalPennies: 0 },
    ]);
  });
});
