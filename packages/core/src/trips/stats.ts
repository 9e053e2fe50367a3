import { STATS_NO_DROPOFF_MIN, STATS_TOLERANCE_MIN, WILL_CALL } from './constants.ts';
import { TRIP_MSG } from './messages.ts';
import { minutesFrom, parseTimeInput, timeBoundsError, type TimeBounds, type TimeParse } from './time-input.ts';

export interface StatsTimes {
  timeArrive: string;
  timeDepart: string;
  timeDropOff: string;
}

export interface StatsCheck {
  /** Field errors that block saving. */
  errors: Partial<Record<keyof StatsTimes, string>>;
  /** Times far from the ordered ones: saving needs a reason (spec 2 §5). */
  outOfRange: boolean;
}

const minutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
};
/** Signed minutes from b to a on a 24-hour clock, between -12 h and +12 h (times near midnight). */
const clockDiff = (a: number, b: number) => ((((a - b + 720) % 1440) + 1440) % 1440) - 720;

/**
 * spec 2 §5 with spec 1 §5: arrival, departure and drop-off come in that order, each the minimum
 * of the next, so the time input's midnight wrap applies (arrival 23:40, drop-off 00:25 is a ride
 * past midnight). The form bounds its inputs with this and the server checks with it.
 */
export function statsBounds(field: keyof StatsTimes, t: Partial<StatsTimes>): TimeBounds {
  if (field === 'timeDepart') return { min: t.timeArrive, name: 'Departure', minName: 'arrival' };
  if (field === 'timeDropOff') return { min: t.timeDepart, name: 'Drop-off', minName: 'departure' };
  return {};
}

const STATS_FIELDS = ['timeArrive', 'timeDepart', 'timeDropOff'] as const;

/**
 * One stats time as typed (spec 1 §5 time input), refused in the order checkStats refuses: its
 * form, 0:00, 'WC' (23:59 typed as a time is a time), then its minimum (statsBounds).
 */
export function parseStatsTime(text: string, bounds: TimeBounds): TimeParse {
  const parsed = parseTimeInput(text);
  if ('error' in parsed) return parsed;
  if (parsed.value.startsWith('00:00')) return { error: TRIP_MSG.ZERO_TIME };
  if (parsed.value === WILL_CALL && !/^\s*23:?59/.test(text)) return { error: TRIP_MSG.STATS_NOT_WILL_CALL };
  const outside = timeBoundsError(parsed.value, bounds);
  return outside ? { error: outside } : parsed;
}

/**
 * spec 2 §5 stats entry: 0:00 is not a valid time; arrival, departure and drop-off come in that
 * order (statsBounds); arrival or departure more than 15 minutes from the ordered pickup, or
 * drop-off more than 15 minutes from the ordered drop-off (180 minutes from the pickup when there
 * is none), is out of range and needs one of the reasons.
 */
export function checkStats(ordered: { pickup: string | null; dropoff: string | null }, t: StatsTimes): StatsCheck {
  const errors: StatsCheck['errors'] = {};
  for (const k of STATS_FIELDS) {
    if (t[k].startsWith('00:00')) errors[k] = TRIP_MSG.ZERO_TIME;
  }
  if (Object.keys(errors).length) return { errors, outOfRange: false };
  for (const k of STATS_FIELDS) {
    const outside = timeBoundsError(t[k], statsBounds(k, t));
    // the first time out of order is the one to fix; the next is checked against it afterwards
    if (outside) return { errors: { [k]: outside }, outOfRange: false };
  }
  const a = minutes(t.timeArrive);
  const d = minutes(t.timeDepart);
  const o = minutes(t.timeDropOff);
  // how long after arrival the drop-off came, past midnight included
  const ride = minutesFrom(t.timeArrive, t.timeDepart) + minutesFrom(t.timeDepart, t.timeDropOff);
  const pickup = ordered.pickup && ordered.pickup !== WILL_CALL ? minutes(ordered.pickup) : null;
  const dropoff = ordered.dropoff && ordered.dropoff !== WILL_CALL ? minutes(ordered.dropoff) : null;
  let outOfRange = false;
  if (pickup !== null && (Math.abs(clockDiff(a, pickup)) > STATS_TOLERANCE_MIN || Math.abs(clockDiff(d, pickup)) > STATS_TOLERANCE_MIN)) outOfRange = true;
  if (dropoff !== null && Math.abs(clockDiff(o, dropoff)) > STATS_TOLERANCE_MIN) outOfRange = true;
  if (dropoff === null && pickup !== null && clockDiff(a, pickup) + ride > STATS_NO_DROPOFF_MIN) outOfRange = true;
  return { errors, outOfRange };
}
