import type { PortalTrip, PortalTripPage } from '@tripline/core';

/**
 * How the portal says dates, times and statuses to passengers and case managers: in words, with
 * 12-hour times ("Tuesday, March 4", "2:30 PM", "Driver arrived"), never codes or 24-hour clocks.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The time the API uses for a will-call pickup (spec 1 §3). */
const WILL_CALL_TIME = '23:59';

/**
 * "Tuesday, March 4" for an ISO date; the year is added only when it is not `today`'s year, so a
 * trip of last December still reads unambiguously in January.
 */
export function dayInWords(iso: string, today?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const text = `${weekday}, ${MONTHS[month - 1]} ${day}`;
  return today && today.slice(0, 4) !== m[1] ? `${text}, ${year}` : text;
}

/** "2:30 PM" for 'HH:MM' or 'HH:MM:SS'; null for no time or will call. */
export function timeInWords(time: string | null | undefined): string | null {
  if (!time) return null;
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m || time.startsWith(WILL_CALL_TIME)) return null;
  const hour = Number(m[1]);
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m[2]} ${suffix}`;
}

/** Whether a time of day is the will-call marker. */
export function isWillCallTime(time: string | null | undefined): boolean {
  return !!time && time.startsWith(WILL_CALL_TIME);
}

/** A leg's status (DECISIONS 13) as a passenger would say it. */
const LEG_STATUS_WORDS: Record<string, string> = {
  WillCall: 'Will call',
  Pending: 'Scheduled',
  Arrived: 'Driver arrived',
  'In Vehicle': 'Picked up',
  Exiting: 'Arriving',
  Rode: 'Dropped off',
  Canceled: 'Canceled',
  CanceledNoCharge: 'Canceled',
};

export function legStatusInWords(status: string): string {
  return LEG_STATUS_WORDS[status] ?? status;
}

/** The badge colour of each rule 185 label (its words are core's PORTAL_LABEL_TEXT). */
const LABEL_COLORS: Record<PortalTrip['label'], string> = { Pending: 'blue', Completed: 'green', Canceled: 'red', CanceledNoCharge: 'red' };

export function labelColor(label: PortalTrip['label']): string {
  return LABEL_COLORS[label];
}

/** Service types a portal user may request (rule 190), as their names. */
const SERVICE_TYPE_WORDS: Record<string, string> = { '01': 'Ambulatory', '03': 'Wheelchair' };

export function serviceTypeInWords(code: string | null | undefined): string | null {
  if (!code) return null;
  return SERVICE_TYPE_WORDS[code] ?? code;
}

/** "The ride" alone, "Going" and "Return" for a round trip, else "Leg A": how the trip page titles each leg. */
export function legTitle(whichLeg: string, legCount: number): string {
  if (legCount === 1) return 'The ride';
  if (legCount === 2) return whichLeg === 'A' ? 'Going' : 'Return';
  return `Leg ${whichLeg}`;
}

/** The pickup time as the list shows it: the time, or that the passenger calls when ready. */
export function pickupInWords(trip: Pick<PortalTrip, 'willCall' | 'tripLegs'>): string {
  const first = trip.tripLegs[0];
  const time = timeInWords(first?.locFirstTimeOrd);
  if (trip.willCall || !time) return 'Will call: the ride comes when you call';
  return `Pickup at ${time}`;
}

/** What the passenger waits for next, in words. */
export function etaInWords(eta: PortalTripPage['eta']): string | null {
  if (!eta) return null;
  const time = timeInWords(eta.time);
  if (!time) return null;
  if (eta.kind === 'pickup') return eta.estimated ? `Driver expected at ${time}` : `Pickup scheduled for ${time}`;
  return eta.estimated ? `Expected drop-off at ${time}` : `Drop-off scheduled for ${time}`;
}

const METERS_PER_MILE = 1609.344;

/** "12.4 miles" (DECISIONS 12: distances in miles). */
export function milesInWords(meters: number | null): string | null {
  if (meters === null || !Number.isFinite(meters) || meters <= 0) return null;
  const miles = meters / METERS_PER_MILE;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} miles`;
}
