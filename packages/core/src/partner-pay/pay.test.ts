import { describe, expect, it } from 'vitest';
import { testLeg, testTrip } from '../trips/test-fixtures.ts';
import type { TripPay } from './model.ts';
import { isOffHours, paidLegTenths, payDollars, payInputOf, rateFor, tripPay } from './pay.ts';
import { payInput, payLeg, testRate } from './test-rates.ts';

const total = (pay: TripPay) => (pay.noRate ? null : pay.totalPennies);
const line = (pay: TripPay, item: string) => (pay.noRate ? undefined : pay.lines.find((l) => l.item === item));

const PUPM = testRate('Pick Up Per Mile', {
  basePickupRate: 20, baseMileageRate: 2, baseMileageCeilingRate: 10, baseBucketMileageRate: 1.5, cancelRate: 15,
});

describe('tripPay: no rate', () => {
  it('is NoRate without a rate in force', () => {
    expect(tripPay(payInput(), null)).toEqual({ noRate: true });
    expect(payDollars({ noRate: true })).toBeNull();
  });
});

describe('tripPay: Flat Rate', () => {
  const flat = testRate('Flat Rate', { baseFlatRate: 45.5, cancelRate: 10 });
  it('pays baseFlatRate per leg whatever the miles', () => {
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 3 }), payLeg({ miles: 80 })] }), flat);
    expect(pay).toEqual({
      noRate: false, rateId: 'rate-1', rateType: 'Flat Rate', totalPennies: 9100,
      lines: [{ item: 'baseFlatRate', quantity: 2, unitPennies: 4550, pennies: 9100 }],
    });
    expect(payDollars(pay)).toBe(91);
  });
});

describe('tripPay: Pick Up Per Mile', () => {
  it('pays the mileage rate up to the ceiling exactly', () => {
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 10 })] }), PUPM);
    expect(line(pay, 'baseMileageRate')).toEqual({ item: 'baseMileageRate', quantity: 10, unitPennies: 200, pennies: 2000 });
    expect(line(pay, 'baseBucketMileageRate')).toBeUndefined();
    expect(total(pay)).toBe(2000 + 2000);
  });
  it('pays the bucket rate on the mile beyond the ceiling', () => {
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 11 })] }), PUPM);
    expect(line(pay, 'baseMileageRate')?.quantity).toBe(10);
    expect(line(pay, 'baseBucketMileageRate')).toEqual({ item: 'baseBucketMileageRate', quantity: 1, unitPennies: 150, pennies: 150 });
    expect(total(pay)).toBe(2000 + 2000 + 150);
  });
  it('applies the ceiling to each leg and the pickup rate per leg', () => {
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 12.5 }), payLeg({ miles: 4 })] }), PUPM);
    expect(line(pay, 'basePickupRate')).toMatchObject({ quantity: 2, pennies: 4000 });
    expect(line(pay, 'baseMileageRate')).toMatchObject({ quantity: 14, pennies: 2800 });
    expect(line(pay, 'baseBucketMileageRate')).toMatchObject({ quantity: 2.5, pennies: 375 });
    expect(total(pay)).toBe(4000 + 2800 + 375);
  });
  it('rounds each line to the penny on its own', () => {
    const odd = testRate('Pick Up Per Mile', { basePickupRate: 0, baseMileageRate: 1.33, baseMileageCeilingRate: 100, baseBucketMileageRate: 1, cancelRate: 0 });
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 0.5 })] }), odd);
    // 0.5 × 133 = 66.5 → 67
    expect(line(pay, 'baseMileageRate')?.pennies).toBe(67);
  });
});

describe('tripPay: Mile Reimburse', () => {
  it('pays every loaded mile at the reimbursement rate', () => {
    const rate = testRate('Mile Reimburse', { baseMileageReimbursementRate: 0.65, cancelRate: 0 });
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 12.3 })] }), rate);
    // 12.3 × 65 = 799.5 pennies, half a penny rounds up
    expect(line(pay, 'baseMileageReimbursementRate')).toEqual({ item: 'baseMileageReimbursementRate', quantity: 12.3, unitPennies: 65, pennies: 800 });
    expect(total(pay)).toBe(800);
  });
});

describe('tripPay: additions', () => {
  const rich = testRate('Flat Rate', { baseFlatRate: 30, cancelRate: 10, timeCharge: 0.25, addWaitTime: 0.5, addsPca: 5, addsOffHours: 7, addsPharmacyStop: 4, baseMileageRate: 2 });
  it('adds drive minutes, approved wait minutes, PCA, pharmacy stops, expenses and deadhead', () => {
    const pay = tripPay(
      payInput({
        legs: [payLeg({ driveMinutes: 30, pharmacyStop: true })], pca: true, waitMinutes: 15, expensesPennies: 1234, extraDeadheadMiles: 3.5,
      }),
      rich,
    );
    expect(pay.noRate ? [] : pay.lines.map((l) => [l.item, l.quantity, l.pennies])).toEqual([
      ['baseFlatRate', 1, 3000],
      ['timeCharge', 30, 750],
      ['addWaitTime', 15, 750],
      ['addsPca', 1, 500],
      ['addsPharmacyStop', 1, 400],
      ['expenses', 1, 1234],
      ['deadheadMiles', 3.5, 700],
    ]);
    expect(total(pay)).toBe(3000 + 750 + 750 + 500 + 400 + 1234 + 700);
  });
  it('adds nothing for an extra the rate leaves empty', () => {
    const plain = testRate('Flat Rate', { baseFlatRate: 30, cancelRate: 10 });
    expect(total(tripPay(payInput({ pca: true, waitMinutes: 20, legs: [payLeg({ pickupTime: '05:00:00', pharmacyStop: true })] }), plain))).toBe(3000);
  });
  it('pays deadhead at the reimbursement rate when the rate has no mileage rate', () => {
    const rate = testRate('Mile Reimburse', { baseMileageReimbursementRate: 1, cancelRate: 0 });
    expect(line(tripPay(payInput({ extraDeadheadMiles: 2 }), rate), 'deadheadMiles')?.pennies).toBe(200);
  });
  it.each([
    ['05:59:00', true],
    ['06:00:00', false],
    ['17:59:00', false],
    ['18:00:00', true],
    ['00:00:00', true],
  ])('pays off hours for a pickup at %s: %s', (pickupTime, off) => {
    expect(isOffHours(pickupTime)).toBe(off);
    const pay = tripPay(payInput({ legs: [payLeg({ pickupTime })] }), rich);
    expect(line(pay, 'addsOffHours')?.pennies).toBe(off ? 700 : undefined);
  });
  it('pays no off hours for a will call without a pickup time', () => {
    expect(isOffHours('23:59:00')).toBe(false);
    expect(isOffHours(null)).toBe(false);
  });
});

describe('tripPay: cancellations', () => {
  const rate = testRate('Flat Rate', { baseFlatRate: 30, cancelRate: 12.5, addsPca: 5, baseMileageRate: 2 });
  it('pays cancelRate for a dry run or a cancel with charge, instead of the legs', () => {
    const pay = tripPay(payInput({ chargedCancel: true, pca: true }), rate);
    expect(pay.noRate ? [] : pay.lines).toEqual([{ item: 'cancelRate', quantity: 1, unitPennies: 1250, pennies: 1250 }]);
  });
  it('still adds approved expenses and deadhead to a charged cancel', () => {
    expect(total(tripPay(payInput({ chargedCancel: true, expensesPennies: 300, extraDeadheadMiles: 1 }), rate))).toBe(1250 + 300 + 200);
  });
  it('pays nothing for a cancel without charge', () => {
    const pay = tripPay(payInput({ unchargedCancel: true, expensesPennies: 300 }), rate);
    expect(pay).toEqual({ noRate: false, rateId: 'rate-1', rateType: 'Flat Rate', lines: [], totalPennies: 0 });
  });
  it('pays cancelRate for a leg cancelled with charge and nothing for one without', () => {
    const pay = tripPay(payInput({ legs: [payLeg(), payLeg({ cancel: 'withCharge' }), payLeg({ cancel: 'withoutCharge' })] }), rate);
    expect(line(pay, 'baseFlatRate')?.quantity).toBe(1);
    expect(line(pay, 'cancelRate')).toEqual({ item: 'cancelRate', quantity: 1, unitPennies: 1250, pennies: 1250 });
  });
});

describe('paidLegTenths: an approved mileage adjustment', () => {
  it('keeps the legs own miles without one', () => {
    expect(paidLegTenths([payLeg({ miles: 4.2 }), payLeg({ miles: null })], null)).toEqual([42, 0]);
  });
  it('spreads the approved miles by the legs own miles, adding up exactly', () => {
    expect(paidLegTenths([payLeg({ miles: 10 }), payLeg({ miles: 20 })], 10)).toEqual([33, 67]);
  });
  it('puts them on the first leg when no leg has miles', () => {
    expect(paidLegTenths([payLeg({ miles: null }), payLeg({ miles: 0 })], 7.5)).toEqual([75, 0]);
  });
  it('replaces the loaded miles paid, with the ceiling applied to each share', () => {
    const pay = tripPay(payInput({ legs: [payLeg({ miles: 5 })], paidMilesOverride: 12 }), PUPM);
    expect(line(pay, 'baseMileageRate')?.quantity).toBe(10);
    expect(line(pay, 'baseBucketMileageRate')?.quantity).toBe(2);
  });
});

describe('rateFor', () => {
  const old = testRate('Flat Rate', {}, { id: 'old', dateBegin: '2026-01-01', dateEnd: '2026-11-09' });
  const now = testRate('Flat Rate', {}, { id: 'now', dateBegin: '2026-11-10', dateEnd: null });
  const other = testRate('Flat Rate', {}, { id: 'gurney', serviceId: '05', dateBegin: '2026-01-01' });
  const key = { billToContactId: 'bill-1', serviceType: '01' };
  it('finds the rate in force on the service date, both ends included', () => {
    expect(rateFor([old, now, other], { ...key, serviceDate: '2026-11-09' })?.id).toBe('old');
    expect(rateFor([old, now, other], { ...key, serviceDate: '2026-11-10' })?.id).toBe('now');
    expect(rateFor([old, now, other], { ...key, serviceDate: '2025-12-31' })).toBeNull();
  });
  it('keys on bill-to and service type', () => {
    expect(rateFor([old, now, other], { ...key, serviceType: '05', serviceDate: '2026-11-20' })?.id).toBe('gurney');
    expect(rateFor([old, now], { ...key, serviceType: '03', serviceDate: '2026-11-20' })).toBeNull();
    expect(rateFor([old, now], { ...key, billToContactId: 'bill-2', serviceDate: '2026-11-20' })).toBeNull();
    expect(rateFor([old, now], { billToContactId: null, serviceType: '01', serviceDate: '2026-11-20' })).toBeNull();
  });
});

describe('payInputOf', () => {
  const extras = { waitMinutes: 10, expensesPennies: 500, paidMilesOverride: null, extraDeadheadMiles: 0 };
  it('reads miles (to 0.1), drive minutes, pickup time, pharmacy stops and cancels from the legs', () => {
    const trip = testTrip({
      pca: true,
      tripLegs: [
        testLeg({ googleDrivingDistanceMeters: 16093, googleDrivingTime: 1290, locFirstTimeOrd: '17:30:00', locSecondAction: 'DP' }),
        testLeg({ googleDrivingDistanceMeters: null, googleDrivingTime: null, locFirstTimeOrd: '23:59:00', locFirstTimeAct: '18:10:00', status: 'Canceled', cancelWc: true }),
        testLeg({ locFirstTimeOrd: null, status: 'CanceledNoCharge' }),
      ],
    });
    expect(payInputOf(trip, extras)).toEqual({
      legs: [
        { miles: 10, driveMinutes: 22, pickupTime: '17:30:00', pharmacyStop: true, cancel: 'none' },
        { miles: null, driveMinutes: 0, pickupTime: '18:10:00', pharmacyStop: false, cancel: 'withCharge' },
        { miles: 10, driveMinutes: 0, pickupTime: null, pharmacyStop: false, cancel: 'withoutCharge' },
      ],
      pca: true, waitMinutes: 10, expensesPennies: 500, chargedCancel: false, unchargedCancel: false, paidMilesOverride: null, extraDeadheadMiles: 0,
    });
  });
  it('reads a dry run or a cancel with charge as charged, a cancel otherwise as uncharged', () => {
    expect(payInputOf(testTrip({ dryRun: true }), extras)).toMatchObject({ chargedCancel: true, unchargedCancel: false });
    expect(payInputOf(testTrip({ canceled: true, cancelledWithCharge: true }), extras)).toMatchObject({ chargedCancel: true, unchargedCancel: false });
    expect(payInputOf(testTrip({ canceled: true, cancelledWithoutCharge: true }), extras)).toMatchObject({ chargedCancel: false, unchargedCancel: true });
  });
});
