import { describe, expect, it } from 'vitest';
import { dropoffMark, legEtas, minutesLate, normaliseTime, pickupMark } from './etas.ts';
import { testLeg } from './test-fixtures.ts';

describe('pickup and drop-off marks (spec 2 §4)', () => {
  it('pickup: success up to the ordered time, warning up to 30 minutes late, danger beyond', () => {
    expect(pickupMark('09:00:00', '08:50:00')).toBe('success');
    expect(pickupMark('09:00:00', '09:00:00')).toBe('success');
    expect(pickupMark('09:00:00', '09:00:01')).toBe('warning');
    expect(pickupMark('09:00:00', '09:30:00')).toBe('warning');
    expect(pickupMark('09:00:00', '09:30:01')).toBe('danger');
  });
  it('drop-off: the same with 15 minutes', () => {
    expect(dropoffMark('09:40:00', '09:40:00')).toBe('success');
    expect(dropoffMark('09:40:00', '09:55:00')).toBe('warning');
    expect(dropoffMark('09:40:00', '09:55:01')).toBe('danger');
  });
  it('has no mark without both times', () => {
    expect(pickupMark(null, '09:00:00')).toBeNull();
    expect(pickupMark('09:00:00', null)).toBeNull();
    expect(minutesLate('09:00:00', 'soon')).toBeNull();
  });
});

describe('normaliseTime', () => {
  it('reads H:MM, HH:MM and HH:MM:SS and nothing else', () => {
    expect(normaliseTime('9:05')).toBe('09:05:00');
    expect(normaliseTime('13:45:10')).toBe('13:45:10');
    expect(normaliseTime('24:00')).toBeNull();
    expect(normaliseTime(900)).toBeNull();
    expect(normaliseTime(undefined)).toBeNull();
  });
});

describe('legEtas', () => {
  it('lists each leg with ordered, scheduled, estimated and actual times and the marks', () => {
    const legs = [
      testLeg({ id: 'a', locFirstTimeAct: '09:10:00', locSecondTimeAct: '10:00:00', webFields: { estimatedPickupTime: '09:05', scheduledPickupTime: '08:55:00' } }),
      testLeg({ id: 'b', whichLeg: 'B', locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', status: 'WillCall' }),
    ];
    expect(legEtas(legs)).toEqual([
      {
        legId: 'a', whichLeg: 'A', status: 'Pending',
        pickup: { ordered: '09:00:00', scheduled: '08:55:00', estimated: '09:05:00', actual: '09:10:00', minutesLate: 10, mark: 'warning' },
        dropoff: { ordered: '09:40:00', scheduled: null, estimated: null, actual: '10:00:00', minutesLate: 20, mark: 'danger' },
      },
      {
        legId: 'b', whichLeg: 'B', status: 'WillCall',
        // a will-call pickup (23:59) has no ordered time to be late against
        pickup: { ordered: null, scheduled: null, estimated: null, actual: null, minutesLate: null, mark: null },
        dropoff: { ordered: null, scheduled: null, estimated: null, actual: null, minutesLate: null, mark: null },
      },
    ]);
  });
});
