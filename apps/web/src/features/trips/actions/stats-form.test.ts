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

  it('keeps the order arrival, departure, drop-off', () => {
    expect(checkLegStats(leg, { arrive: '9:10', depart: '9:05', dropoff: '9:40' })).toMatchObject({
      kind: 'invalid',
      errors: { depart: 'Departure cannot be before arrival' },
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
