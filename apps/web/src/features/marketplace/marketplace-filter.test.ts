import { describe, expect, it } from 'vitest';
import { ALL_DAY, isShown, linkedCount, minutesOf, readParams, sliderLabel, toggleLinked, vehicleCapacity, writeParams } from './marketplace-filter.ts';

const TODAY = '2026-11-25';
const read = (q: string) => readParams(new URLSearchParams(q), TODAY);

describe('the filters in the URL', () => {
  it('default to today, the base ZIP and 50 miles', () => {
    expect(read('')).toEqual({ date: TODAY, zip: null, range: 50, q: '', referenceNumbers: '' });
  });
  it('take today to 6 days ahead; the 7th day and yesterday fall back to today', () => {
    expect(read('date=2026-12-01').date).toBe('2026-12-01');
    expect(read('date=2026-12-02').date).toBe(TODAY);
    expect(read('date=2026-11-24').date).toBe(TODAY);
    expect(read('date=12/01/2026').date).toBe(TODAY);
  });
  it('take a range of 1 to 300 miles and a ZIP of 5 digits', () => {
    expect(read('range=300').range).toBe(300);
    expect(read('range=301').range).toBe(50);
    expect(read('range=1').range).toBe(1);
    expect(read('range=0').range).toBe(50);
    expect(read('range=2.5').range).toBe(50);
    expect(read('zip=87102').zip).toBe('87102');
    expect(read('zip=8710').zip).toBeNull();
  });
  it('are written back without their defaults', () => {
    expect(writeParams(read('date=2026-11-26&zip=87102&range=75&q=taos&referenceNumbers=A1,B2'), TODAY).toString()).toBe(
      'date=2026-11-26&zip=87102&range=75&q=taos&referenceNumbers=A1%2CB2',
    );
    expect(writeParams(read(''), TODAY).toString()).toBe('');
  });
});

describe('the time slider', () => {
  it('reads times and labels quarter hours', () => {
    expect(minutesOf('07:15:00')).toBe(435);
    expect(minutesOf(null)).toBeNull();
    expect(sliderLabel(0)).toBe('12:00 AM');
    expect(sliderLabel(435)).toBe('7:15 AM');
    expect(sliderLabel(12 * 60)).toBe('12:00 PM');
    expect(sliderLabel(1440)).toBe('Midnight');
  });
  it('shows trips whose first pickup lies in the range, both ends included', () => {
    const trip = { willCall: false, pickupTime: '08:00:00', serviceTypeRequested: '01' };
    expect(isShown(trip, { ...ALL_DAY, from: 480, to: 600 })).toBe(true);
    expect(isShown(trip, { ...ALL_DAY, from: 495, to: 600 })).toBe(false);
    expect(isShown(trip, { ...ALL_DAY, from: 420, to: 480 })).toBe(true);
    expect(isShown(trip, { ...ALL_DAY, from: 420, to: 465 })).toBe(false);
  });
  it('leaves will calls to their toggle', () => {
    const willCall = { willCall: true, pickupTime: null, serviceTypeRequested: '01' };
    expect(isShown(willCall, { ...ALL_DAY, from: 600, to: 615 })).toBe(true);
    expect(isShown(willCall, { ...ALL_DAY, willCalls: false })).toBe(false);
  });
  it('keeps only what the chosen vehicle can carry', () => {
    const van = vehicleCapacity({ ambulatorySeatingCapacity: 4, wheelchairSeatingCapacity: 0, gurney: false });
    expect(isShown({ willCall: false, pickupTime: '08:00:00', serviceTypeRequested: '01' }, { ...ALL_DAY, vehicle: van })).toBe(true);
    expect(isShown({ willCall: false, pickupTime: '08:00:00', serviceTypeRequested: '03' }, { ...ALL_DAY, vehicle: van })).toBe(false);
    expect(isShown({ willCall: false, pickupTime: '08:00:00', serviceTypeRequested: '05' }, { ...ALL_DAY, vehicle: vehicleCapacity({ ambulatorySeatingCapacity: 0, wheelchairSeatingCapacity: 0, gurney: true }) })).toBe(true);
  });
});

describe('linked trips', () => {
  const trips = [
    { id: 'a', passengerKey: 'p1' },
    { id: 'b', passengerKey: 'p1' },
    { id: 'c', passengerKey: 'p2' },
    { id: 'd', passengerKey: null },
  ];
  it('are selected and let go together', () => {
    const on = toggleLinked(new Set(), trips[0], trips);
    expect([...on].sort()).toEqual(['a', 'b']);
    expect([...toggleLinked(on, trips[1], trips)]).toEqual([]);
    expect([...toggleLinked(on, trips[3], trips)].sort()).toEqual(['a', 'b', 'd']);
  });
  it('show a badge only for a passenger with more than one trip', () => {
    expect(linkedCount(trips[0], { p1: 2, p2: 1 })).toBe(2);
    expect(linkedCount(trips[2], { p1: 2, p2: 1 })).toBeNull();
    expect(linkedCount(trips[3], { p1: 2 })).toBeNull();
  });
});
