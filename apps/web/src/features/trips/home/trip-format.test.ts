import { describe, expect, it } from 'vitest';
import { makeLeg, makeTrip } from '../trip-factory.ts';
import { formatMoney, formatTime, plural, serviceDateLabel, serviceTypeLabel, summarise } from './trip-format.ts';

describe('serviceTypeLabel (DECISIONS 1)', () => {
  it.each([
    ['01', 'Ambulatory'],
    ['03', 'Wheelchair'],
    ['05', 'Stretcher'],
    ['06', 'Assistant'],
    ['91', 'Advanced Life Support'],
    ['99', 'Mass Transit'],
    ['57', '57'],
    ['07', '07'],
    ['', ''],
  ])('%s is %s', (code, label) => expect(serviceTypeLabel(code)).toBe(label));
});

describe('formatTime', () => {
  it.each([
    ['00:05:00', '12:05 AM'],
    ['09:30:00', '9:30 AM'],
    ['12:00:00', '12:00 PM'],
    ['14:07:00', '2:07 PM'],
    ['23:59:00', 'Will call'],
    [null, ''],
  ])('%s shows as %s', (t, shown) => expect(formatTime(t)).toBe(shown));
});

describe('serviceDateLabel', () => {
  it('shows n/a from 2078-12-31 on', () => {
    expect(serviceDateLabel('2078-12-31')).toBe('n/a');
    expect(serviceDateLabel('2099-01-01')).toBe('n/a');
    expect(serviceDateLabel('2078-12-30')).toBe('12/30/2078');
  });
});

describe('summarise', () => {
  it('shows the first pickup, the last drop-off and the miles of every leg', () => {
    const trip = makeTrip({
      tripLegs: [
        makeLeg({ locFirstTimeOrd: '09:00:00', locFirstTimeAct: '09:04:00', googleDrivingDistanceMeters: 10_000 }),
        makeLeg({
          id: 'leg-2',
          locFirstTimeOrd: '23:59:00',
          locSecondTimeOrd: '23:59:00',
          locationSecond: { Id: null, Address: 'Home', Lat: null, Lng: null },
          googleDrivingDistanceMeters: 6_093,
        }),
      ],
    });
    expect(summarise(trip)).toEqual({
      passenger: 'Ada Lovato',
      pickup: { ordered: '9:00 AM', actual: '9:04 AM', address: '100 Central Ave SW, Albuquerque' },
      dropoff: { ordered: 'Will call', actual: '', address: 'Home' },
      legs: 2,
      miles: 10,
    });
  });

  it('has no miles when no leg has a distance, and names passengers without a contact', () => {
    const trip = makeTrip({ tripLegs: [makeLeg({ googleDrivingDistanceMeters: null, passenger: null, passName: 'Walk-in Rider' })] });
    expect(summarise(trip)).toMatchObject({ miles: null, passenger: 'Walk-in Rider' });
  });

  it('copes with a trip without legs', () => {
    expect(summarise(makeTrip({ tripLegs: [] }))).toMatchObject({ legs: 0, passenger: '', miles: null });
  });
});

describe('formatMoney', () => {
  it('shows dollars', () => {
    expect(formatMoney(45)).toBe('$45.00');
    expect(formatMoney(null)).toBe('');
  });
});

describe('plural', () => {
  it('counts', () => {
    expect(plural(1, 'trip')).toBe('1 trip');
    expect(plural(0, 'trip')).toBe('0 trips');
    expect(plural(2000, 'trip')).toBe('2000 trips');
  });
});
