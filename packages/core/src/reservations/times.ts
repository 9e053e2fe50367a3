import { WILL_CALL } from '../trips/constants.ts';
import { RES_MSG } from './messages.ts';

/** spec 2 §4: what a leg's times are planned around. */
export const TIME_PRIORITIES = ['ApptTime', 'PickupTime', 'DropoffTime', 'Flexible'] as const;
export type TimePriority = (typeof TIME_PRIORITIES)[number];

/** spec 2 §9: minutes to load the passenger, by service type (01, 03, 05). */
export const SERVICE_MINUTES: Readonly<Record<string, number>> = { '01': 5, '03': 7, '05': 10 };
/** Other service types load like an ambulatory passenger (ours: the spec names only 01, 03 and 05). */
export const DEFAULT_SERVICE_MINUTES = 5;
/** spec 2 §9: a wait leg starts 15 minutes after the appointment. */
export const WAIT_LEG_AFTER_APPT_MIN = 15;
/** spec 2 §9: a computed pickup is rounded down to a 5-minute boundary. */
export const PICKUP_ROUNDING_MIN = 5;

export const serviceMinutes = (serviceCode: string | null | undefined): number =>
  (serviceCode ? SERVICE_MINUTES[serviceCode] : undefined) ?? DEFAULT_SERVICE_MINUTES;

/** 'HH:MM[:SS]' → minutes after midnight. */
export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes after midnight → 'HH:MM:00'; null outside the day. */
export function fromMinutes(minutes: number): string | null {
  if (minutes < 0 || minutes >= 24 * 60) return null;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** A time as the editor shows it: 'HH:MM'. */
export const hhmm = (time: string) => time.slice(0, 5);

/** What the time-priority rule reads of a leg. */
export interface TimedLeg {
  locFirstTimeOrd: string | null;
  locSecondTimeOrd: string | null;
  apptTime: string | null;
}

const fieldOf: Record<Exclude<TimePriority, 'Flexible'>, keyof TimedLeg> = {
  ApptTime: 'apptTime',
  PickupTime: 'locFirstTimeOrd',
  DropoffTime: 'locSecondTimeOrd',
};

/**
 * spec 2 §4: a leg's time priority defaults to ApptTime when it has an appointment, else PickupTime
 * when it has a pickup, else DropoffTime. A chosen priority whose time is empty falls back the
 * same way; Flexible has no time of its own and is kept.
 */
export function timePriority(leg: TimedLeg, chosen?: TimePriority | null): TimePriority {
  if (chosen === 'Flexible') return chosen;
  if (chosen && leg[fieldOf[chosen]]) return chosen;
  if (leg.apptTime) return 'ApptTime';
  if (leg.locFirstTimeOrd) return 'PickupTime';
  return 'DropoffTime';
}

/**
 * spec 2 §9: pickup = appointment − driving time − service time (5/7/10 min for 01/03/05), rounded
 * down to 5 minutes. Null without an appointment or driving time, for a will-call appointment, or
 * when it would fall before midnight.
 */
export function computePickup(apptTime: string | null, drivingSeconds: number | null, serviceCode: string | null): string | null {
  if (!apptTime || apptTime === WILL_CALL || drivingSeconds === null || drivingSeconds < 0) return null;
  const raw = toMinutes(apptTime) - Math.ceil(drivingSeconds / 60) - serviceMinutes(serviceCode);
  return fromMinutes(Math.floor(raw / PICKUP_ROUNDING_MIN) * PICKUP_ROUNDING_MIN);
}

/** The estimated drop-off: pickup + service time + driving time; null without both, or past midnight. */
export function estimatedDropoff(pickup: string | null, drivingSeconds: number | null, serviceCode: string | null): string | null {
  if (!pickup || pickup === WILL_CALL || drivingSeconds === null) return null;
  return fromMinutes(toMinutes(pickup) + serviceMinutes(serviceCode) + Math.ceil(drivingSeconds / 60));
}

/** spec 2 §8: 'Estimated dropoff time ... is too late for appt time', or null when it is in time. */
export function dropoffTooLate(pickup: string | null, apptTime: string | null, drivingSeconds: number | null, serviceCode: string | null): string | null {
  if (!apptTime || apptTime === WILL_CALL || !pickup || pickup === WILL_CALL || drivingSeconds === null) return null;
  const dropoff = toMinutes(pickup) + serviceMinutes(serviceCode) + Math.ceil(drivingSeconds / 60);
  if (dropoff <= toMinutes(apptTime)) return null;
  const shown = fromMinutes(dropoff);
  return RES_MSG.DROPOFF_TOO_LATE(shown ? hhmm(shown) : 'after midnight', hhmm(apptTime));
}

/** spec 2 §9: a wait leg starts 15 minutes after the appointment (null without one, or past midnight). */
export function waitLegStart(apptTime: string | null): string | null {
  if (!apptTime || apptTime === WILL_CALL) return null;
  return fromMinutes(toMinutes(apptTime) + WAIT_LEG_AFTER_APPT_MIN);
}
