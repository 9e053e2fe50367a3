import { describe, expect, it } from 'vitest';
import type { NonFinalTrip, PayReportTrip } from '../api/pay-reports.ts';
import { TEST_NOW, TEST_STATS, testLeg, testTrip } from '../trips/test-fixtures.ts';
import { NON_FINAL_CSV_FILE } from './messages.ts';
import { NON_FINAL_CSV_COLUMNS, PAY_CSV_COLUMNS, nonFinalCsvLine, nonFinalReason, payCsvFileName, payCsvLine, payLinesText } from './rows.ts';

const done = testTrip({ accepted: true, partnerPayStatus: 'Pending', farmoutRate: 42.5, tripLegs: [testLeg(TEST_STATS)] });

describe('nonFinalReason', () => {
  it("is 'Ready for rate accept' when rate accept would finalise the trip", () => {
    expect(nonFinalReason(done, TEST_NOW)).toEqual({ reason: 'Ready for rate accept', ready: true });
  });

  it('is the first reason finalising is blocked, before the missing rate', () => {
    expect(nonFinalReason(testTrip(), TEST_NOW)).toEqual({ reason: 'This trip has not been accepted yet.', ready: false });
    const noStats = testTrip({ accepted: true, farmoutRate: 42.5 });
    expect(nonFinalReason(noStats, TEST_NOW).reason).toBe('Enter the stats (arrival, departure and drop-off times) before finalizing.');
    const later = testTrip({ accepted: true, serviceDate: '2026-11-21', farmoutRate: 42.5 });
    expect(nonFinalReason(later, TEST_NOW).reason).toBe('Only trips that have already occurred may be finalized.');
  });

  it('names a missing rate on a trip that is otherwise ready', () => {
    expect(nonFinalReason({ ...done, farmoutRate: null }, TEST_NOW)).toEqual({ reason: 'This trip has no rate yet; call dispatch.', ready: false });
  });
});

const payTrip: PayReportTrip = {
  id: 'da-1',
  referenceNumber: '2000001',
  modCount: 3,
  serviceDate: '2026-11-22',
  affiliateId: 'p-a',
  partnerName: 'Sandia Mobility',
  passengerName: '=Ada Lovato',
  serviceType: '01',
  billToName: 'Centennial Care',
  partnerPayStatus: 'Final',
  farmoutRate: 38.8,
  breakdown: {
    noRate: false,
    rateId: 'r-1',
    rateType: 'Pick Up Per Mile',
    lines: [
      { item: 'basePickupRate', quantity: 1, unitPennies: 2000, pennies: 2000 },
      { item: 'baseMileageRate', quantity: 9.4, unitPennies: 200, pennies: 1880 },
    ],
    totalPennies: 3880,
  },
  noRate: false,
  overridden: false,
};

describe('the downloads', () => {
  it('writes a pay line per trip with its lines, formula-safe', () => {
    expect(PAY_CSV_COLUMNS[0]).toBe('Reference');
    expect(payCsvLine(payTrip)).toBe(
      "2000001,2026-11-22,Sandia Mobility,'=Ada Lovato,01,Centennial Care,Final,Pick Up Per Mile,Pickup per leg 1 × $20.00 = $20.00; Loaded miles 9.4 × $2.00 = $18.80,no,38.80\r\n",
    );
    expect(payLinesText({ noRate: true })).toBe('NoRate');
    expect(payLinesText(null)).toBe('');
    expect(payCsvFileName('2026-11-22')).toBe('partner-pay-2026-11-22.csv');
  });

  it('writes a non-final line with its reason and names the file non-finalized-trips.csv', () => {
    const t: NonFinalTrip = {
      id: 'da-1',
      referenceNumber: '2000001',
      modCount: 1,
      serviceDate: '2026-11-20',
      affiliateId: 'p-a',
      partnerName: 'Sandia Mobility',
      passengerName: 'Ada Lovato',
      serviceType: '03',
      partnerPayStatus: 'Open',
      farmoutRate: null,
      noRate: true,
      reason: 'This trip has not been accepted yet.',
      ready: false,
    };
    expect(NON_FINAL_CSV_COLUMNS).toContain('Reason');
    expect(nonFinalCsvLine(t)).toBe('2000001,2026-11-20,Sandia Mobility,Ada Lovato,03,Open,NoRate,This trip has not been accepted yet.\r\n');
    expect(NON_FINAL_CSV_FILE).toBe('non-finalized-trips.csv');
  });
});
