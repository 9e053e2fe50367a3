import { describe, expect, it } from 'vitest';
import { NewPartnerRate, partnerRateEndpoints } from '../api/partner-rates.ts';
import { RATE_MSG } from './messages.ts';
import { rateServiceType } from './pay.ts';
import { dayBefore, mayEditRates, noRateRefusal, rateAmountProblems, rateAmountsFor, rateEndProblem, rateStatus } from './rules.ts';

const user = (over: { types?: string[]; ldapGroups?: string[]; adminAccess?: boolean } = {}) => ({
  types: ['SecureEmployee'], ldapGroups: [], adminAccess: false, ...over,
});

describe('mayEditRates', () => {
  it('lets adminAccess, Finance and PartnerCredentialing edit rates, no one else', () => {
    expect(mayEditRates(user({ adminAccess: true }))).toBe(true);
    expect(mayEditRates(user({ ldapGroups: ['Finance'] }))).toBe(true);
    expect(mayEditRates(user({ types: ['PartnerCredentialing'] }))).toBe(true);
    expect(mayEditRates(user())).toBe(false);
    expect(mayEditRates(user({ types: ['Affiliate'] }))).toBe(false);
  });
});

describe('rateStatus', () => {
  it('is Future before the first day, Active through the last, Ended after', () => {
    const rate = { dateBegin: '2026-11-10', dateEnd: '2026-11-20' };
    expect(rateStatus(rate, '2026-11-09')).toBe('Future');
    expect(rateStatus(rate, '2026-11-10')).toBe('Active');
    expect(rateStatus(rate, '2026-11-20')).toBe('Active');
    expect(rateStatus(rate, '2026-11-21')).toBe('Ended');
    expect(rateStatus({ dateBegin: '2026-11-10', dateEnd: null }, '2099-01-01')).toBe('Active');
  });
});

describe('rate amounts', () => {
  it('requires the fields of each type', () => {
    expect(rateAmountProblems('Flat Rate', { cancelRate: 10 })).toEqual([{ path: 'baseFlatRate', message: 'Flat rate is required for a Flat Rate rate' }]);
    expect(rateAmountProblems('Pick Up Per Mile', { basePickupRate: 1, baseMileageRate: 2, baseMileageCeilingRate: 10, cancelRate: 0 }).map((p) => p.path)).toEqual([
      'baseBucketMileageRate',
    ]);
    expect(rateAmountProblems('Mile Reimburse', { baseMileageReimbursementRate: 0, cancelRate: 0 })).toEqual([]);
  });
  it("keeps the type's own fields and the extras, dropping another type's", () => {
    const kept = rateAmountsFor('Flat Rate', { baseFlatRate: 30, basePickupRate: 5, baseMileageRate: 2, addsPca: 1 });
    expect(kept).toMatchObject({ baseFlatRate: 30, basePickupRate: null, baseMileageRate: 2, addsPca: 1, cancelRate: null });
  });
});

describe('rate end', () => {
  it('may end on the first day, not before', () => {
    expect(rateEndProblem('2026-11-10', '2026-11-10')).toBeNull();
    expect(rateEndProblem('2026-11-10', '2026-11-09')).toBe('The end date cannot be before the rate begins (2026-11-10)');
  });
  it('finds the day before, across months and leap days', () => {
    expect(dayBefore('2026-12-01')).toBe('2026-11-30');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
  });
  it("answers 'Invalid date!' for an end that is not a day", () => {
    const q = partnerRateEndpoints.partnerRateChange.query;
    for (const dateEnd of ['2026-13-01', '2026-02-30', '11/20/2026', '']) {
      const r = q.safeParse({ id: 'r1', dateEnd, modCount: '0' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(RATE_MSG.INVALID_DATE);
    }
    expect(q.safeParse({ id: 'r1', dateEnd: '2026-11-20', modCount: '0' }).success).toBe(true);
  });
});

describe('NewPartnerRate', () => {
  const base = { affiliateId: 'p1', billToContactId: 'b1', serviceId: '01', rateType: 'Flat Rate', baseFlatRate: 30, cancelRate: 10 };
  it('takes a complete rate', () => {
    expect(NewPartnerRate.safeParse(base).success).toBe(true);
  });
  it('names the missing field of the type, a negative amount, fractions of a cent and an unknown service type', () => {
    const issues = (v: object) => NewPartnerRate.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...base, baseFlatRate: null })).toEqual([['baseFlatRate', 'Flat rate is required for a Flat Rate rate']]);
    expect(issues({ ...base, cancelRate: -1 })).toEqual([['cancelRate', RATE_MSG.NEGATIVE]]);
    expect(issues({ ...base, cancelRate: 1.005 })).toEqual([['cancelRate', RATE_MSG.AMOUNT]]);
    expect(issues({ ...base, serviceId: '42' })).toEqual([['serviceId', RATE_MSG.CHOOSE_SERVICE_TYPE]]);
    expect(issues({ ...base, rateType: 'Per Hour' })?.[0]).toEqual(['rateType', RATE_MSG.CHOOSE_RATE_TYPE]);
  });
});

describe('rate accept and NoRate', () => {
  it("refuses a trip that pays nothing yet, and takes one with a rate or an override", () => {
    expect(noRateRefusal({ farmoutRate: null })).toBe('This trip has no rate yet; call dispatch.');
    expect(noRateRefusal({ farmoutRate: 0 })).toBeNull();
    expect(noRateRefusal({ farmoutRate: 42.5 })).toBeNull();
  });
  it("finds a trip's rate by its service number, else the service type requested", () => {
    expect(rateServiceType({ serviceNumber: '03', serviceTypeRequested: '01' })).toBe('03');
    expect(rateServiceType({ serviceNumber: null, serviceTypeRequested: '05' })).toBe('05');
  });
});
