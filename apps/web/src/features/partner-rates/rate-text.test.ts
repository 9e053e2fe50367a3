import { describe, expect, it } from 'vitest';
import type { PartnerRate } from '@tripline/core';
import { baseText, daysText, extrasText, serviceTypeText } from './rate-text.ts';

const rate = (over: Partial<PartnerRate>): PartnerRate => ({
  id: 'r1', affiliateId: 'p1', billToContactId: 'b1', serviceId: '01', rateType: 'Flat Rate', cancelRate: 15, basePickupRate: null,
  baseBucketMileageRate: null, baseFlatRate: 38, baseMileageCeilingRate: null, baseMileageRate: null, timeCharge: null,
  baseMileageReimbursementRate: null, addWaitTime: null, addsOffHours: null, addsPca: null, addsPharmacyStop: null,
  dateBegin: '2026-11-01', dateEnd: null, status: 'Active', created: '2026-11-01T15:00:00Z', billToName: 'Valley Health', providerName: 'Sandia Mobility',
  modCount: 0, ...over,
});

describe('rate texts', () => {
  it('says what each type pays for the ride', () => {
    expect(baseText(rate({}))).toBe('$38.00 a leg');
    expect(baseText(rate({ rateType: 'Mile Reimburse', baseMileageReimbursementRate: 0.95 }))).toBe('$0.95/mile');
    expect(
      baseText(rate({ rateType: 'Pick Up Per Mile', basePickupRate: 18, baseMileageRate: 1.85, baseMileageCeilingRate: 20, baseBucketMileageRate: 1.4 })),
    ).toBe('$18.00 a pickup + $1.85/mile up to 20 miles, $1.40/mile beyond');
  });
  it('lists the extras it pays, leaving out the empty ones', () => {
    expect(extrasText(rate({ addWaitTime: 0.35, addsPca: 5, baseMileageRate: 2 }))).toEqual(['Cancel $15.00', 'Wait $0.35/min', 'PCA $5.00', 'Deadhead $2.00/mile']);
  });
  it('says the days and the service type', () => {
    expect(daysText({ dateBegin: '2026-11-01', dateEnd: null })).toBe('from 11/01/2026');
    expect(daysText({ dateBegin: '2026-11-01', dateEnd: '2026-11-21' })).toBe('11/01/2026 – 11/21/2026');
    expect(serviceTypeText('03')).toBe('03 Wheelchair');
    expect(serviceTypeText('42')).toBe('42');
  });
});
