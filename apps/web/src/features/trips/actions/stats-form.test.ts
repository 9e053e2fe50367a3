import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from '@tripline/core';
import { makeLeg } from '../trip-factory.ts';
import { checkLegStats, initialStatsInput, statsLegs } from './stats-form.ts';

const leg = makeLeg({ locFirstTimeOrd: '09:00:00', locSecondTimeOrd: '09:40:00' });

describe('statsLegs', () => {
  it('leaves out no-charge cancelled and non-transport legs', () => {
    const legs = [
      makeLeg({ id: 'a' }),
      makeLeg({ id: 'b', status: 'CanceledNoCharge' }),
      makeLeg({ id: 'c', cancelNc: true }),
      makeLeg({ id: 'd', serviceCode: '06' }),
      makeLeg({ id: 'e', status: 'Canceled' }),
    ];
    expect(statsLegs(legs).map((l) => l.id)).toEqual(['a', 'e']);
  });
});

describe('initialStatsInput', () => {
  it('starts from the times already entered', () => {
    expect(initialStatsInput(makeLeg({ locFirstTimeAct: '09:02:00', locFirstTimeDep: null, locSecondTimeAct: '13:41:00' }))).toEqual({
      arrive: '9:02 AM',
      depart: '',
      dropoff: '1:41 PM',
    });
  });
});

describe('checkLegStats', () => {
  it('leaves a blank leg alone', () => {
    expect(checkLegStats(leg, { arrive: ' ', depart: '', dropoff: '' })).toEqual({ kind: 'blank' });
  });

  it('reads 24- and 12-hour times and the typed forms of the time input', () => {
    expect(checkLegStats(leg, { arrive: '0858', depart: '9:05 am', dropoff: '938a' })).toEqual({
      kind: 'valid',
      times: { timeArrive: '08:58:00', timeDepart: '09:05:00', timeDropOff: '09:38:00' },
      outOfRange: false,
    });
  });

  it('needs all three times once one is typed', () => {
    expect(checkLegStats(leg, { arrive: '9:00', depart: '', dropoff: '' })).toEqual({
      kind: 'invalid',
      errors: { depart: 'Enter a time', dropoff: 'Enter a time' },
    });
  });

  it('refuses 0:00 and will call', () => {
    const result = checkLegStats(leg, { arrive: '0:00', depart: 'WC', dropoff: '9:40' });
    expect(result).toEqual({ kind: 'invalid', errors: { arrive: TRIP_MSG.ZERO_TIME, depart: 'Enter the time it happened' } });
  });

  it('keeps the order arrival, departure, drop-off: each time has the one before it as its minimum', () => {
    expect(checkLegStats(leg, { arrive: '9:10', depart: '9:09', dropoff: '9:40' })).toEqual({
      kind: 'invalid',
      errors: { depart: 'Departure cannot be before arrival (9:10 AM)' },
    });
    expect(checkLegStats(leg, { arrive: '9:00', depart: '9:05', dropoff: '9:04' })).toEqual({
      kind: 'invalid',
      errors: { dropoff: 'Drop-off cannot be before departure (9:05 AM)' },
    });
    expect(checkLegStats(leg, { arrive: '9:05', depart: '9:05', dropoff: '9:05' })).toMatchObject({ kind: 'valid' });
  });

  it('wraps past midnight after a time from 20:00, for times before 3:00', () => {
    const late = makeLeg({ locFirstTimeOrd: '23:40:00', locSecondTimeOrd: '00:20:00' });
    expect(checkLegStats(late, { arrive: '11:40 pm', depart: '23:50', dropoff: '0025' })).toEqual({
      kind: 'valid',
      times: { timeArrive: '23:40:00', timeDepart: '23:50:00', timeDropOff: '00:25:00' },
      outOfRange: false,
    });
    const evening = makeLeg({ locFirstTimeOrd: '19:50:00', locSecondTimeOrd: null });
    expect(checkLegStats(evening, { arrive: '19:50', depart: '19:59', dropoff: '0:30' })).toEqual({
      kind: 'invalid',
      errors: { dropoff: 'Drop-off cannot be before departure (7:59 PM)' },
    });
    expect(checkLegStats(late, { arrive: '23:40', depart: '23:50', dropoff: '3:00' })).toEqual({
      kind: 'invalid',
      errors: { dropoff: 'Drop-off cannot be before departure (11:50 PM)' },
    });
  });

  it('says 0:00 before the minimum, as the server does', () => {
    expect(checkLegStats(leg, { arrive: '9:00', depart: '0:00', dropoff: '9:40' })).toEqual({ kind: 'invalid', errors: { depart: TRIP_MSG.ZERO_TIME } });
  });

  it('checks a time against the one before it only when that one is a time', () => {
    expect(checkLegStats(leg, { arrive: 'soon', depart: '9:05', dropoff: '9:01' })).toEqual({
      kind: 'invalid',
      errors: { arrive: '"soon" is not a time', dropoff: 'Drop-off cannot be before departure (9:05 AM)' },
    });
  });

  it('flags times more than 15 minutes off the ordered ones', () => {
    expect(checkLegStats(leg, { arrive: '9:20', depart: '9:25', dropoff: '10:05' })).toMatchObject({ kind: 'valid', outOfRange: true });
  });

  it('takes 23:59 typed as a time', () => {
    const late = makeLeg({ locFirstTimeOrd: '23:50:00', locSecondTimeOrd: null });
    expect(checkLegStats(late, { arrive: '23:50', depart: '23:59', dropoff: '0:30' })).toMatchObject({ kind: 'valid' });
  });
});
