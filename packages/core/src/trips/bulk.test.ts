import { describe, expect, it } from 'vitest';
import { declineOnBehalfRefusal } from './assignment.ts';
import { BULK_MSG, bulkRefusal, bulkSkipReason, hasCancelledTrip, planBulk, type BulkAction } from './bulk.ts';
import { TRIP_MSG } from './messages.ts';
import { SEARCH_MSG } from './search.ts';
import { testLeg, testTrip } from './test-fixtures.ts';

// 2026-11-20 00:30 in Albuquerque (07:30 UTC), still 23:30 on 2026-11-19 in Los Angeles
const NOW = new Date('2026-11-20T07:30:00Z');
const X = 'partner-x';
const Y = 'partner-y';
const opts = { now: NOW, providerId: X };

describe('bulkSkipReason: today or later, Final read-only', () => {
  it('skips a trip before today in its own zone, for every action', () => {
    const past = testTrip({ serviceDate: '2026-11-19', canceled: true, accepted: true, farmoutContactId: Y });
    for (const a of ['unCancel', 'reset', 'assign', 'cancel', 'unassign'] as BulkAction[]) {
      expect(bulkSkipReason(a, past, opts)).toBe(SEARCH_MSG.BULK_TODAY_OR_LATER);
    }
    expect(bulkSkipReason('cancel', testTrip({ serviceDate: '2026-11-20' }), opts)).toBeNull();
    expect(bulkSkipReason('cancel', testTrip({ serviceDate: '2026-11-21' }), opts)).toBeNull();
  });

  it("judges today in the trip's zone: at 23:30 on the 19th in Los Angeles the 19th is still today there", () => {
    const la = testTrip({ serviceDate: '2026-11-19', timeZone: 'America/Los_Angeles' });
    expect(bulkSkipReason('cancel', la, opts)).toBeNull();
    expect(bulkSkipReason('cancel', { ...la, timeZone: 'America/Denver' }, opts)).toBe(BULK_MSG.TODAY_OR_LATER);
  });

  it('skips a Finalized trip as read-only', () => {
    expect(bulkSkipReason('unassign', testTrip({ partnerPayStatus: 'Final', farmoutContactId: Y }), opts)).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
    expect(bulkSkipReason('unassign', testTrip({ partnerPayStatus: 'Pending', farmoutContactId: Y }), opts)).toBeNull();
  });
});

describe('bulkSkipReason per action', () => {
  it('un-cancel: only cancelled trips, or trips with a cancelled leg', () => {
    expect(bulkSkipReason('unCancel', testTrip({ canceled: true }), opts)).toBeNull();
    expect(bulkSkipReason('unCancel', testTrip(), opts)).toBe(BULK_MSG.NOT_CANCELLED);
    const legs = (over: Parameters<typeof testLeg>[0]) => testTrip({ tripLegs: [testLeg(), testLeg({ id: 'leg-2', whichLeg: 'B', ...over })] });
    expect(bulkSkipReason('unCancel', legs({ status: 'Canceled' }), opts)).toBeNull();
    expect(bulkSkipReason('unCancel', legs({ status: 'CanceledNoCharge' }), opts)).toBeNull();
    expect(bulkSkipReason('unCancel', legs({ cancelNc: true }), opts)).toBeNull();
    expect(bulkSkipReason('unCancel', legs({ status: 'Rode' }), opts)).toBe(BULK_MSG.NOT_CANCELLED);
    expect(hasCancelledTrip([testTrip(), legs({ status: 'Canceled' })])).toBe(true);
    expect(hasCancelledTrip([testTrip(), legs({ status: 'WillCall' })])).toBe(false);
  });
  it('cancel: not twice', () => {
    expect(bulkSkipReason('cancel', testTrip({ canceled: true }), opts)).toBe(BULK_MSG.ALREADY_CANCELLED);
  });
  it('reset: only a trip the partner answered, not a cancelled one', () => {
    expect(bulkSkipReason('reset', testTrip({ accepted: true }), opts)).toBeNull();
    expect(bulkSkipReason('reset', testTrip({ declined: true }), opts)).toBeNull();
    expect(bulkSkipReason('reset', testTrip(), opts)).toBe(BULK_MSG.NO_ANSWER);
    expect(bulkSkipReason('reset', testTrip({ accepted: true, canceled: true }), opts)).toBe(BULK_MSG.CANCELLED);
  });
  it('assign: not to the same partner, not a cancelled trip', () => {
    expect(bulkSkipReason('assign', testTrip({ farmoutContactId: X }), opts)).toBe('Already assigned to this partner');
    expect(bulkSkipReason('assign', testTrip({ farmoutContactId: Y }), opts)).toBeNull();
    expect(bulkSkipReason('assign', testTrip(), opts)).toBeNull();
    expect(bulkSkipReason('assign', testTrip({ canceled: true }), opts)).toBe(BULK_MSG.CANCELLED);
  });
  it('unassign: only a trip with a partner', () => {
    expect(bulkSkipReason('unassign', testTrip({ farmoutContactId: Y }), opts)).toBeNull();
    expect(bulkSkipReason('unassign', testTrip(), opts)).toBe(BULK_MSG.NO_PARTNER);
  });
});

describe('planBulk', () => {
  it('changes some, skips others with reasons, unknown keys as No such trip, each key once', () => {
    const a = testTrip({ id: 'a', referenceNumber: '101', canceled: true });
    const b = testTrip({ id: 'b', referenceNumber: '102' });
    const c = testTrip({ id: 'c', referenceNumber: '103', canceled: true, serviceDate: '2026-11-01' });
    const found = new Map([['101', a], ['102', b], ['103', c]]);
    expect(planBulk('unCancel', ['101', '102', '103', '999', '101'], found, opts, 'referenceNumber')).toEqual({
      change: [a],
      skipped: [
        { id: 'b', referenceNumber: '102', reason: BULK_MSG.NOT_CANCELLED },
        { id: 'c', referenceNumber: '103', reason: SEARCH_MSG.BULK_TODAY_OR_LATER },
        { id: null, referenceNumber: '999', reason: 'No such trip' },
      ],
    });
  });
  it('by id: an unknown id is skipped with the id; one trip asked for twice is decided once', () => {
    const a = testTrip({ id: 'a', farmoutContactId: Y });
    const plan = planBulk('unassign', ['a', 'A', 'zz'], new Map([['a', a], ['A', a]]), opts, 'id');
    expect(plan.change).toEqual([a]);
    expect(plan.skipped).toEqual([{ id: 'zz', referenceNumber: null, reason: 'No such trip' }]);
  });
  it('bulkRefusal: nothing in the found set matches nothing; un-cancel needs a cancelled trip of today or later', () => {
    expect(bulkRefusal('assign', [], NOW)).toBe('No trips match your result set; nothing was changed.');
    expect(bulkRefusal('assign', [testTrip()], NOW)).toBeNull();
    expect(bulkRefusal('unCancel', [testTrip({ canceled: true, serviceDate: '2026-11-20' })], NOW)).toBeNull();
    expect(bulkRefusal('unCancel', [testTrip()], NOW)).toBe('No canceled DAs in found set');
    // a cancelled trip before today cannot be restored, so it does not count
    expect(bulkRefusal('unCancel', [testTrip(), testTrip({ canceled: true, serviceDate: '2026-11-19' })], NOW)).toBe('No canceled DAs in found set');
  });
  it('hasCancelledTrip: un-cancel needs at least one cancelled trip', () => {
    expect(hasCancelledTrip([testTrip(), testTrip({ canceled: true })])).toBe(true);
    expect(hasCancelledTrip([testTrip()])).toBe(false);
    expect(hasCancelledTrip([])).toBe(false);
  });
});

describe('declineOnBehalfRefusal', () => {
  const now = new Date('2026-11-20T07:30:00Z');
  const trip = (over = {}) => testTrip({ farmoutContactId: X, ...over });
  it('allows an open trip of that partner, even accepted or with a driver', () => {
    expect(declineOnBehalfRefusal(trip(), X, now)).toBeNull();
    expect(declineOnBehalfRefusal(trip({ accepted: true, driverId: 'd' }), X, now)).toBeNull();
  });
  it('refuses another partner, a declined, Final, read-only or past trip', () => {
    expect(declineOnBehalfRefusal(trip(), Y, now)?.message).toBe('This trip is not assigned to this partner');
    expect(declineOnBehalfRefusal(trip({ declined: true }), X, now)?.message).toBe(TRIP_MSG.ALREADY_DECLINED);
    expect(declineOnBehalfRefusal(trip({ partnerPayStatus: 'Final' }), X, now)?.message).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
    expect(declineOnBehalfRefusal(trip({ canceled: true }), X, now)?.message).toBe(TRIP_MSG.NOT_EDITABLE);
    expect(declineOnBehalfRefusal(trip({ serviceDate: '2026-11-19' }), X, now)?.message).toBe(TRIP_MSG.ALREADY_OCCURRED);
  });
});
