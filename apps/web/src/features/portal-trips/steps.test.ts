import { describe, expect, it } from 'vitest';
import type { PortalStep, PortalTrip } from '@tripline/core';
import { stepItems } from './steps.ts';

type Leg = PortalTrip['tripLegs'][number];
const leg = (times: Partial<Leg> = {}) => ({ locFirstTimeAct: null, locFirstTimeDep: null, locSecondTimeAct: null, ...times }) as Leg;
const trip = (step: PortalStep, more: Partial<PortalTrip> = {}) => ({ step, providerName: null, cancelledReason: null, tripLegs: [leg()], ...more });

describe('stepItems', () => {
  it('a requested trip is at its first step, the rest to come', () => {
    expect(stepItems(trip('Requested')).map((s) => s.state)).toEqual(['current', 'next', 'next', 'next', 'next']);
  });
  it('an assigned trip names its provider', () => {
    const items = stepItems(trip('Driver assigned', { providerName: 'Rocky Rides' }));
    expect(items.map((s) => s.state)).toEqual(['done', 'current', 'next', 'next', 'next']);
    expect(items[1].detail).toBe('Rocky Rides');
  });
  it('says when the driver arrived and picked up', () => {
    const items = stepItems(trip('Picked up', { tripLegs: [leg({ locFirstTimeAct: '09:02:00', locFirstTimeDep: '09:06:00' })] }));
    expect(items.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current', 'next']);
    expect(items[2].detail).toBe('at 9:02 AM');
    expect(items[3].detail).toBe('at 9:06 AM');
  });
  it('a dropped-off trip has every step done, timed by its last leg', () => {
    const items = stepItems(trip('Dropped off', { tripLegs: [leg(), leg({ locSecondTimeAct: '16:45:00' })] }));
    expect(items.every((s) => s.state === 'done')).toBe(true);
    expect(items[4].detail).toBe('at 4:45 PM');
  });
  it('a canceled trip shows requested, then canceled with its reason', () => {
    expect(stepItems(trip('Canceled', { cancelledReason: 'Advance Notice' }))).toEqual([
      { title: 'Requested', state: 'done', detail: null },
      { title: 'Canceled', state: 'canceled', detail: 'Advance Notice' },
    ]);
  });
});
