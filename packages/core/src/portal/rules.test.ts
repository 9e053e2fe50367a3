import { describe, expect, it } from 'vitest';
import { testLeg, testTrip } from '../trips/test-fixtures.ts';
import { PORTAL_MSG } from './messages.ts';
import { activityWindow, groupPortalTrips, portalActions, portalCancelDecision, portalEta, portalGroup, portalStep, portalTripLabel } from './rules.ts';

const TODAY = '2026-11-20';
/** 2026-11-20 08:00 in Albuquerque (UTC-7): a 09:00 pickup is an hour away. */
const EIGHT_AM = new Date('2026-11-20T15:00:00Z');
const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00-07:00`);

describe('rule 185: the trip label', () => {
  it('is Pending for a trip of today or later that is not done', () => {
    expect(portalTripLabel(testTrip(), TODAY)).toBe('Pending');
    expect(portalTripLabel(testTrip({ serviceDate: '2026-11-21' }), TODAY)).toBe('Pending');
  });
  it('is Completed for a trip of an earlier day, from the day before today on', () => {
    expect(portalTripLabel(testTrip({ serviceDate: '2026-11-19' }), TODAY)).toBe('Completed');
  });
  it('is Completed when the last leg has an actual drop-off, not when only an earlier one has', () => {
    const done = testLeg({ locSecondTimeAct: '09:41:00' });
    expect(portalTripLabel(testTrip({ tripLegs: [done] }), TODAY)).toBe('Completed');
    expect(portalTripLabel(testTrip({ tripLegs: [done, testLeg({ id: 'leg-2', whichLeg: 'B' })] }), TODAY)).toBe('Pending');
  });
  it('is Canceled or CanceledNoCharge by the trip marks, before the date rule', () => {
    expect(portalTripLabel(testTrip({ canceled: true, cancelledWithCharge: true, serviceDate: '2026-11-01' }), TODAY)).toBe('Canceled');
    expect(portalTripLabel(testTrip({ canceled: true, cancelledWithoutCharge: true }), TODAY)).toBe('CanceledNoCharge');
  });
  it('follows the legs when every leg is cancelled: no charge only when every leg was', () => {
    const nc = testLeg({ status: 'CanceledNoCharge', cancelNc: true });
    const wc = testLeg({ id: 'leg-2', status: 'Canceled' });
    expect(portalTripLabel(testTrip({ tripLegs: [nc] }), TODAY)).toBe('CanceledNoCharge');
    expect(portalTripLabel(testTrip({ tripLegs: [nc, wc] }), TODAY)).toBe('Canceled');
    expect(portalTripLabel(testTrip({ tripLegs: [nc, testLeg({ id: 'leg-2' })] }), TODAY)).toBe('Pending');
  });
});

describe('rule 185: the groups', () => {
  it('cuts at today: earlier days completed, today, later days upcoming', () => {
    expect(portalGroup('2026-11-19', TODAY)).toBe('completed');
    expect(portalGroup('2026-11-20', TODAY)).toBe('today');
    expect(portalGroup('2026-11-21', TODAY)).toBe('upcoming');
  });
  it('orders today and upcoming soonest first and completed most recent first', () => {
    const t = (referenceNumber: string, serviceDate: string, pickup: string | null) => ({ referenceNumber, serviceDate, tripLegs: [{ locFirstTimeOrd: pickup }] });
    const g = groupPortalTrips(
      [t('1', '2026-11-22', '08:00:00'), t('2', TODAY, '13:00:00'), t('3', TODAY, '07:30:00'), t('4', '2026-11-01', '09:00:00'), t('5', '2026-11-18', null), t('6', '2026-11-21', null)],
      TODAY,
    );
    expect(g.today.map((x) => x.referenceNumber)).toEqual(['3', '2']);
    expect(g.upcoming.map((x) => x.referenceNumber)).toEqual(['6', '1']);
    expect(g.completed.map((x) => x.referenceNumber)).toEqual(['5', '4']);
  });
});

describe('the step bar', () => {
  const legs = (over: Parameters<typeof testLeg>[0]) => [testLeg(over)];
  it('walks Requested, Driver assigned, Driver arrived, Picked up, Dropped off', () => {
    expect(portalStep({ canceled: false, tripLegs: legs({}) }, false)).toBe('Requested');
    expect(portalStep({ canceled: false, tripLegs: legs({}) }, true)).toBe('Driver assigned');
    expect(portalStep({ canceled: false, tripLegs: legs({ status: 'Arrived' }) }, true)).toBe('Driver arrived');
    expect(portalStep({ canceled: false, tripLegs: legs({ locFirstTimeAct: '08:58:00' }) }, true)).toBe('Driver arrived');
    expect(portalStep({ canceled: false, tripLegs: legs({ status: 'In Vehicle' }) }, true)).toBe('Picked up');
    expect(portalStep({ canceled: false, tripLegs: legs({ locFirstTimeAct: '08:58:00', locFirstTimeDep: '09:02:00' }) }, true)).toBe('Picked up');
    expect(portalStep({ canceled: false, tripLegs: legs({ status: 'Rode' }) }, true)).toBe('Dropped off');
    expect(portalStep({ canceled: false, tripLegs: legs({ locSecondTimeAct: '09:40:00' }) }, true)).toBe('Dropped off');
  });
  it('follows the first leg under way, and is Canceled when the trip or every leg is', () => {
    const done = testLeg({ status: 'Rode', locSecondTimeAct: '09:40:00' });
    const back = testLeg({ id: 'leg-2', whichLeg: 'B' });
    expect(portalStep({ canceled: false, tripLegs: [done, back] }, true)).toBe('Driver assigned');
    expect(portalStep({ canceled: false, tripLegs: [done, testLeg({ id: 'leg-2', status: 'CanceledNoCharge' })] }, true)).toBe('Dropped off');
    expect(portalStep({ canceled: false, tripLegs: [testLeg({ status: 'Canceled' })] }, true)).toBe('Canceled');
    expect(portalStep({ canceled: true, tripLegs: [testLeg()] }, true)).toBe('Canceled');
  });
});

describe('the activity window', () => {
  it('defaults to 30 days back and 60 ahead', () => {
    expect(activityWindow({}, TODAY)).toEqual({ from: '2026-10-21', to: '2027-01-19' });
  });
  it('takes serviceDate alone as that day, serviceDateMax alone from 30 days back', () => {
    expect(activityWindow({ serviceDate: '2026-12-01' }, TODAY)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(activityWindow({ serviceDateMax: '2026-12-01' }, TODAY)).toEqual({ from: '2026-10-21', to: '2026-12-01' });
  });
  it('allows 93 days and refuses 94, and a window ending before it starts', () => {
    expect(activityWindow({ serviceDate: '2026-11-01', serviceDateMax: '2027-02-02' }, TODAY)).toEqual({ from: '2026-11-01', to: '2027-02-02' });
    expect(activityWindow({ serviceDate: '2026-11-01', serviceDateMax: '2027-02-03' }, TODAY)).toEqual({ error: PORTAL_MSG.WINDOW_TOO_LONG });
    expect(activityWindow({ serviceDate: '2026-11-02', serviceDateMax: '2026-11-01' }, TODAY)).toEqual({ error: PORTAL_MSG.WINDOW_REVERSED });
  });
  it('says so in plain words', () => {
    expect(PORTAL_MSG.WINDOW_TOO_LONG).toBe('Choose at most 93 days at once.');
    expect(PORTAL_MSG.NO_TRIPS).toBe('No trips found');
    expect(PORTAL_MSG.TRY_EXPANDING).toBe('Try expanding your search criteria');
  });
});

describe('a portal cancel (rules 67, 111)', () => {
  it('takes every leg not yet picked up whose pickup is 1 hour ago or later, with Advance Notice', () => {
    const two = testTrip({ tripLegs: [testLeg(), testLeg({ id: 'leg-2', whichLeg: 'B', locFirstTimeOrd: '14:00:00' })] });
    expect(portalCancelDecision(two, EIGHT_AM)).toEqual({ ok: true, legIds: ['leg-1', 'leg-2'], reason: 'Advance Notice' });
    // 10:00: the 09:00 pickup is exactly 1 hour ago, still a candidate; at 10:01 it is not
    expect(portalCancelDecision(two, at('10:00'))).toMatchObject({ legIds: ['leg-1', 'leg-2'] });
    expect(portalCancelDecision(two, at('10:01'))).toMatchObject({ legIds: ['leg-2'] });
  });
  it('leaves a started leg and takes the ride back', () => {
    const trip = testTrip({ tripLegs: [testLeg({ locFirstTimeAct: '08:59:00' }), testLeg({ id: 'leg-2', whichLeg: 'B', locFirstTimeOrd: '14:00:00' })] });
    expect(portalCancelDecision(trip, at('09:05'))).toMatchObject({ ok: true, legIds: ['leg-2'] });
  });
  it('refuses a cancelled trip, a started one and one whose pickup has passed, naming the number to call', () => {
    expect(portalCancelDecision(testTrip({ canceled: true }), EIGHT_AM)).toEqual({ ok: false, message: PORTAL_MSG.ALREADY_CANCELED });
    expect(portalCancelDecision(testTrip({ tripLegs: [testLeg({ status: 'CanceledNoCharge' })] }), EIGHT_AM)).toEqual({ ok: false, message: PORTAL_MSG.ALREADY_CANCELED });
    expect(portalCancelDecision(testTrip({ tripLegs: [testLeg({ status: 'Arrived' })] }), EIGHT_AM)).toEqual({ ok: false, message: PORTAL_MSG.STARTED });
    expect(portalCancelDecision(testTrip(), at('10:01'))).toEqual({ ok: false, message: PORTAL_MSG.TOO_LATE });
    expect(portalCancelDecision(testTrip({ locked: true }), EIGHT_AM)).toEqual({ ok: false, message: PORTAL_MSG.LOCKED });
    expect(PORTAL_MSG.STARTED).toBe('This trip has already started, so it can no longer be canceled here. Please call us at (505) 555-0199.');
  });
});

describe('the trip page', () => {
  it('shows the estimate when known, else the ordered time, and the drop-off once on board', () => {
    const leg = { id: 'leg-1', locFirstTimeOrd: '09:00:00', locSecondTimeOrd: '09:40:00', estimatedPickupTime: null, estimatedDropoffTime: null, status: 'Pending', cancelNc: false, locFirstTimeAct: null, locFirstTimeDep: null, locSecondTimeAct: null };
    expect(portalEta([leg])).toEqual({ legId: 'leg-1', kind: 'pickup', time: '09:00:00', estimated: false });
    expect(portalEta([{ ...leg, estimatedPickupTime: '09:12:00' }])).toEqual({ legId: 'leg-1', kind: 'pickup', time: '09:12:00', estimated: true });
    expect(portalEta([{ ...leg, status: 'In Vehicle', estimatedDropoffTime: '09:50:00' }])).toMatchObject({ kind: 'dropoff', time: '09:50:00' });
    expect(portalEta([{ ...leg, locFirstTimeOrd: '23:59:00' }])).toBeNull();
    expect(portalEta([{ ...leg, locSecondTimeAct: '09:40:00' }])).toBeNull();
  });
  it('refuses a return from a will call in the spec words, and from a trip that has one', () => {
    expect(portalActions(testTrip({ willCall: true }), EIGHT_AM).bookReturn).toEqual({ allowed: false, reason: 'This action is not possible for a "Will Call" trip.' });
    const round = testTrip({ tripLegs: [testLeg(), testLeg({ id: 'leg-2', whichLeg: 'B' })] });
    expect(portalActions(round, EIGHT_AM).bookReturn).toEqual({ allowed: false, reason: PORTAL_MSG.RETURN_INCLUDED });
    expect(portalActions(testTrip({ canceled: true }), EIGHT_AM).bookReturn).toEqual({ allowed: false, reason: PORTAL_MSG.RETURN_CANCELED });
    expect(portalActions(testTrip({ canceled: true }), EIGHT_AM).bookAgain).toEqual({ allowed: true, reason: null });
    const one = portalActions(testTrip(), EIGHT_AM);
    expect(one).toEqual({ cancel: { allowed: true, reason: null }, bookReturn: { allowed: true, reason: null }, bookAgain: { allowed: true, reason: null } });
  });
  it('offers no cancel once it would be refused, with the same words', () => {
    expect(portalActions(testTrip(), at('10:01')).cancel).toEqual({ allowed: false, reason: PORTAL_MSG.TOO_LATE });
  });
});
