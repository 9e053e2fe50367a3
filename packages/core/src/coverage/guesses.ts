/**
 * Guesses from a passenger's history for the reservation editor (spec 2 §7 guess-appt-type,
 * guess-will-call-duration; leg webFields apptDurationEstimate and apptDurationConfidence).
 */

/** A past visit: its appointment type and when it was booked (later wins a tie). */
export interface PastVisit {
  apptType: string;
  serviceDate: string;
}

/** The appointment type the passenger has most often had at a place; ties go to the latest. Null without history. */
export function mostFrequentApptType(visits: readonly PastVisit[]): { apptType: string; count: number; of: number } | null {
  const counts = new Map<string, { count: number; latest: string }>();
  for (const v of visits) {
    const c = counts.get(v.apptType) ?? { count: 0, latest: '' };
    c.count++;
    if (v.serviceDate > c.latest) c.latest = v.serviceDate;
    counts.set(v.apptType, c);
  }
  let best: [string, { count: number; latest: string }] | null = null;
  for (const entry of counts) {
    if (!best || entry[1].count > best[1].count || (entry[1].count === best[1].count && entry[1].latest > best[1].latest)) best = entry;
  }
  return best ? { apptType: best[0], count: best[1].count, of: visits.length } : null;
}

/** From this many visits on, the sample counts fully toward the confidence. */
export const DURATION_FULL_SAMPLES = 10;
/** A spread (interquartile range) this wide or wider leaves no confidence in the estimate. */
export const DURATION_SPREAD_NONE_SECONDS = 2 * 3600;

export interface DurationGuess {
  /** Typical seconds from the drop-off at the appointment to the return's pickup (the median). */
  seconds: number | null;
  /** 0–1: min(samples, 10) / 10 × (1 − spread / 2 h), never below 0. */
  confidence: number | null;
  samples: number;
}

/**
 * The typical wait of a will-call return: the median of the past waits (drop-off to the return's
 * pickup), with a confidence that grows with the number of visits and shrinks with their spread.
 * Waits that are not positive or longer than a day are not waits and are left out.
 */
export function guessDuration(waitsSeconds: readonly number[]): DurationGuess {
  const waits = waitsSeconds.filter((s) => Number.isFinite(s) && s > 0 && s < 86_400).sort((a, b) => a - b);
  if (waits.length === 0) return { seconds: null, confidence: null, samples: 0 };
  const spread = quantile(waits, 0.75) - quantile(waits, 0.25);
  const consistency = Math.max(0, 1 - spread / DURATION_SPREAD_NONE_SECONDS);
  const confidence = (Math.min(waits.length, DURATION_FULL_SAMPLES) / DURATION_FULL_SAMPLES) * consistency;
  return { seconds: Math.round(quantile(waits, 0.5)), confidence: Math.round(confidence * 100) / 100, samples: waits.length };
}

/** Linear-interpolated quantile of sorted numbers. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Seconds between two times of day (HH:MM[:SS]); null when either is missing. */
export function secondsBetween(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const s = (t: string) => {
    const [h, m, sec] = t.split(':').map(Number);
    return h * 3600 + m * 60 + (sec || 0);
  };
  return s(to) - s(from);
}

/** A passenger's or bill-to's on-time rule (spec 2 §3 onTimeRule; 3 §9 lateness ±10 minutes). */
export interface OnTimeRule {
  /** A pickup this many minutes before the ordered time still counts as on time. */
  pickupEarlyMinutes: number;
  /** A pickup this many minutes after the ordered time still counts as on time. */
  pickupLateMinutes: number;
  /** The passenger should be dropped off this many minutes before the appointment. */
  arriveBeforeApptMinutes: number;
}

/** The operator's rule when neither the passenger nor the bill-to has one (3 §9: ±10 minutes is On-Time). */
export const DEFAULT_ON_TIME_RULE: OnTimeRule = { pickupEarlyMinutes: 10, pickupLateMinutes: 10, arriveBeforeApptMinutes: 15 };

export type OnTimeRuleSource = 'passenger' | 'billTo' | 'operator';

/** The passenger's own rule wins over the bill-to's, which wins over the operator's. */
export function onTimeRuleFor(passenger: OnTimeRule | null, billTo: OnTimeRule | null): { rule: OnTimeRule; source: OnTimeRuleSource } {
  if (passenger) return { rule: passenger, source: 'passenger' };
  if (billTo) return { rule: billTo, source: 'billTo' };
  return { rule: DEFAULT_ON_TIME_RULE, source: 'operator' };
}
