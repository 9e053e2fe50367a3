import { describe, expect, it } from 'vitest';
import { partnerPayStatusFor } from './pay.ts';
import { finaliseBlockedReason } from './rules.ts';
import { TEST_NOW as NOW, TEST_STATS, testLeg, testTrip } from './test-fixtures.ts';

const done = { accepted: true, tripLegs: [testLeg(TEST_STATS)] };

describe('partnerPayStatusFor (docs/decisions.md "Partner pay")', () => {
  it('is Pending once the trip took place with complete stats and nothing to review', () => {
    expect(partnerPayStatusFor(testTrip(done), NOW)).toBe('Pending');
  });
  it('stays Open while an adjustment awaits review, even with stats', () => {
    expect(partnerPayStatusFor(testTrip({ ...done, outstandingAdjustments: 1 }), NOW)).toBe('Open');
    expect(partnerPayStatusFor(testTrip({ ...done, partnerPayStatus: 'Pending', outstandingAdjustments: 2 }), NOW)).toBe('Open');
  });
  it('stays Open before the trip takes place', () => {
    expect(partnerPayStatusFor(testTrip({ ...done, serviceDate: '2026-11-21' }), NOW)).toBe('Open');
    // the same day, before the first ordered pickup (10:00 local is before 10:30)
    expect(partnerPayStatusFor(testTrip({ ...done, tripLegs: [testLeg({ ...TEST_STATS, locFirstTimeOrd: '10:30:00' })] }), NOW)).toBe('Open');
  });
  it('stays Open while needed stats are missing', () => {
    expect(partnerPayStatusFor(testTrip({ accepted: true }), NOW)).toBe('Open');
    expect(partnerPayStatusFor(testTrip({ accepted: true, tripLegs: [testLeg({ locFirstTimeAct: '09:00:00' })] }), NOW)).toBe('Open');
  });
  it('needs no stats for a dry run, a cancel reason without stats, an old trip or cancelled legs', () => {
    expect(partnerPayStatusFor(testTrip({ dryRun: true }), NOW)).toBe('Pending');
    expect(partnerPayStatusFor(testTrip({ cancelledReason: 'Late Cancel', cancelReasonRequiresStats: false }), NOW)).toBe('Pending');
    expect(partnerPayStatusFor(testTrip({ serviceDate: '2017-06-30' }), NOW)).toBe('Pending');
    expect(partnerPayStatusFor(testTrip({ tripLegs: [testLeg({ status: 'CanceledNoCharge', cancelNc: true })] }), NOW)).toBe('Pending');
  });
  it('keeps a cancel reason that needs stats waiting for them', () => {
    expect(partnerPayStatusFor(testTrip({ cancelledReason: 'No Show', cancelReasonRequiresStats: true }), NOW)).toBe('Open');
  });
  it('goes back to Open when an adjustment arrives on a Pending trip', () => {
    const pending = testTrip({ ...done, partnerPayStatus: 'Pending' });
    expect(partnerPayStatusFor({ ...pending, outstandingAdjustments: 1 }, NOW)).toBe('Open');
  });
  it('never leaves Final', () => {
    expect(partnerPayStatusFor(testTrip({ ...done, partnerPayStatus: 'Final', outstandingAdjustments: 3 }), NOW)).toBe('Final');
    expect(partnerPayStatusFor(testTrip({ partnerPayStatus: 'Final', serviceDate: '2026-12-01' }), NOW)).toBe('Final');
  });
  it('agrees with finalising: a Pending trip that is accepted can be finalised', () => {
    const t = testTrip({ ...done, partnerPayStatus: 'Pending' });
    expect(partnerPayStatusFor(t, NOW)).toBe('Pending');
    expect(finaliseBlockedReason(t, NOW)).toBeNull();
  });
});
