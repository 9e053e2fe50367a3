import { describe, expect, it } from 'vitest';
import { applyWillCall, isWillCallTime, reservationStatus, willCallFromPickup, willCallLegIndex, willCallRefusal } from './will-call.ts';

const leg = (whichLeg: string, extra: Partial<{ locFirstTimeOrd: string | null; locSecondTimeOrd: string | null; apptTime: string | null; canceled: boolean }> = {}) => ({
  whichLeg,
  locFirstTimeOrd: '09:00:00',
  locSecondTimeOrd: '09:40:00',
  apptTime: '10:00:00',
  ...extra,
});

describe('will call (spec 2 §4, rules 83–87)', () => {
  it('status is WillCall when on, else Pending', () => {
    expect(reservationStatus(true)).toBe('WillCall');
    expect(reservationStatus(false)).toBe('Pending');
  });

  it("reads 23:59, 23:59:00 and 'WC' (any case) as will call, nothing else", () => {
    for (const v of ['23:59', '23:59:00', 'WC', 'wc', ' Wc ']) expect(isWillCallTime(v)).toBe(true);
    for (const v of ['23:58:00', '00:00:00', '', null, undefined, '11:59']) expect(isWillCallTime(v)).toBe(false);
  });

  it('the will-call leg is leg B, else the only leg; none among several without B', () => {
    expect(willCallLegIndex([leg('A'), leg('B')])).toBe(1);
    expect(willCallLegIndex([leg('A')])).toBe(0);
    expect(willCallLegIndex([leg('A'), leg('C')])).toBe(-1);
    expect(willCallLegIndex([leg('A'), leg('B', { canceled: true })])).toBe(0);
    expect(willCallLegIndex([])).toBe(-1);
  });

  it('on: the will-call leg gets 23:59:00 pickup and drop-off and no appointment; the others are untouched', () => {
    const [a, b] = applyWillCall([leg('A'), leg('B')], true);
    expect(a).toEqual(leg('A'));
    expect(b).toEqual({ whichLeg: 'B', locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null });
  });

  it('off: clears the 23:59 times and keeps real ones', () => {
    const [b] = applyWillCall([leg('B', { locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null })], false);
    expect(b).toMatchObject({ locFirstTimeOrd: null, locSecondTimeOrd: null });
    const [a] = applyWillCall([leg('A')], false);
    expect(a).toEqual(leg('A'));
  });

  it("typing 23:59 or 'WC' as pickup turns will call on; another time keeps what it was", () => {
    expect(willCallFromPickup(false, '23:59')).toBe(true);
    expect(willCallFromPickup(false, 'WC')).toBe(true);
    expect(willCallFromPickup(false, '10:00')).toBe(false);
    expect(willCallFromPickup(true, '10:00')).toBe(true);
  });

  it('a will-call trip refuses a wait leg and a return trip with the one text, and a pickup override with its own', () => {
    expect(willCallRefusal(true, 'addWaitLeg')).toBe('This action is not possible for a "Will Call" trip.');
    expect(willCallRefusal(true, 'returnTrip')).toBe('This action is not possible for a "Will Call" trip.');
    expect(willCallRefusal(true, 'overridePickup')).toBe('You cannot override the pickup time on a will-call');
    expect(willCallRefusal(false, 'addWaitLeg')).toBeNull();
    expect(willCallRefusal(false, 'overridePickup')).toBeNull();
  });
});
