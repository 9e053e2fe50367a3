import { describe, expect, it } from 'vitest';
import { asksApplyToAll, seriesChanges } from './series.ts';
import { reservationIssues, type ValidatedLeg } from './validate.ts';

const leg = (extra: Partial<ValidatedLeg> = {}): ValidatedLeg => ({
  whichLeg: 'A',
  locFirstAction: 'PU',
  locSecondAction: 'DO',
  passengerId: 'p1',
  locationFirst: { id: 'home' },
  locationSecond: { text: '1 Main St, Albuquerque, NM 87102' },
  locFirstTimeOrd: '09:30:00',
  locSecondTimeOrd: '09:55:00',
  apptTime: '10:00:00',
  serviceCode: '01',
  ...extra,
});

describe('reservation form (spec 2 §5, rule 91)', () => {
  it('a complete leg has no issues', () => expect(reservationIssues({ willCall: false, tripLegs: [leg()] })).toEqual([]));

  it('needs a passenger, both stops and a time, with field paths', () => {
    const issues = reservationIssues({
      willCall: false,
      tripLegs: [leg({ passengerId: null, locationFirst: null, locationSecond: { text: '  ' }, locFirstTimeOrd: null, locSecondTimeOrd: null, apptTime: null })],
    });
    expect(issues).toEqual([
      { path: 'tripLegs.0.passengerId', message: 'Choose a passenger' },
      { path: 'tripLegs.0.locationFirst', message: 'Enter the pickup address' },
      { path: 'tripLegs.0.locationSecond', message: 'Enter the destination address' },
      { path: 'tripLegs.0.locFirstTimeOrd', message: 'Enter a pickup time, an appointment time or a dropoff time' },
    ]);
  });

  it('an assistant leg needs no passenger; a cancelled leg is not judged; all cancelled is refused', () => {
    expect(reservationIssues({ willCall: false, tripLegs: [leg(), leg({ whichLeg: 'B', passengerId: null, serviceCode: '06' })] })).toEqual([]);
    expect(reservationIssues({ willCall: false, tripLegs: [leg(), leg({ whichLeg: 'B', locationFirst: null, canceled: true })] })).toEqual([]);
    expect(reservationIssues({ willCall: false, tripLegs: [leg({ canceled: true })] })).toEqual([
      { path: 'tripLegs', message: 'A reservation needs at least one leg that is not cancelled' },
    ]);
  });

  it('orders pickup before drop-off and before the appointment (equal is refused)', () => {
    expect(reservationIssues({ willCall: false, tripLegs: [leg({ locSecondTimeOrd: '09:30:00', apptTime: null })] })).toEqual([
      { path: 'tripLegs.0.locSecondTimeOrd', message: 'The pickup time must be before the dropoff time' },
    ]);
    expect(reservationIssues({ willCall: false, tripLegs: [leg({ apptTime: '09:30:00', locSecondTimeOrd: null })] })).toEqual([
      { path: 'tripLegs.0.apptTime', message: 'The appointment time must be after the pickup time' },
    ]);
  });

  it('refuses a drop-off estimated after the appointment, given the driving time', () => {
    expect(reservationIssues({ willCall: false, tripLegs: [leg({ drivingSeconds: 1500 })] })).toEqual([]);
    expect(reservationIssues({ willCall: false, tripLegs: [leg({ drivingSeconds: 1501 })] })).toEqual([
      { path: 'tripLegs.0.apptTime', message: 'Estimated dropoff time 10:01 is too late for appt time 10:00' },
    ]);
  });

  it('names a leg letter used twice', () => {
    expect(reservationIssues({ willCall: false, tripLegs: [leg(), leg()] })).toEqual([{ path: 'tripLegs.1.whichLeg', message: 'Leg A is listed twice' }]);
  });

  it('will call: the will-call leg is not judged by its 23:59 times, but refuses a pickup override and any wait leg', () => {
    const wc = leg({ whichLeg: 'B', locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null });
    expect(reservationIssues({ willCall: true, tripLegs: [leg(), wc] })).toEqual([]);
    expect(reservationIssues({ willCall: true, tripLegs: [leg(), { ...wc, pickupTimeOverride: true }] })).toEqual([
      { path: 'tripLegs.1.locFirstTimeOrd', message: 'You cannot override the pickup time on a will-call' },
    ]);
    expect(reservationIssues({ willCall: true, tripLegs: [leg(), { ...wc, locFirstAction: 'WT' }] })).toEqual([
      { path: 'tripLegs.1.locFirstAction', message: 'This action is not possible for a "Will Call" trip.' },
    ]);
  });
});

describe('apply to all occurrences (spec 2 §4, rule 90)', () => {
  const before = { serviceNumber: '01', pca: false, tripLegs: [{ whichLeg: 'A', apptTime: '10:00:00', passNotes: null }] };
  it('finds changed series fields of the trip and of legs by letter', () => {
    const after = { serviceNumber: '03', pca: false, tripLegs: [{ whichLeg: 'A', apptTime: '10:30:00', passNotes: null }, { whichLeg: 'B', apptTime: null }] };
    expect(seriesChanges(before, after)).toEqual({ trip: ['serviceNumber'], legs: { A: ['apptTime'] } });
    expect(seriesChanges(before, before)).toEqual({ trip: [], legs: {} });
  });
  it('asks only for a trip of a series, on a later date, with changes', () => {
    const changes = { trip: ['pca'], legs: {} };
    expect(asksApplyToAll({ dupeReferenceKey: 'k', serviceDate: '2026-11-23' }, '2026-11-22', changes)).toBe(true);
    expect(asksApplyToAll({ dupeReferenceKey: 'k', serviceDate: '2026-11-22' }, '2026-11-22', changes)).toBe(false);
    expect(asksApplyToAll({ dupeReferenceKey: null, serviceDate: '2026-11-23' }, '2026-11-22', changes)).toBe(false);
    expect(asksApplyToAll({ dupeReferenceKey: 'k', serviceDate: '2026-11-23' }, '2026-11-22', { trip: [], legs: {} })).toBe(false);
  });
});
