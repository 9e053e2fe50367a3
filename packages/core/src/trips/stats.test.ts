import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from './messages.ts';
import { checkStats, parseStatsTime, statsBounds } from './stats.ts';

const ordered = { pickup: '09:00:00', dropoff: '09:40:00' };
const t = (timeArrive: string, timeDepart: string, timeDropOff: string) => ({ timeArrive, timeDepart, timeDropOff });

describe('checkStats (spec 2 §5)', () => {
  it('accepts times within 15 minutes', () => {
    expect(checkStats(ordered, t('08:45:00', '09:15:00', '09:55:00'))).toEqual({ errors: {}, outOfRange: false });
  });
  it('flags arrival or departure more than 15 minutes off the pickup', () => {
    expect(checkStats(ordered, t('08:44:00', '09:00:00', '09:40:00')).outOfRange).toBe(true);
    expect(checkStats(ordered, t('09:00:00', '09:16:00', '09:40:00')).outOfRange).toBe(true);
  });
  it('flags drop-off more than 15 minutes off the ordered drop-off', () => {
    expect(checkStats(ordered, t('09:00:00', '09:05:00', '09:56:00')).outOfRange).toBe(true);
  });
  it('without an ordered drop-off allows 180 minutes from pickup', () => {
    expect(checkStats({ pickup: '09:00:00', dropoff: null }, t('09:00:00', '09:05:00', '12:00:00')).outOfRange).toBe(false);
    expect(checkStats({ pickup: '09:00:00', dropoff: null }, t('09:00:00', '09:05:00', '12:01:00')).outOfRange).toBe(true);
  });
  it('refuses 0:00', () => {
    expect(checkStats(ordered, t('00:00:00', '09:05:00', '09:40:00')).errors.timeArrive).toBe('0:00 is not a valid time');
  });
  it('needs arrival, departure and drop-off in order, equal times allowed', () => {
    expect(checkStats(ordered, t('09:05:00', '09:05:00', '09:05:00')).errors).toEqual({});
    expect(checkStats(ordered, t('09:10:00', '09:09:00', '09:40:00')).errors).toEqual({ timeDepart: 'Departure cannot be before arrival (9:10 AM)' });
    expect(checkStats(ordered, t('09:00:00', '09:05:00', '09:04:00')).errors).toEqual({ timeDropOff: 'Drop-off cannot be before departure (9:05 AM)' });
  });
  it('reports the first time out of order only', () => {
    expect(checkStats(ordered, t('09:10:00', '09:05:00', '09:01:00')).errors).toEqual({ timeDepart: 'Departure cannot be before arrival (9:10 AM)' });
  });
  it('lets a ride end after midnight under the time input wrap (minimum after 20:00, value before 03:00)', () => {
    expect(checkStats({ pickup: '23:30:00', dropoff: '00:10:00' }, t('23:30:00', '23:35:00', '00:12:00'))).toEqual({ errors: {}, outOfRange: false });
    expect(checkStats({ pickup: '23:40:00', dropoff: '00:20:00' }, t('23:40:00', '23:50:00', '00:25:00'))).toEqual({ errors: {}, outOfRange: false });
    expect(checkStats({ pickup: '23:50:00', dropoff: '00:30:00' }, t('23:55:00', '00:05:00', '00:30:00'))).toEqual({ errors: {}, outOfRange: false });
    expect(checkStats({ pickup: '20:00:00', dropoff: null }, t('20:00:00', '20:05:00', '02:59:00')).errors).toEqual({});
  });
  it('does not wrap from a departure before 20:00 or to a drop-off from 03:00', () => {
    expect(checkStats({ pickup: '19:50:00', dropoff: null }, t('19:50:00', '19:59:00', '00:30:00')).errors).toEqual({
      timeDropOff: 'Drop-off cannot be before departure (7:59 PM)',
    });
    expect(checkStats({ pickup: '20:00:00', dropoff: null }, t('20:00:00', '20:05:00', '03:00:00')).errors).toEqual({
      timeDropOff: 'Drop-off cannot be before departure (8:05 PM)',
    });
  });
  it('measures the 180 minutes without an ordered drop-off across midnight', () => {
    expect(checkStats({ pickup: '22:00:00', dropoff: null }, t('22:00:00', '22:05:00', '01:00:00')).outOfRange).toBe(false);
    expect(checkStats({ pickup: '22:00:00', dropoff: null }, t('22:00:00', '22:05:00', '01:01:00')).outOfRange).toBe(true);
  });
  it('checks 0:00 before the order', () => {
    expect(checkStats(ordered, t('09:00:00', '00:00:00', '09:40:00')).errors).toEqual({ timeDepart: '0:00 is not a valid time' });
  });
  it('ignores will-call ordered times', () => {
    expect(checkStats({ pickup: '23:59:00', dropoff: null }, t('13:00:00', '13:05:00', '13:30:00')).outOfRange).toBe(false);
  });
});

describe('parseStatsTime (spec 1 §5 input for stats)', () => {
  it('reads 24-hour and 12-hour times', () => {
    expect(parseStatsTime('0930', {})).toEqual({ value: '09:30:00' });
    expect(parseStatsTime('9:30 pm', {})).toEqual({ value: '21:30:00' });
  });
  it('refuses 0:00, and will call typed as WC while 23:59 typed is a time', () => {
    expect(parseStatsTime('0:00', {})).toEqual({ error: TRIP_MSG.ZERO_TIME });
    expect(parseStatsTime('00:01', {})).toEqual({ value: '00:01:00' });
    expect(parseStatsTime('WC', {})).toEqual({ error: TRIP_MSG.STATS_NOT_WILL_CALL });
    expect(parseStatsTime('23:59', {})).toEqual({ value: '23:59:00' });
  });
  it('refuses a time before its minimum, and wraps past midnight', () => {
    const bounds = statsBounds('timeDepart', { timeArrive: '09:00:00' });
    expect(parseStatsTime('08:59', bounds)).toHaveProperty('error');
    expect(parseStatsTime('09:00', bounds)).toEqual({ value: '09:00:00' });
    expect(parseStatsTime('00:25', statsBounds('timeDropOff', { timeDepart: '23:40:00' }))).toEqual({ value: '00:25:00' });
  });
});
