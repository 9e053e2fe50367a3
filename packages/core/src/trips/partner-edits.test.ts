import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from './messages.ts';
import {
  CANCEL_MSG,
  cancelLegRefusal,
  cancelWarning,
  cancelWithCharge,
  isCancelCandidate,
  mayCancelLeg,
  plateCounty,
  cancelReasonsFor,
  expenseRefusal,
  matchDeclineReason,
  partnerEditRefusal,
  repeatedWaitTime,
  statsRefusal,
  WAIT_REPEAT_MSG,
  WAIT_TIME_REPEAT_WINDOW_MIN,
  waitTimeDecision,
} from './partner-edits.ts';
import { canCancelLeg } from './rules.ts';
import { TEST_NOW as NOW, TEST_STATS, testLeg, testTrip } from './test-fixtures.ts';

describe('partnerEditRefusal', () => {
  it('allows Open and Pending trips', () => {
    expect(partnerEditRefusal(testTrip())).toBeNull();
    expect(partnerEditRefusal(testTrip({ partnerPayStatus: 'Pending' }))).toBeNull();
  });
  it('names a Final trip before anything else', () => {
    expect(partnerEditRefusal(testTrip({ partnerPayStatus: 'Final', locked: true }))).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
  });
  it.each([
    ['locked', { locked: true }],
    ['canceled', { canceled: true }],
    ['dry run', { dryRun: true }],
    ['declined', { declined: true }],
  ])('refuses a %s trip as not editable', (_n, over) => expect(partnerEditRefusal(testTrip(over))).toBe(TRIP_MSG.NOT_EDITABLE));
  it('expenses follow the same rule', () => expect(expenseRefusal(testTrip({ locked: true }))).toBe(TRIP_MSG.NOT_EDITABLE));
});

describe('statsRefusal (spec 2 §5)', () => {
  it('allows a trip that took place', () => expect(statsRefusal(testTrip(), testLeg(), NOW)).toBeNull());
  it('refuses Final and read-only trips', () => {
    expect(statsRefusal(testTrip({ partnerPayStatus: 'Final' }), testLeg(), NOW)).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
    expect(statsRefusal(testTrip({ locked: true }), testLeg(), NOW)).toBe(TRIP_MSG.NOT_EDITABLE);
  });
  it('refuses a trip that has not taken place', () => {
    expect(statsRefusal(testTrip({ serviceDate: '2026-11-21' }), testLeg(), NOW)).toBe(TRIP_MSG.STATS_NOT_YET);
    expect(statsRefusal(testTrip({ tripLegs: [testLeg({ locFirstTimeOrd: '10:01:00' })] }), testLeg(), NOW)).toBe(TRIP_MSG.STATS_NOT_YET);
  });
  it('refuses a leg cancelled without charge', () => {
    expect(statsRefusal(testTrip(), testLeg({ status: 'CanceledNoCharge', cancelNc: true }), NOW)).toBe(TRIP_MSG.STATS_LEG_NOT_NEEDED);
  });
});

describe('waitTimeDecision (docs/decisions.md "Partner pay")', () => {
  it('approves up to 30 minutes in total', () => {
    expect(waitTimeDecision(testTrip(), 30, 0, NOW)).toEqual({ status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(30) });
    expect(waitTimeDecision(testTrip(), 10, 20, NOW)).toEqual({ status: 'Approved', message: TRIP_MSG.WAIT_APPROVED(10) });
  });
  it('sends more than 30 minutes to the operator, counting earlier requests', () => {
    expect(waitTimeDecision(testTrip(), 31, 0, NOW)).toEqual({ status: 'Pending', message: TRIP_MSG.PENDING_CALL_DISPATCH });
    expect(waitTimeDecision(testTrip(), 11, 20, NOW)).toEqual({ status: 'Pending', message: TRIP_MSG.PENDING_CALL_DISPATCH });
  });
  it('denies Final, dry-run and cancelled trips', () => {
    expect(waitTimeDecision(testTrip({ partnerPayStatus: 'Final' }), 5, 0, NOW)).toEqual({ status: 'Denied', message: TRIP_MSG.WAIT_DENIED_FINAL });
    expect(waitTimeDecision(testTrip({ dryRun: true }), 5, 0, NOW)).toEqual({ status: 'Denied', message: TRIP_MSG.WAIT_DENIED_DRY_RUN });
    for (const over of [{ canceled: true }, { cancelledWithCharge: true }, { cancelledWithoutCharge: true }]) {
      expect(waitTimeDecision(testTrip(over), 5, 0, NOW)).toEqual({ status: 'Denied', message: TRIP_MSG.WAIT_DENIED_CANCELLED });
    }
  });
  it('refuses locked or declined trips and trips that have not taken place', () => {
    expect(waitTimeDecision(testTrip({ locked: true }), 5, 0, NOW)).toEqual({ refused: TRIP_MSG.NOT_EDITABLE });
    expect(waitTimeDecision(testTrip({ declined: true }), 5, 0, NOW)).toEqual({ refused: TRIP_MSG.NOT_EDITABLE });
    expect(waitTimeDecision(testTrip({ serviceDate: '2026-11-21' }), 5, 0, NOW)).toEqual({ refused: TRIP_MSG.WAIT_NOT_YET });
  });
});

describe('repeatedWaitTime: the same wait sent twice (docs/decisions.md "Partner pay")', () => {
  const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
  const req = (minutes: number, status: string, decidedAt = NOW) => ({ minutes, status, decidedAt });

  it('lets the first request of a trip through', () => {
    expect(repeatedWaitTime([], 20, NOW)).toBeNull();
  });

  it('refuses the same minutes while the earlier request is Pending, however old', () => {
    const twin = req(45, 'Pending', minutesAgo(24 * 60));
    expect(repeatedWaitTime([twin], 45, NOW)).toEqual({ twin, message: WAIT_REPEAT_MSG.pending(45) });
    expect(WAIT_REPEAT_MSG.pending(45)).toBe(
      "A request for 45 minutes of extra wait time on this trip is already waiting for the operator's review. It was not sent again.",
    );
  });

  it('refuses the same minutes approved up to 60 minutes ago, the boundary included', () => {
    expect(WAIT_TIME_REPEAT_WINDOW_MIN).toBe(60);
    for (const ago of [0, 1, 59, 60]) {
      const twin = req(20, 'Approved', minutesAgo(ago));
      expect(repeatedWaitTime([twin], 20, NOW), `${ago} min ago`).toEqual({ twin, message: WAIT_REPEAT_MSG.approved(20) });
    }
    expect(WAIT_REPEAT_MSG.approved(20)).toBe(
      '20 minutes of extra wait time were just approved for this trip. It was not sent again: if the driver waited a second time, call dispatch at (505) 555-0100.',
    );
  });

  it('lets the same minutes through once the approval is more than 60 minutes old: a second wait', () => {
    expect(repeatedWaitTime([req(20, 'Approved', new Date(minutesAgo(60).getTime() - 1))], 20, NOW)).toBeNull();
    expect(repeatedWaitTime([req(20, 'Approved', minutesAgo(61))], 20, NOW)).toBeNull();
  });

  it('counts an approval stamped after now (another clock) as just now', () => {
    expect(repeatedWaitTime([req(20, 'Approved', minutesAgo(-5))], 20, NOW)?.message).toBe(WAIT_REPEAT_MSG.approved(20));
  });

  it('never counts a denied request, and other minutes are another wait', () => {
    expect(repeatedWaitTime([req(20, 'Denied')], 20, NOW)).toBeNull();
    expect(repeatedWaitTime([req(20, 'Pending'), req(20, 'Approved')], 21, NOW)).toBeNull();
    expect(repeatedWaitTime([req(20, 'Pending'), req(20, 'Approved')], 19, NOW)).toBeNull();
  });

  it('names the pending twin first when there are both', () => {
    const pending = req(30, 'Pending', minutesAgo(90));
    expect(repeatedWaitTime([req(30, 'Approved'), pending], 30, NOW)).toEqual({ twin: pending, message: WAIT_REPEAT_MSG.pending(30) });
  });
});

const REASONS = [
  { label: 'Advance Notice', requireStats: false, staffOnly: false },
  { label: 'No Show', requireStats: true, staffOnly: false },
  { label: 'Duplicate Trip', requireStats: false, staffOnly: true },
];
const [ADVANCE, NO_SHOW, DUPLICATE] = REASONS;

describe('cancelReasonsFor (spec 2 §6)', () => {
  it('gives staff every reason', () => expect(cancelReasonsFor(REASONS, { staff: true, past: false })).toEqual(REASONS));
  it('hides staff-only reasons from others', () => expect(cancelReasonsFor(REASONS, { staff: false, past: true })).toEqual([ADVANCE, NO_SHOW]));
  it('offers only Advance Notice before the trip', () => expect(cancelReasonsFor(REASONS, { staff: false, past: false })).toEqual([ADVANCE]));
});

describe('cancelLegRefusal (spec 1 §4, 2 §5, 2 §6)', () => {
  const accepted = testTrip({ accepted: true });
  const future = testTrip({ accepted: true, serviceDate: '2026-11-21' });
  const who = { staff: false, now: NOW };

  it('allows what canCancelLeg allows, with a reason the caller may use', () => {
    expect(cancelLegRefusal(future, future.tripLegs[0], ADVANCE, who)).toBeNull();
    expect(cancelLegRefusal(accepted, testLeg(TEST_STATS), NO_SHOW, who)).toBeNull();
  });
  it.each([
    ['Final', { partnerPayStatus: 'Final' as const }, TRIP_MSG.FINALIZED_READ_ONLY],
    ['Pending', { partnerPayStatus: 'Pending' as const }, TRIP_MSG.CANCEL_NOT_OPEN],
    ['not accepted and no driver', { accepted: false }, TRIP_MSG.CANCEL_NOT_ASSIGNED],
    ['locked', { locked: true }, TRIP_MSG.NOT_EDITABLE],
    ['dry run', { dryRun: true }, TRIP_MSG.NOT_EDITABLE],
    ['cancelled with charge', { cancelledWithCharge: true }, TRIP_MSG.NOT_EDITABLE],
  ])('refuses a %s trip, as canCancelLeg does', (_n, over, message) => {
    const da = testTrip({ accepted: true, serviceDate: '2026-11-21', ...over });
    expect(canCancelLeg(da, da.tripLegs[0])).toBe(false);
    expect(cancelLegRefusal(da, da.tripLegs[0], ADVANCE, who)).toBe(message);
  });
  it('refuses a leg already cancelled', () => {
    for (const l of [testLeg({ status: 'Canceled' }), testLeg({ cancelNc: true }), testLeg({ cancelWc: true })]) {
      expect(cancelLegRefusal(future, l, ADVANCE, who)).toBe(TRIP_MSG.LEG_ALREADY_CANCELLED);
    }
  });
  it('refuses an unknown reason and a staff-only one from a partner, not from staff', () => {
    expect(cancelLegRefusal(accepted, accepted.tripLegs[0], null, who)).toBe(TRIP_MSG.UNKNOWN_CANCEL_REASON);
    expect(cancelLegRefusal(accepted, accepted.tripLegs[0], DUPLICATE, who)).toBe(TRIP_MSG.UNKNOWN_CANCEL_REASON);
    expect(cancelLegRefusal(accepted, accepted.tripLegs[0], DUPLICATE, { staff: true, now: NOW })).toBeNull();
  });
  it('allows only Advance Notice before the trip, except to staff', () => {
    expect(cancelLegRefusal(future, future.tripLegs[0], NO_SHOW, who)).toBe(TRIP_MSG.ADVANCE_NOTICE_ONLY);
    expect(cancelLegRefusal(future, future.tripLegs[0], NO_SHOW, { staff: true, now: NOW })).toBeNull();
  });
  it('needs arrival and departure for a reason that requires stats, except from staff', () => {
    const arrivedOnly = testLeg({ locFirstTimeAct: '09:01:00' });
    expect(cancelLegRefusal(accepted, arrivedOnly, NO_SHOW, who)).toBe(TRIP_MSG.CANCEL_STATS_REQUIRED('No Show'));
    expect(cancelLegRefusal(accepted, accepted.tripLegs[0], NO_SHOW, { staff: true, now: NOW })).toBeNull();
  });
});

describe('matchDeclineReason', () => {
  const reasons = [{ name: 'No Availability', aliases: ['Fully Booked'] }, { name: 'Other', aliases: [] }];
  it('takes the name or an alias in any case and answers the name', () => {
    expect(matchDeclineReason(reasons, 'no availability')).toBe('No Availability');
    expect(matchDeclineReason(reasons, ' FULLY booked ')).toBe('No Availability');
  });
  it('answers null for anything else', () => expect(matchDeclineReason(reasons, 'Bored')).toBeNull());
});

describe('staff cancel (spec 2 §5, rules 93 and 108–111)', () => {
  const staff = { staff: true, now: NOW };
  const cm = { staff: false, partner: false, now: NOW };
  const OTHER = { label: 'Other', requireStats: false, staffOnly: false, requireNotes: true };
  const LATE = { label: 'Late Cancel', requireStats: false, staffOnly: false, requireNotes: false };
  const NO_SHOW_R = { label: 'No Show', requireStats: true, staffOnly: false, requireNotes: false };
  // NOW is 10:00 in Albuquerque on 2026-11-20: the window opens at 09:00:00
  const at = (pickup: string | null, over = {}) => testTrip({ tripLegs: [testLeg({ locFirstTimeOrd: pickup })], ...over });

  it('a candidate has no actual pickup and a pickup from exactly 1 hour ago on', () => {
    expect(isCancelCandidate(at('09:00:00'), testLeg({ locFirstTimeOrd: '09:00:00' }), NOW)).toBe(true);
    expect(isCancelCandidate(at('08:59:59'), testLeg({ locFirstTimeOrd: '08:59:59' }), NOW)).toBe(false);
    expect(isCancelCandidate(at('09:00:00'), testLeg({ locFirstTimeOrd: '09:30:00', locFirstTimeAct: '09:31:00' }), NOW)).toBe(false);
    expect(isCancelCandidate(testTrip({ serviceDate: '2026-11-19' }), testLeg({ locFirstTimeOrd: '23:59:00' }), NOW)).toBe(false);
    expect(isCancelCandidate(testTrip({ serviceDate: '2026-11-21' }), testLeg({ locFirstTimeOrd: '00:00:00' }), NOW)).toBe(true);
    expect(isCancelCandidate(testTrip(), testLeg({ locFirstTimeOrd: null }), NOW)).toBe(true);
  });
  it('a window that opens the evening before reaches into the next day', () => {
    const early = new Date('2026-11-20T07:30:00Z'); // 00:30 on the 20th: the window opens 23:30 on the 19th
    expect(isCancelCandidate(testTrip(), testLeg({ locFirstTimeOrd: '00:10:00' }), early)).toBe(true);
    expect(isCancelCandidate(testTrip({ serviceDate: '2026-11-19' }), testLeg({ locFirstTimeOrd: '23:30:00' }), early)).toBe(true);
    expect(isCancelCandidate(testTrip({ serviceDate: '2026-11-19' }), testLeg({ locFirstTimeOrd: '23:29:59' }), early)).toBe(false);
  });
  it('lets staff cancel assigned or not, Open or Pending; never a Final or locked trip', () => {
    const da = at('09:30:00');
    expect(cancelLegRefusal(da, da.tripLegs[0], OTHER, staff, { notes: 'Hospital called' })).toBeNull();
    expect(cancelLegRefusal(at('09:30:00', { partnerPayStatus: 'Pending' }), da.tripLegs[0], OTHER, staff, { notes: 'x' })).toBeNull();
    expect(cancelLegRefusal(at('09:30:00', { partnerPayStatus: 'Final' }), da.tripLegs[0], OTHER, staff, { notes: 'x' })).toBe(TRIP_MSG.FINALIZED_READ_ONLY);
    expect(cancelLegRefusal(at('09:30:00', { locked: true }), da.tripLegs[0], OTHER, staff, { notes: 'x' })).toBe(TRIP_MSG.NOT_EDITABLE);
    expect(cancelLegRefusal(at('08:59:00'), testLeg({ locFirstTimeOrd: '08:59:00' }), OTHER, staff, { notes: 'x' })).toBe(CANCEL_MSG.NOT_A_CANDIDATE);
  });
  it('keeps the partner on the 1 §4 condition', () => {
    const da = at('09:30:00');
    expect(mayCancelLeg(da, da.tripLegs[0], { staff: false, now: NOW })).toBe(false);
    expect(mayCancelLeg(da, da.tripLegs[0], staff)).toBe(true);
    expect(mayCancelLeg(da, da.tripLegs[0], cm)).toBe(true);
  });
  it('staff may cancel a cancelled leg again with a warning; partners are refused', () => {
    const leg = testLeg({ locFirstTimeOrd: '09:30:00', status: 'CanceledNoCharge', cancelNc: true });
    const da = testTrip({ accepted: true, tripLegs: [leg] });
    expect(cancelLegRefusal(da, leg, OTHER, staff, { notes: 'x' })).toBeNull();
    expect(cancelWarning(leg)).toBe('This trip is already canceled!');
    expect(cancelWarning(testLeg())).toBeNull();
    expect(cancelLegRefusal(da, leg, OTHER, { staff: false, now: NOW }, { notes: 'x' })).toBe(TRIP_MSG.LEG_ALREADY_CANCELLED);
  });
  it('needs notes unless the reason says otherwise', () => {
    const da = at('09:30:00');
    expect(cancelLegRefusal(da, da.tripLegs[0], OTHER, staff, { notes: '  ' })).toBe('Please enter additional notes for this cancel reason');
    expect(cancelLegRefusal(da, da.tripLegs[0], LATE, staff, { notes: '' })).toBeNull();
  });
  it('asks non-employees for stats by reason and the plate in an IL county; staff for neither', () => {
    const il = at('09:30:00', { county: 'IL031' });
    const leg = il.tripLegs[0];
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, cm, { notes: '' })).toBe(TRIP_MSG.CANCEL_STATS_REQUIRED('No Show'));
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, cm, { notes: '', arrived: '09:31:00', departed: '09:40:00' })).toBe(CANCEL_MSG.PLATE_REQUIRED);
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, staff, { notes: '' })).toBeNull();
  });
  it('plate rule: a county starting with IL', () => {
    expect(plateCounty('IL031')).toBe(true);
    expect(plateCounty('il-Cook')).toBe(true);
    expect(plateCounty('NM001')).toBe(false);
    expect(plateCounty(null)).toBe(false);
    expect(plateCounty(' IL')).toBe(true);
  });
  it('partner proofs: stats sent with the cancel, departure not before arrival, plate in IL', () => {
    const il = testTrip({ accepted: true, county: 'IL031' });
    const leg = il.tripLegs[0];
    const partner = { staff: false, now: NOW };
    const stats = { notes: '', arrived: '09:01:00', departed: '09:11:00' };
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, partner, stats)).toBe(CANCEL_MSG.PLATE_REQUIRED);
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, partner, { ...stats, licensePlateState: 'IL', licensePlate: 'AB 1234' })).toBeNull();
    expect(cancelLegRefusal({ ...il, county: 'NM001' }, leg, NO_SHOW_R, partner, stats)).toBeNull();
    expect(cancelLegRefusal(il, leg, NO_SHOW_R, partner, { ...stats, departed: '09:00:00' })).toBe(CANCEL_MSG.DEPARTED_BEFORE_ARRIVED);
  });
  it('the charge follows the reason; only staff override it', () => {
    expect(cancelWithCharge({ withCharge: true }, null)).toBe(true);
    expect(cancelWithCharge({ withCharge: true }, false)).toBe(false);
    expect(cancelWithCharge({ withCharge: false }, undefined)).toBe(false);
    const da = testTrip({ accepted: true, serviceDate: '2026-11-21' });
    const ADV = { label: 'Advance Notice', requireStats: false, staffOnly: false, requireNotes: false };
    expect(cancelLegRefusal(da, da.tripLegs[0], ADV, { staff: false, now: NOW }, { notes: '', withCharge: true })).toBe(CANCEL_MSG.CHARGE_STAFF_ONLY);
  });
});
