import { WILL_CALL } from './constants.ts';
import type { TripLeg } from './model.ts';

/**
 * The ETAs tab of trip inspect (spec 2 §2, §4): per leg the ordered, scheduled, estimated and
 * actual pickup and drop-off times, with the lateness mark of each actual time.
 */
export type LatenessMark = 'success' | 'warning' | 'danger';

/** spec 2 §4: a pickup up to this many minutes late is a warning, later is danger. */
export const PICKUP_WARNING_MIN = 30;
/** spec 2 §4: the same for a drop-off. */
export const DROPOFF_WARNING_MIN = 15;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds after midnight of a time of day (H:MM, HH:MM or HH:MM:SS); null for anything else. */
export function secondsOfDay(t: unknown): number | null {
  if (typeof t !== 'string') return null;
  const m = TIME.exec(t.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** A time of day as HH:MM:SS; null when it is not one. */
export function normaliseTime(t: unknown): string | null {
  const s = secondsOfDay(t);
  if (s === null) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** Minutes the actual time is after the ordered one (negative when early); null when either is missing. */
export function minutesLate(ordered: string | null, actual: string | null): number | null {
  const o = secondsOfDay(ordered);
  const a = secondsOfDay(actual);
  if (o === null || a === null) return null;
  return (a - o) / 60;
}

/** success when not later than ordered; warning when late by at most `warningMin`; danger beyond. */
export function latenessMark(ordered: string | null, actual: string | null, warningMin: number): LatenessMark | null {
  const late = minutesLate(ordered, actual);
  if (late === null) return null;
  if (late <= 0) return 'success';
  return late <= warningMin ? 'warning' : 'danger';
}

export const pickupMark = (ordered: string | null, actual: string | null) => latenessMark(ordered, actual, PICKUP_WARNING_MIN);
export const dropoffMark = (ordered: string | null, actual: string | null) => latenessMark(ordered, actual, DROPOFF_WARNING_MIN);

export interface EtaStop {
  ordered: string | null;
  scheduled: string | null;
  estimated: string | null;
  actual: string | null;
  minutesLate: number | null;
  mark: LatenessMark | null;
}

export interface EtaRow {
  legId: string;
  whichLeg: string;
  status: string;
  pickup: EtaStop;
  dropoff: EtaStop;
}

type EtaInputLeg = Pick<TripLeg, 'id' | 'whichLeg' | 'status' | 'locFirstTimeOrd' | 'locSecondTimeOrd' | 'locFirstTimeAct' | 'locSecondTimeAct' | 'webFields'>;

/** A will-call pickup (23:59) has no ordered time to be late against. */
const orderedTime = (t: string | null) => (t && t !== WILL_CALL ? t : null);

function stop(ordered: string | null, scheduled: unknown, estimated: unknown, actual: string | null, warningMin: number): EtaStop {
  const o = orderedTime(ordered);
  const late = minutesLate(o, actual);
  return {
    ordered: o,
    scheduled: normaliseTime(scheduled),
    estimated: normaliseTime(estimated),
    actual,
    minutesLate: late === null ? null : Math.round(late),
    mark: latenessMark(o, actual, warningMin),
  };
}

/** The ETAs of each leg in leg order. */
export function legEtas(legs: readonly EtaInputLeg[]): EtaRow[] {
  return legs.map((l) => ({
    legId: l.id,
    whichLeg: l.whichLeg,
    status: l.status,
    pickup: stop(l.locFirstTimeOrd, l.webFields.scheduledPickupTime, l.webFields.estimatedPickupTime, l.locFirstTimeAct, PICKUP_WARNING_MIN),
    dropoff: stop(l.locSecondTimeOrd, l.webFields.scheduledDropoffTime, l.webFields.estimatedDropoffTime, l.locSecondTimeAct, DROPOFF_WARNING_MIN),
  }));
}
