import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from './messages.ts';
import { TEST_NOW, TEST_STATS, testLeg, testTrip } from './test-fixtures.ts';
import {
  acceptAllSelection,
  acceptRefusal,
  canCancelLeg,
  declineRefusal,
  displayServiceDate,
  displayStatus,
  eligibleSmsPhone,
  filterTrips,
  finaliseBlockedReason,
  hasOccurred,
  isReadOnly,
  metersToMiles,
  waitTimeMinutes,
} from './rules.ts';

const leg = testLeg;
const trip = testTrip;
const NOW = TEST_NOW;
const withStats = TEST_STATS;

describe('isReadOnly (spec 1 §4)', () => {
  it('is false for an open trip', () => expect(isReadOnly(trip())).toBe(false));
  it.each([
    ['locked', { locked: true }],
    ['canceled', { canceled: true }],
    ['dry run', { dryRun: true }],
    ['Final', { partnerPayStatus: 'Final' as const }],
  ])('is true when %s', (_n, over) => expect(isReadOnly(trip(over))).toBe(true));
  it('is true when no longer in the found set', () => expect(isReadOnly(trip(), false)).toBe(true));
  it('is false when Pending', () => expect(isReadOnly(trip({ partnerPayStatus: 'Pending' }))).toBe(false));
});

describe('hasOccurred, in the division time zone', () => {
  it('a past day has occurred, a future day has not', () => {
    expect(hasOccurred(trip({ serviceDate: '2026-11-19' }), NOW)).toBe(true);
    expect(hasOccurred(trip({ serviceDate: '2026-11-21' }), NOW)).toBe(false);
  });
  it('today: once the first ordered pickup has passed', () => {
    expect(hasOccurred(trip({ tripLegs: [leg({ locFirstTimeOrd: '09:59:00' })] }), NOW)).toBe(true);
    expect(hasOccurred(trip({ tripLegs: [leg({ locFirstTimeOrd: '10:01:00' })] }), NOW)).toBe(false);
  });
  it('uses the trip division zone, not UTC', () => {
    // 2026-11-21 05:00 UTC is still 2026-11-20 in Denver and Los Angeles
    const late = new Date('2026-11-21T05:00:00Z');
    expect(hasOccurred(trip({ serviceDate: '2026-11-21' }), late)).toBe(false);
    expect(hasOccurred(trip({ serviceDate: '2026-11-20', timeZone: 'America/Los_Angeles', tripLegs: [leg({ locFirstTimeOrd: '20:30:00' })] }), late)).toBe(true);
  });
  it('a will-call-only day is not yet occurred until the day is over', () => {
    expect(hasOccurred(trip({ tripLegs: [leg({ locFirstTimeOrd: '23:59:00' })] }), NOW)).toBe(false);
  });
});

describe('acceptRefusal (spec 1 §5)', () => {
  const future = { serviceDate: '2026-11-22' };
  it('accepts an open future trip', () => expect(acceptRefusal(trip(future), NOW)).toBeNull());
  it('refuses an accepted trip', () => expect(acceptRefusal(trip({ ...future, accepted: true }), NOW)?.message).toBe(TRIP_MSG.ALREADY_ACCEPTED));
  it('refuses a read-only trip', () => expect(acceptRefusal(trip({ ...future, dryRun: true }), NOW)?.message).toBe(TRIP_MSG.NOT_EDITABLE));
  it('refuses a past trip outside developer mode', () => {
    expect(acceptRefusal(trip(), NOW)).toEqual({ message: TRIP_MSG.ALREADY_OCCURRED, kind: 'warning' });
    expect(acceptRefusal(trip(), NOW, true)).toBeNull();
  });
});

describe('acceptAllSelection', () => {
  it('skips read-only, accepted and past trips and counts the past ones', () => {
    const trips = [
      trip({ id: 'a', serviceDate: '2026-11-22' }),
      trip({ id: 'b', serviceDate: '2026-11-22', accepted: true }),
      trip({ id: 'c', serviceDate: '2026-11-22', canceled: true }),
      trip({ id: 'd', serviceDate: '2026-11-19' }),
      trip({ id: 'e', serviceDate: '2026-11-18' }),
    ];
    const r = acceptAllSelection(trips, NOW);
    expect(r.eligible.map((t) => t.id)).toEqual(['a']);
    expect(r.past).toBe(2);
    expect(r.skipped).toBe(2);
  });
});

describe('declineRefusal (spec 1 §4, §5)', () => {
  const future = { serviceDate: '2026-11-22' };
  it('allows an open unaccepted future trip', () => expect(declineRefusal(trip(future), NOW)).toBeNull());
  it('warns when already declined', () => expect(declineRefusal(trip({ ...future, declined: true }), NOW)).toEqual({ message: TRIP_MSG.ALREADY_DECLINED, kind: 'warning' }));
  it('sends accepted or driver-assigned trips to the dispatch hotline', () => {
    expect(declineRefusal(trip({ ...future, accepted: true }), NOW)?.message).toBe(TRIP_MSG.CALL_DISPATCH_TO_DECLINE);
    expect(declineRefusal(trip({ ...future, driverId: 'd1' }), NOW)?.message).toBe(TRIP_MSG.CALL_DISPATCH_TO_DECLINE);
    expect(TRIP_MSG.CALL_DISPATCH_TO_DECLINE).toMatch(/dispatch hotline/);
  });
  it('refuses a non-editable trip', () => expect(declineRefusal(trip({ ...future, locked: true }), NOW)?.message).toBe('This trip is not editable'));
  it('refuses a past trip outside developer mode', () => {
    expect(declineRefusal(trip(), NOW)?.message).toBe('This trip has already occurred.');
    expect(declineRefusal(trip(), NOW, true)).toBeNull();
  });
});

describe('finaliseBlockedReason (spec 1 §4)', () => {
  const ready = { accepted: true, tripLegs: [leg(withStats)] };
  it('allows an accepted past trip with stats', () => expect(finaliseBlockedReason(trip(ready), NOW)).toBeNull());
  it('needs acceptance', () => expect(finaliseBlockedReason(trip({ ...ready, accepted: false }), NOW)).toBe(TRIP_MSG.FINALISE.notAccepted));
  it('refuses a finalized trip', () => expect(finaliseBlockedReason(trip({ ...ready, partnerPayStatus: 'Final' }), NOW)).toBe(TRIP_MSG.FINALISE.alreadyFinal));
  it('refuses a trip that has not occurred', () => expect(finaliseBlockedReason(trip({ ...ready, serviceDate: '2026-11-21' }), NOW)).toBe(TRIP_MSG.FINALISE.notOccurred));
  it('refuses Open with outstanding adjustments, not Pending', () => {
    expect(finaliseBlockedReason(trip({ ...ready, outstandingAdjustments: 1 }), NOW)).toBe(TRIP_MSG.FINALISE.adjustments);
    expect(finaliseBlockedReason(trip({ ...ready, outstandingAdjustments: 1, partnerPayStatus: 'Pending' }), NOW)).toBeNull();
  });
  it('needs stats', () => {
    expect(finaliseBlockedReason(trip({ accepted: true }), NOW)).toBe(TRIP_MSG.FINALISE.statsMissing);
    expect(finaliseBlockedReason(trip({ accepted: true, tripLegs: [leg({ ...withStats, locFirstTimeDep: null })] }), NOW)).toBe(TRIP_MSG.FINALISE.statsMissing);
  });
  it('needs no stats for a dry run, a cancel reason without stats, or before 2017-07-01', () => {
    expect(finaliseBlockedReason(trip({ accepted: true, dryRun: true }), NOW)).toBeNull();
    expect(finaliseBlockedReason(trip({ accepted: true, cancelledReason: 'Advance Notice', cancelReasonRequiresStats: false }), NOW)).toBeNull();
    expect(finaliseBlockedReason(trip({ accepted: true, cancelledReason: 'No Show', cancelReasonRequiresStats: true }), NOW)).toBe(TRIP_MSG.FINALISE.statsMissing);
    expect(finaliseBlockedReason(trip({ accepted: true, serviceDate: '2017-06-30' }), NOW)).toBeNull();
    expect(finaliseBlockedReason(trip({ accepted: true, serviceDate: '2017-07-01' }), NOW)).toBe(TRIP_MSG.FINALISE.statsMissing);
  });
  it('refuses a locked trip', () => expect(finaliseBlockedReason(trip({ ...ready, locked: true }), NOW)).toBe(TRIP_MSG.NOT_EDITABLE));
  it('needs a will-call time', () => {
    const wc = leg({ ...withStats, whichLeg: 'B', locFirstTimeOrd: '23:59:00' });
    expect(finaliseBlockedReason(trip({ ...ready, willCall: true, tripLegs: [leg(withStats), wc] }), NOW)).toBe(TRIP_MSG.FINALISE.willCallNoTime);
    expect(finaliseBlockedReason(trip({ ...ready, willCall: true, tripLegs: [leg(withStats), { ...wc, callInTime: '13:10:00' }] }), NOW)).toBeNull();
  });
  it('names an unknown status', () => {
    expect(finaliseBlockedReason(trip({ ...ready, partnerPayStatus: 'Weird' as never }), NOW)).toBe(TRIP_MSG.FINALISE.unknownStatus('Weird'));
  });
});

describe('canCancelLeg (spec 1 §4)', () => {
  const ok = trip({ accepted: true });
  it('allows an accepted open trip', () => expect(canCancelLeg(ok, ok.tripLegs[0])).toBe(true));
  it('allows a driver-assigned trip', () => expect(canCancelLeg(trip({ driverId: 'x' }), leg())).toBe(true));
  it.each([
    ['not accepted and no driver', trip(), leg()],
    ['Pending pay', trip({ accepted: true, partnerPayStatus: 'Pending' }), leg()],
    ['read-only', trip({ accepted: true, locked: true }), leg()],
    ['leg already cancelled', ok, leg({ status: 'Canceled' })],
    ['no-charge flag', ok, leg({ cancelNc: true })],
    ['trip cancelled with charge', trip({ accepted: true, cancelledWithCharge: true }), leg()],
    ['trip cancelled without charge', trip({ accepted: true, cancelledWithoutCharge: true }), leg()],
  ])('refuses when %s', (_n, t, l) => expect(canCancelLeg(t, l)).toBe(false));
});

describe('row display', () => {
  it('displayStatus', () => {
    expect(displayStatus(trip({ partnerPayStatus: 'Final', dryRun: true }))).toBe('final');
    expect(displayStatus(trip({ dryRun: true }))).toBe('dryRun');
    expect(displayStatus(trip({ declined: true }))).toBe('declined');
    expect(displayStatus(trip({ partnerPayStatus: 'Pending' }))).toBe('pending');
    expect(displayStatus(trip({ accepted: true }))).toBe('accepted');
    expect(displayStatus(trip())).toBe('none');
  });
  it('metersToMiles rounds to 0.1 mile', () => {
    expect(metersToMiles(16093)).toBe(10);
    expect(metersToMiles(1000)).toBe(0.6);
    expect(metersToMiles(null)).toBeNull();
  });
  it('service dates from 2078-12-31 show n/a', () => {
    expect(displayServiceDate('2078-12-30')).toBe('2078-12-30');
    expect(displayServiceDate('2078-12-31')).toBe('n/a');
  });
});

describe('filterTrips (spec 1 §2)', () => {
  const smith = { id: 'x', name: 'Al Smith', phones: [] };
  const trips = [
    trip({ id: 'a', referenceNumber: '2000001', schedulePriority: 3 }),
    trip({ id: 'b', referenceNumber: '2000002', schedulePriority: 2, tripLegs: [leg({ passenger: { id: 'x', name: 'Bea Ortiz', phones: [] } })] }),
    trip({ id: 'c', referenceNumber: '2000003', schedulePriority: 4 }),
    trip({ id: 'd', referenceNumber: '2000004', schedulePriority: 3, tripLegs: [leg({ passenger: smith })] }),
    trip({ id: 'e', referenceNumber: '2000005', schedulePriority: 2, tripLegs: [leg({ passenger: smith })] }),
  ];
  const ids = (search: string) => filterTrips(trips, search).map((t) => t.id);

  it("keeps priority 3 and higher for '!' alone, '!!' or '!' with spaces", () => {
    expect(ids('!')).toEqual(['a', 'c', 'd']);
    expect(ids('!!')).toEqual(['a', 'c', 'd']);
    expect(ids(' !!! ')).toEqual(['a', 'c', 'd']);
  });
  it("priority 2 is not high priority, 3 is", () => {
    expect(ids('!2000002')).toEqual([]);
    expect(ids('!2000001')).toEqual(['a']);
  });
  it("searches the rest of the text among high-priority trips, wherever the '!' is", () => {
    expect(ids('!smith')).toEqual(['d']);
    expect(ids('smith!')).toEqual(['d']);
    expect(ids('! SMITH ')).toEqual(['d']);
    expect(ids('! 200000')).toEqual(['a', 'c', 'd']);
    expect(ids('sm!ith')).toEqual(['d']);
  });
  it("without a '!', matches reference numbers and passengers of any priority, case-insensitively", () => {
    expect(ids('2000002')).toEqual(['b']);
    expect(ids('bea')).toEqual(['b']);
    expect(ids('Smith')).toEqual(['d', 'e']);
    expect(ids('')).toHaveLength(5);
    expect(ids('   ')).toHaveLength(5);
  });
});

describe('eligibleSmsPhone (spec 1 §5)', () => {
  const p = (phoneNumberWithAreaCode: string, type: string, smsEnabled = false) => ({ phoneNumberWithAreaCode, type, smsEnabled, main: false });
  it('needs 10 digits and SMS-enabled or a Main/Cell/Mobile line', () => {
    expect(eligibleSmsPhone([p('505-555-010', 'Cell')])).toBeNull();
    expect(eligibleSmsPhone([p('(505) 555-0101', 'Home')])).toBeNull();
    expect(eligibleSmsPhone([p('(505) 555-0101', 'Home', true)])?.type).toBe('Home');
    for (const type of ['Main', 'Cell', 'Mobile']) expect(eligibleSmsPhone([p('5055550101', type)])?.type).toBe(type);
  });
  it('has the exact refusal text', () => {
    expect(TRIP_MSG.NO_SMS_PHONE('Ada Lovato')).toBe('There is no eligible SMS-enabled or Main/Cell/Mobile phone number for Ada Lovato');
  });
});

describe('waitTimeMinutes (spec 1 §5)', () => {
  it('sends hours and minutes as total minutes', () => expect(waitTimeMinutes('1', '15')).toEqual({ minutes: 75 }));
  it('needs a non-zero time', () => expect(waitTimeMinutes('0', '')).toEqual({ error: TRIP_MSG.WAIT_TIME_NEEDED }));
  it('takes digits only', () => {
    expect(waitTimeMinutes('1.5', '0')).toEqual({ error: TRIP_MSG.DIGITS_ONLY });
    expect(waitTimeMinutes('', '-5')).toEqual({ error: TRIP_MSG.DIGITS_ONLY });
  });
});
