import {
  MARKETPLACE_DEFAULT_RANGE,
  MARKETPLACE_MAX_DAYS_AHEAD,
  MARKETPLACE_MAX_RANGE,
  MARKETPLACE_MIN_RANGE,
  addDays,
  canCarry,
  type FleetCapacity,
  type MarketplaceTripRow,
} from '@tripline/core';

/** What the URL says the list shows (spec 1 §2: date, zip, range, q, referenceNumbers). */
export interface MarketplaceParams {
  date: string;
  /** Null: the server measures from the partner's base. */
  zip: string | null;
  range: number;
  q: string;
  referenceNumbers: string;
}

/** The URL's filters with their defaults: a date outside today … +6 days is today, a range outside 1–300 is 50. */
export function readParams(params: URLSearchParams, today: string): MarketplaceParams {
  const date = params.get('date') ?? '';
  const zip = (params.get('zip') ?? '').trim();
  const range = Number(params.get('range'));
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && date <= addDays(today, MARKETPLACE_MAX_DAYS_AHEAD) ? date : today,
    zip: /^\d{5}$/.test(zip) ? zip : null,
    range: Number.isInteger(range) && range >= MARKETPLACE_MIN_RANGE && range <= MARKETPLACE_MAX_RANGE ? range : MARKETPLACE_DEFAULT_RANGE,
    q: (params.get('q') ?? '').trim(),
    referenceNumbers: (params.get('referenceNumbers') ?? '').trim(),
  };
}

/** The URL of the filters, leaving out what is at its default so links stay short. */
export function writeParams(p: MarketplaceParams, today: string): URLSearchParams {
  const out = new URLSearchParams();
  if (p.date !== today) out.set('date', p.date);
  if (p.zip) out.set('zip', p.zip);
  if (p.range !== MARKETPLACE_DEFAULT_RANGE) out.set('range', String(p.range));
  if (p.q) out.set('q', p.q);
  if (p.referenceNumbers) out.set('referenceNumbers', p.referenceNumbers);
  return out;
}

/** Minutes in a day: the time slider runs from 0 to this. */
export const DAY_MINUTES = 24 * 60;
/** The slider moves in quarter hours. */
export const SLIDER_STEP = 15;

/** Minutes after midnight of a 'HH:MM[:SS]' time, or null. */
export function minutesOf(time: string | null | undefined): number | null {
  const m = /^(\d{2}):(\d{2})/.exec(time ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** '7:15 AM' for a slider position; 1440 is the end of the day, 'midnight'. */
export function sliderLabel(minutes: number): string {
  if (minutes >= DAY_MINUTES) return 'Midnight';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** What the browser narrows the server's answer by. */
export interface ShownFilter {
  /** First pickup from … to (minutes, both inclusive). */
  from: number;
  to: number;
  willCalls: boolean;
  /** The vehicle chosen on /marketplace/vehicles: only trips it can carry. */
  vehicle: FleetCapacity | null;
}

export const ALL_DAY: ShownFilter = { from: 0, to: DAY_MINUTES, willCalls: true, vehicle: null };

/** Whether a trip passes the slider, the will-call toggle and the chosen vehicle. Will calls have no time: the toggle alone decides. */
export function isShown(t: Pick<MarketplaceTripRow, 'willCall' | 'pickupTime' | 'serviceTypeRequested'>, f: ShownFilter): boolean {
  if (f.vehicle && !canCarry(f.vehicle, t.serviceTypeRequested)) return false;
  const at = minutesOf(t.pickupTime);
  if (t.willCall || at === null) return f.willCalls;
  return at >= f.from && at <= f.to;
}

/** A vehicle's places as the fleet check reads them. */
export function vehicleCapacity(v: { ambulatorySeatingCapacity: number; wheelchairSeatingCapacity: number; gurney: boolean }): FleetCapacity {
  return { vehicles: 1, ambulatorySeats: v.ambulatorySeatingCapacity, wheelchairSeats: v.wheelchairSeatingCapacity, stretchers: v.gurney ? 1 : 0 };
}

/**
 * spec 2 §4: selecting a trip selects every linked trip of its passenger (the same passenger key);
 * choosing a selected trip again lets the whole group go.
 */
export function toggleLinked(selected: ReadonlySet<string>, trip: Pick<MarketplaceTripRow, 'id' | 'passengerKey'>, trips: readonly Pick<MarketplaceTripRow, 'id' | 'passengerKey'>[]): Set<string> {
  const group = trip.passengerKey === null ? [trip.id] : trips.filter((t) => t.passengerKey === trip.passengerKey).map((t) => t.id);
  if (!group.includes(trip.id)) group.push(trip.id);
  const next = new Set(selected);
  const on = !selected.has(trip.id);
  for (const id of group) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The linked-trips badge: how many offered trips the passenger has that day, when more than this one. */
export function linkedCount(t: Pick<MarketplaceTripRow, 'passengerKey'>, counts: Readonly<Record<string, number>>): number | null {
  const n = t.passengerKey === null ? 0 : (counts[t.passengerKey] ?? 0);
  return n > 1 ? n : null;
}
