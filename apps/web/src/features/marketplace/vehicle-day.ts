import { WILL_CALL, type TripListRow } from '@tripline/core';
import { minutesOf } from './marketplace-filter.ts';

/** The hours a vehicle's free time is counted in: the day rates pay without off-hours (06:00 to 18:00). */
export const WORK_DAY = { from: 6 * 60, to: 18 * 60 } as const;
/** A trip without a known end keeps its vehicle this long after its last pickup. */
const DEFAULT_LEG_MINUTES = 60;

export interface Span {
  from: number;
  to: number;
}

/** When a trip keeps its vehicle: from its first ordered pickup to its last drop-off (or an hour after the last pickup). Will calls and trips without times take no fixed time. */
export function busySpan(trip: Pick<TripListRow, 'tripLegs'>): Span | null {
  let from: number | null = null;
  let to: number | null = null;
  for (const leg of trip.tripLegs) {
    if (leg.locFirstTimeOrd === WILL_CALL) continue;
    const start = minutesOf(leg.locFirstTimeOrd);
    if (start === null) continue;
    const end = minutesOf(leg.locSecondTimeOrd) ?? start + DEFAULT_LEG_MINUTES;
    from = from === null ? start : Math.min(from, start);
    to = to === null ? Math.max(end, start) : Math.max(to, end, start);
  }
  return from === null || to === null ? null : { from, to };
}

/** The free stretches of the work day between the busy spans, in order. */
export function freeSpans(busy: readonly Span[], day: Span = WORK_DAY): Span[] {
  const sorted = [...busy].sort((a, b) => a.from - b.from);
  const free: Span[] = [];
  let at = day.from;
  for (const b of sorted) {
    if (b.from > at) free.push({ from: at, to: Math.min(b.from, day.to) });
    at = Math.max(at, b.to);
    if (at >= day.to) break;
  }
  if (at < day.to) free.push({ from: at, to: day.to });
  return free.filter((s) => s.to > s.from);
}

/** '5.5 h' of free time. */
export function hoursText(spans: readonly Span[]): string {
  const minutes = spans.reduce((sum, s) => sum + (s.to - s.from), 0);
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}
