import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from './messages.ts';
import { legsTakingStats, ROW_ACTIONS, rowActionStates, smsRefusal, smsTargets } from './menu-state.ts';
import { TEST_NOW, TEST_STATS, testLeg, testTrip } from './test-fixtures.ts';

const NOW = TEST_NOW; // 2026-11-20 10:00 in Albuquerque
const FUTURE = '2026-11-21';
const cell = { phoneNumberWithAreaCode: '505-555-0100', smsEnabled: false, main: true, type: 'Cell' };
const states = (over: Parameters<typeof testTrip>[0] = {}, developerMode = false) => rowActionStates(testTrip(over), NOW, { developerMode });
const enabled = { enabled: true, reason: null };
const off = (reason: string) => ({ enabled: false, reason });

describe('rowActionStates: accept', () => {
  it('offers accept on an open trip that has not happened yet', () => expect(states({ serviceDate: FUTURE }).accept).toEqual(enabled));
  it('refuses an accepted trip with the spec text', () =>
    expect(states({ serviceDate: FUTURE, accepted: true }).accept).toEqual(off(TRIP_MSG.ALREADY_ACCEPTED)));
  it('refuses a read-only trip', () => expect(states({ serviceDate: FUTURE, locked: true }).accept).toEqual(off(TRIP_MSG.NOT_EDITABLE)));
  it('refuses a past trip outside developer mode', () => expect(states().accept).toEqual(off(TRIP_MSG.ALREADY_OCCURRED)));
  it('keeps a past trip open in developer mode, with the warning', () =>
    expect(states({}, true).accept).toEqual({ enabled: true, reason: TRIP_MSG.ALREADY_OCCURRED }));
  it('still refuses an accepted past trip in developer mode', () =>
    expect(states({ accepted: true }, true).accept).toEqual(off(TRIP_MSG.ALREADY_ACCEPTED)));
  it('today before the pickup time is not past (the boundary is the ordered pickup)', () => {
    expect(states({ tripLegs: [testLeg({ locFirstTimeOrd: '10:00:01' })] }).accept).toEqual(enabled);
    expect(states({ tripLegs: [testLeg({ locFirstTimeOrd: '10:00:00' })] }).accept).toEqual(off(TRIP_MSG.ALREADY_OCCURRED));
  });
});

describe('rowActionStates: decline', () => {
  it('offers decline on an open future trip', () => expect(states({ serviceDate: FUTURE }).decline).toEqual(enabled));
  it('refuses a declined trip', () => expect(states({ serviceDate: FUTURE, declined: true }).decline).toEqual(off(TRIP_MSG.ALREADY_DECLINED)));
  it('sends an accepted trip to dispatch', () =>
    expect(states({ serviceDate: FUTURE, accepted: true }).decline).toEqual(off(TRIP_MSG.CALL_DISPATCH_TO_DECLINE)));
  it('sends a trip with a driver to dispatch', () =>
    expect(states({ serviceDate: FUTURE, driverId: 'd1' }).decline).toEqual(off(TRIP_MSG.CALL_DISPATCH_TO_DECLINE)));
  it('refuses a past trip, but not in developer mode', () => {
    expect(states().decline).toEqual(off(TRIP_MSG.ALREADY_OCCURRED));
    expect(states({}, true).decline).toEqual({ enabled: true, reason: TRIP_MSG.ALREADY_OCCURRED });
  });
});

describe('rowActionStates: finalise', () => {
  it('refuses a trip that is not accepted', () => expect(states().finalise).toEqual(off(TRIP_MSG.FINALISE.notAccepted)));
  it('refuses an accepted past trip without stats', () =>
    expect(states({ accepted: true }).finalise).toEqual(off(TRIP_MSG.FINALISE.statsMissing)));
  it('refuses a trip that has not happened yet', () =>
    expect(states({ accepted: true, serviceDate: FUTURE }).finalise).toEqual(off(TRIP_MSG.FINALISE.notOccurred)));
  it('offers an accepted past trip with its stats', () =>
    expect(states({ accepted: true, tripLegs: [testLeg(TEST_STATS)] }).finalise).toEqual(enabled));
  it('refuses a Final trip', () =>
    expect(states({ accepted: true, partnerPayStatus: 'Final', tripLegs: [testLeg(TEST_STATS)] }).finalise).toEqual(off(TRIP_MSG.FINALISE.alreadyFinal)));
});

describe('rowActionStates: the partner edits', () => {
  it('stats wait until the trip has happened', () => {
    expect(states({ serviceDate: FUTURE }).stats).toEqual(off(TRIP_MSG.STATS_NOT_YET));
    expect(states().stats).toEqual(enabled);
  });
  it('stats are refused when every leg was cancelled without charge', () =>
    expect(states({ tripLegs: [testLeg({ cancelNc: true })] }).stats).toEqual(off(TRIP_MSG.STATS_LEG_NOT_NEEDED)));
  it('wait time waits until the trip has happened and is denied on a dry run', () => {
    expect(states({ serviceDate: FUTURE }).waitTime).toEqual(off(TRIP_MSG.WAIT_NOT_YET));
    expect(states().waitTime).toEqual(enabled);
    expect(states({ dryRun: true }).waitTime).toEqual(off(TRIP_MSG.WAIT_DENIED_DRY_RUN));
  });
  it('expense and driver follow partnerEditRefusal', () => {
    expect(states().expense).toEqual(enabled);
    expect(states().driver).toEqual(enabled);
    expect(states({ partnerPayStatus: 'Final' }).expense).toEqual(off(TRIP_MSG.FINALIZED_READ_ONLY));
    expect(states({ declined: true }).driver).toEqual(off(TRIP_MSG.NOT_EDITABLE));
  });
  it('a leg can be cancelled only once the trip is accepted', () => {
    expect(states().cancelLeg).toEqual(off(TRIP_MSG.CANCEL_NOT_ASSIGNED));
    expect(states({ accepted: true }).cancelLeg).toEqual(enabled);
  });
  it('flag is always offered', () => expect(states({ partnerPayStatus: 'Final', canceled: true }).flag).toEqual(enabled));
  it('answers every action of the menu', () => expect(Object.keys(states())).toEqual([...ROW_ACTIONS]));
});

describe('SMS', () => {
  it('is refused without an eligible phone, naming the passenger', () => {
    expect(states().sms).toEqual(off(TRIP_MSG.NO_SMS_PHONE('Ada Lovato')));
    expect(smsRefusal(testTrip({ tripLegs: [testLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones: [cell] } })] }))).toBeNull();
  });
  it('is refused without a contact id', () =>
    expect(smsRefusal(testTrip({ tripLegs: [testLeg({ passenger: null, passengerId: null, passName: 'Ray' })] }))).toBe(TRIP_MSG.MISSING_CONTACT_ID));
  it('lists each passenger once', () => {
    const legs = [testLeg(), testLeg({ id: 'leg-2', whichLeg: 'B' })];
    expect(smsTargets(testTrip({ tripLegs: legs }))).toHaveLength(1);
  });
});

describe('legsTakingStats', () => {
  it('leaves out no-charge cancellations and non-transport legs, keeps no-shows', () => {
    const legs = [
      testLeg({ id: 'a' }),
      testLeg({ id: 'b', status: 'CanceledNoCharge' }),
      testLeg({ id: 'c', cancelNc: true }),
      testLeg({ id: 'd', serviceCode: '06' }),
      testLeg({ id: 'e', status: 'Canceled' }),
    ];
    expect(legsTakingStats(legs).map((l) => l.id)).toEqual(['a', 'e']);
  });
});
