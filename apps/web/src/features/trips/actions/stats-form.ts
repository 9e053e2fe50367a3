import { checkStats, legsTakingStats, parseStatsTime, statsBounds, type StatsTimes, type TripLeg } from '@tripline/core';
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

/** spec 2 §5: the legs that take stats (core's rule, shared with the row menu). */
export const statsLegs = legsTakingStats;

/** The inputs start from the times already entered. */
export function initialStatsInput(leg: Leg): LegStatsInput {
  return { arrive: formatTime(leg.locFirstTimeAct), depart: formatTime(leg.locFirstTimeDep), dropoff: formatTime(leg.locSecondTimeAct) };
}

/**
 * One leg's arrival, departure and drop-off as typed (spec 1 §5 time input): all three or none;
 * 0:00 and 'WC' are not times something happened at; each time has the one before it as its
 * minimum (statsBounds: the wrap past midnight applies); out-of-range times need a reason
 * (checkStats, the same check the server makes).
 */
export function checkLegStats(leg: Leg, input: LegStatsInput): LegStatsCheck {
  const typed = (['arrive', 'depart', 'dropoff'] as const).filter((k) => input[k].trim() !== '');
  if (typed.length === 0) return { kind: 'blank' };
  const errors: Partial<Record<LegStatsField, string>> = {};
  const values: Partial<StatsTimes> = {};
  for (const key of ['timeArrive', 'timeDepart', 'timeDropOff'] as const) {
    const field = FIELD_OF[key];
    const read = parseStatsTime(input[field], statsBounds(key, values));
    if ('error' in read) errors[field] = read.error;
    else values[key] = read.value;
  }
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  const times: StatsTimes = { timeArrive: values.timeArrive!, timeDepart: values.timeDepart!, timeDropOff: values.timeDropOff! };
  const check = checkStats({ pickup: leg.locFirstTimeOrd, dropoff: leg.locSecondTimeOrd }, times);
  const fieldErrors = Object.entries(check.errors) as [keyof StatsTimes, string][];
  if (fieldErrors.length) return { kind: 'invalid', errors: Object.fromEntries(fieldErrors.map(([k, m]) => [FIELD_OF[k], m])) };
  return { kind: 'valid', times, outOfRange: check.outOfRange };
}
