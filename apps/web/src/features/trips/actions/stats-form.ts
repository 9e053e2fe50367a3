import { TRIP_MSG, WILL_CALL, checkStats, parseTimeInput, type StatsTimes, type TripLeg } from '@tripline/core';
import { formatTime } from '../home/trip-format.ts';

export interface LegStatsInput {
  arrive: string;
  depart: string;
  dropoff: string;
}
export type LegStatsField = keyof LegStatsInput;

export type LegStatsCheck =
  /** Nothing typed for this leg: it is left as it is. */
  | { kind: 'blank' }
  | { kind: 'invalid'; errors: Partial<Record<LegStatsField, string>> }
  | { kind: 'valid'; times: StatsTimes; outOfRange: boolean };

type Leg = Pick<TripLeg, 'id' | 'status' | 'cancelNc' | 'serviceCode' | 'locFirstTimeOrd' | 'locSecondTimeOrd' | 'locFirstTimeAct' | 'locFirstTimeDep' | 'locSecondTimeAct'>;

const FIELD_OF: Record<keyof StatsTimes, LegStatsField> = { timeArrive: 'arrive', timeDepart: 'depart', timeDropOff: 'dropoff' };

/**
 * spec 2 §5: cancelled no-charge legs take no stats (statsRefusal says the same); neither do
 * non-transport legs (service 06). A leg cancelled with charge (a no-show) still takes them.
 */
export function statsLegs<L extends Leg>(legs: readonly L[]): L[] {
  return legs.filter((l) => l.status !== 'CanceledNoCharge' && !l.cancelNc && l.serviceCode !== '06');
}

/** The inputs start from the times already entered. */
export function initialStatsInput(leg: Leg): LegStatsInput {
  return { arrive: formatTime(leg.locFirstTimeAct), depart: formatTime(leg.locFirstTimeDep), dropoff: formatTime(leg.locSecondTimeAct) };
}

/**
 * One leg's arrival, departure and drop-off as typed (spec 1 §5 time input): all three or none;
 * 0:00 and 'WC' are not times something happened at; out-of-range times need a reason (checkStats).
 */
export function checkLegStats(leg: Leg, input: LegStatsInput): LegStatsCheck {
  const typed = (['arrive', 'depart', 'dropoff'] as const).filter((k) => input[k].trim() !== '');
  if (typed.length === 0) return { kind: 'blank' };
  const errors: Partial<Record<LegStatsField, string>> = {};
  const values: Partial<Record<LegStatsField, string>> = {};
  for (const field of ['arrive', 'depart', 'dropoff'] as const) {
    const parsed = parseTimeInput(input[field]);
    if ('error' in parsed) errors[field] = parsed.error;
    else if (parsed.value.startsWith('00:00')) errors[field] = TRIP_MSG.ZERO_TIME;
    else if (parsed.value === WILL_CALL && !/^\s*23:?59/.test(input[field])) errors[field] = 'Enter the time it happened';
    else values[field] = parsed.value;
  }
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  const times: StatsTimes = { timeArrive: values.arrive!, timeDepart: values.depart!, timeDropOff: values.dropoff! };
  const check = checkStats({ pickup: leg.locFirstTimeOrd, dropoff: leg.locSecondTimeOrd }, times);
  const fieldErrors = Object.entries(check.errors) as [keyof StatsTimes, string][];
  if (fieldErrors.length) return { kind: 'invalid', errors: Object.fromEntries(fieldErrors.map(([k, m]) => [FIELD_OF[k], m])) };
  return { kind: 'valid', times, outOfRange: check.outOfRange };
}
