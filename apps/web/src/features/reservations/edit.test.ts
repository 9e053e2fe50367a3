import { describe, expect, it } from 'vitest';
import { RES_MSG } from '@tripline/core';
import { addLeg, dropLeg, formIssues, setWillCall, typePickup, withComputedPickup } from './edit.ts';
import { emptyLeg, newTrip, toSaveBody, type EditorLeg, type EditorTrip } from './form.ts';

const HOME = { id: 'home-1', text: '500 Marquette Ave NW, Albuquerque, NM 87102', lat: 35.08, lng: -106.65, quality: 'exact' as const, zip: '87102' };
const CLINIC = { id: null, text: '1101 Medical Arts Ave NE, Albuquerque, NM 87106', lat: 35.09, lng: -106.62, quality: 'exact' as const, zip: '87106' };
const rider = { id: 'p-1', name: 'Rosa Chavez', contactNumber: 7, types: ['S/N Passenger'], memberId: null, dob: null, city: null, addressId: null, distanceMiles: null };

function trip(leg: Partial<EditorLeg> = {}): EditorTrip {
  const t = newTrip('trip-1', '2026-11-24', rider);
  return { ...t, legs: [{ ...t.legs[0], locationFirst: HOME, locationSecond: CLINIC, appt: '10:00', ...leg }] };
}

describe('the editor form (spec 2 §4, §5, §9)', () => {
  it('computes the pickup from the appointment and the measured drive unless it was typed', () => {
    const leg = { ...trip().legs[0], drive: { meters: 3000, seconds: 1200 } };
    expect(withComputedPickup(leg, '01').pickup).toBe('09:35');
    expect(withComputedPickup({ ...leg, pickupTimeOverride: true, pickup: '09:00' }, '01').pickup).toBe('09:00');
    expect(withComputedPickup(leg, '03').pickup).toBe('09:30');
  });

  it("typing 'WC' as the return's pickup turns will call on and sets its times", () => {
    const t = addLeg(trip({ pickup: '09:30' }), 'return', 'A') as EditorTrip;
    const b = t.legs[1];
    expect(b).toMatchObject({ whichLeg: 'B', locationFirst: CLINIC, locationSecond: HOME, pickup: '', appt: '' });
    const wc = typePickup(t, b.key, 'WC');
    expect(wc.willCall).toBe(true);
    expect(wc.legs[1]).toMatchObject({ pickup: 'WC', dropoff: 'WC', appt: '', pickupTimeOverride: false });
    expect(toSaveBody(wc).tripLegs[1]).toMatchObject({ locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null });
    // turning will call off clears the will-call times
    expect(setWillCall(wc, false).legs[1]).toMatchObject({ pickup: '', dropoff: '' });
  });

  it('a will-call trip refuses a wait leg and a return with the spec text', () => {
    const wc = setWillCall(trip(), true);
    expect(addLeg(wc, 'wait', 'A')).toEqual({ error: RES_MSG.WILL_CALL_ACTION });
    expect(addLeg(wc, 'return', 'A')).toEqual({ error: RES_MSG.WILL_CALL_ACTION });
  });

  it('a wait leg makes the trip Wait And Return and starts 15 minutes after the appointment', () => {
    const t = addLeg(trip({ pickup: '09:30' }), 'wait', 'A') as EditorTrip;
    expect(t.returnType).toBe('Wait And Return');
    expect(t.legs[1]).toMatchObject({ locFirstAction: 'WT', locSecondAction: 'DP', pickup: '10:15' });
  });

  it('removes a new leg but only cancels a saved one', () => {
    const t = addLeg(trip({ pickup: '09:30' }), 'return', 'A') as EditorTrip;
    expect(dropLeg(t, t.legs[1].key).legs).toHaveLength(1);
    const saved = { ...t, legs: t.legs.map((l, i) => (i === 1 ? { ...l, id: 'leg-b' } : l)) };
    expect(dropLeg(saved, saved.legs[1].key).legs[1].canceled).toBe(true);
  });

  it('lists problems by field path, including times that are not times', () => {
    const issues = formIssues({ ...trip({ pickup: '25:99' }), legs: [...trip({ pickup: '25:99' }).legs, emptyLeg('B')] });
    expect(issues['tripLegs.0.locFirstTimeOrd']).toBe('"25:99" is not a time');
    expect(issues['tripLegs.1.passengerId']).toBe('Choose a passenger');
    expect(issues['tripLegs.1.locationFirst']).toBe('Enter the pickup address');
    expect(formIssues(trip({ pickup: '09:30' }))).toEqual({});
  });

  it('sends a stop by its row, or its text (with the lat/lng only when placed by hand)', () => {
    const body = toSaveBody(trip({ pickup: '09:30', locationSecond: { ...CLINIC, custom: true } }));
    expect(body.tripLegs[0]).toMatchObject({ locationFirst: { id: 'home-1' }, locationSecond: { text: CLINIC.text, lat: 35.09, lng: -106.62 } });
    expect(toSaveBody(trip({ pickup: '09:30' })).tripLegs[0].locationSecond).toEqual({ text: CLINIC.text });
    expect(body).not.toHaveProperty('modCount');
  });
});
