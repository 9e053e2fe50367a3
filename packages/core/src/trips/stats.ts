import { STATS_NO_DROPOFF_MIN, STATS_TOLERANCE_MIN, WILL_CALL } from './constants.ts';
import { TRIP_MSG } from './messages.ts';

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

/**
 * spec 2 §5 stats entry: 0:00 is not a valid time; arrival, departure and drop-off come in that
 * order; arrival or departure more than 15 minutes from the ordered pickup, or drop-off more than
 * 15 minutes from the ordered drop-off (180 minutes from the pickup when there is none), is out of
 * range and needs one of the reasons.
 */
export function checkStats(ordered: { pickup: string | null; dropoff: string | null }, t: StatsTimes): StatsCheck {
  const errors: StatsCheck['errors'] = {};
  for (const k of ['timeArrive', 'timeDepart', 'timeDropOff'] as const) {
    if (t[k].startsWith('00:00')) errors[k] = TRIP_MSG.ZERO_TIME;
  }
  if (Object.keys(errors).length) return { errors, outOfRange: false };
  const a = minutes(t.timeArrive);
  const d = minutes(t.timeDepart);
  let o = minutes(t.timeDropOff);
  if (o < d && d - o > 12 * 60) o += 24 * 60; // a ride that ends after midnight
  if (d < a) errors.timeDepart = 'Departure cannot be before arrival';
  if (o < d) errors.timeDropOff = 'Drop-off cannot be before departure';
  if (Object.keys(errors).length) return { errors, outOfRange: false };
  const pickup = ordered.pickup && ordered.pickup !== WILL_CALL ? minutes(ordered.pickup) : null;
  let dropoff = ordered.dropoff && ordered.dropoff !== WILL_CALL ? minutes(ordered.dropoff) : null;
  if (dropoff !== null && pickup !== null && pickup - dropoff > 12 * 60) dropoff += 24 * 60;
  let outOfRange = false;
  if (pickup !== null && (Math.abs(a - pickup) > STATS_TOLERANCE_MIN || Math.abs(d - pickup) > STATS_TOLERANCE_MIN)) outOfRange = true;
  if (dropoff !== null && Math.abs(o - dropoff) > STATS_TOLERANCE_MIN) outOfRange = true;
  if (dropoff === null && pickup !== null && o - pickup > STATS_NO_DROPOFF_MIN) outOfRange = true;
  return { errors, outOfRange };
}
