import type { OnTimeRule } from '../coverage/guesses.ts';
import { WILL_CALL } from '../trips/constants.ts';
import { fromMinutes, toMinutes } from './times.ts';

/** A leg's planning window as kept in its webFields (spec 2 §3). */
export interface LegWindow {
  pickupTimeMin: string | null;
  pickupTimeMax: string | null;
  dropoffTimeMax: string | null;
}

/**
 * The window a leg is on time in, by the passenger's on-time rule (GET on-time-rule-service): the
 * pickup from `pickupEarlyMinutes` before to `pickupLateMinutes` after the ordered pickup, and the
 * drop-off at the latest `arriveBeforeApptMinutes` before the appointment. Nulls for will call,
 * without the time, or past the day's edges.
 */
export function legWindow(pickup: string | null, apptTime: string | null, rule: OnTimeRule): LegWindow {
  const real = (t: string | null) => (t && t !== WILL_CALL ? toMinutes(t) : null);
  const p = real(pickup);
  const a = real(apptTime);
  return {
    pickupTimeMin: p === null ? null : fromMinutes(p - rule.pickupEarlyMinutes),
    pickupTimeMax: p === null ? null : fromMinutes(p + rule.pickupLateMinutes),
    dropoffTimeMax: a === null ? null : fromMinutes(a - rule.arriveBeforeApptMinutes),
  };
}

/** The will-call guess in the leg's terms: minutes the passenger usually stays, and how sure that is. */
export function apptDuration(guess: { seconds: number | null; confidence: number | null }): { apptDurationEstimate: number | null; apptDurationConfidence: number | null } {
  return {
    apptDurationEstimate: guess.seconds === null ? null : Math.round(guess.seconds / 60),
    apptDurationConfidence: guess.confidence,
  };
}
