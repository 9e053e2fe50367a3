import { describe, expect, it } from 'vitest';
import { checkStats } from './stats.ts';

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
  it('needs arrival, departure and drop-off in order', () => {
    expect(checkStats(ordered, t('09:10:00', '09:05:00', '09:40:00')).errors.timeDepart).toBeDefined();
    expect(checkStats(ordered, t('09:00:00', '09:05:00', '09:01:00')).errors.timeDropOff).toBeDefined();
  });
  it('lets a ride end after midnight', () => {
    expect(checkStats({ pickup: '23:30:00', dropoff: '00:10:00' }, t('23:30:00', '23:35:00', '00:12:00'))).toEqual({ errors: {}, outOfRange: false });
  });
  it('ignores will-call ordered times', () => {
    expect(checkStats({ pickup: '23:59:00', dropoff: null }, t('13:00:00', '13:05:00', '13:30:00')).outOfRange).toBe(false);
  });
});
