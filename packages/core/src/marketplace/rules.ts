import { seatNeed, canCarry, type FleetCapacity } from '../trips/partner-score.ts';
import { serviceTypeLabel } from '../coverage/rules.ts';
import { addDays } from '../time/date-input.ts';
import { WILL_CALL } from '../trips/constants.ts';

/**
 * The marketplace of offered trips (spec 1 §4, 2 §4, §9; GLOSSARY "Marketplace"): which trips are
 * offered, who may claim one and when, the instant the exclusive window of the trip's own partner
 * ends, and the filters of the list.
 */

export const MARKETPLACE_MSG = {
  NO_LONGER_AVAILABLE: (ref: string) => `Trip ${ref} is no longer available.`,
  RESERVED: (ref: string, time: string) => `Trip ${ref} is reserved for its partner until ${time}.`,
  NO_RATE: (ref: string) => `Trip ${ref} has no rate for your company (NoRate).`,
  NO_VEHICLE: (serviceType: string) => `Your company has no vehicle for ${serviceType} trips.`,
  NOT_COMPLIANT: "Your company's credentials are incomplete.",
  OUT_OF_AREA: (ref: string) => `Trip ${ref} is Out-Of-Area for your company.`,
  LINKED: (ref: string, other: string) => `Trip ${ref} was not accepted: it goes with trip ${other} of the same passenger.`,
  WINDOW: 'The exclusive window must end between 3 days and 16 hours before pickup',
  NOT_OFFERABLE: 'Only a trip that is not accepted, canceled or locked, needs a vehicle and has its pickup ahead can be offered',
  DATE: 'Choose a date from today to 6 days ahead',
  ZIP: 'A ZIP code has 5 digits',
  RANGE: 'The range is 1 to 300 miles',
  STAFF_MAY_NOT_CLAIM: 'Only a partner can claim trips in the marketplace',
  TOAST: (accepted: number, asked: number) => `${accepted} of ${asked} trips accepted`,
} as const;

/** spec 2 §9: the list's default range in miles, and its bounds. */
export const MARKETPLACE_DEFAULT_RANGE = 50;
export const MARKETPLACE_MIN_RANGE = 1;
export const MARKETPLACE_MAX_RANGE = 300;
/** spec 2 §9: the marketplace shows today up to this many days ahead. */
export const MARKETPLACE_MAX_DAYS_AHEAD = 6;
/** spec 2 §9: the exclusive window ends from 3 days to 2/3 of a day (16 h) before pickup. */
export const EXCLUSIVE_EARLIEST_MS = 3 * 24 * 3600_000;
export const EXCLUSIVE_LATEST_MS = 16 * 3600_000;
/** An offer "now" sent by a browser whose clock is a little off still counts as now. */
export const OFFER_NOW_TOLERANCE_MS = 5 * 60_000;
/** At most this many trips in one claim. */
export const MARKETPLACE_MAX_CLAIM = 100;

/** What the rules read of a trip. */
export interface OfferFacts {
  referenceNumber: string;
  serviceTypeRequested: string;
  accepted: boolean;
  canceled: boolean;
  locked: boolean;
  /** The instant the exclusive window ends (ISO), or null when the trip is not offered. */
  marketplaceUntil: string | null;
  /** The instant of the first pickup (will call: the start of the service day). */
  pickupAt: number;
  farmoutContactId: string | null;
  /** Partners that declined the trip (trip_declines). */
  declinedBy: readonly string[];
  timeZone: string;
}

/** Whether the trip is of a kind the marketplace can offer at all: open, carried in a vehicle, pickup ahead. */
export function isOfferable(t: Omit<OfferFacts, 'marketplaceUntil' | 'farmoutContactId' | 'declinedBy' | 'referenceNumber' | 'timeZone'>, now: Date): boolean {
  return !t.accepted && !t.canceled && !t.locked && seatNeed(t.serviceTypeRequested) !== null && t.pickupAt > now.getTime();
}

/** spec 2 §4: offered = marketplaceUntil set, not accepted, canceled or locked, needs a vehicle, first pickup ahead. */
export function isOffered(t: OfferFacts, now: Date): boolean {
  return t.marketplaceUntil !== null && isOfferable(t, now);
}

/**
 * Whether the exclusive window of the trip's own partner is still running: only a trip with a
 * partner that has not declined it is held for anyone (a decline ends exclusivity, spec 1 §4).
 */
export function isExclusive(t: Pick<OfferFacts, 'marketplaceUntil' | 'farmoutContactId' | 'declinedBy'>, now: Date): boolean {
  return (
    t.marketplaceUntil !== null &&
    now.getTime() < Date.parse(t.marketplaceUntil) &&
    t.farmoutContactId !== null &&
    !t.declinedBy.includes(t.farmoutContactId)
  );
}

/** spec 1 §4: before marketplaceUntil only the trip's partner may claim it; from that instant anyone. */
export function mayClaimNow(t: Pick<OfferFacts, 'marketplaceUntil' | 'farmoutContactId' | 'declinedBy'>, partnerId: string, now: Date): boolean {
  return !isExclusive(t, now) || t.farmoutContactId === partnerId;
}

/** The core default of the Offer action: pickup − 3 days, else pickup − 16 h, else now. */
export function defaultOfferInstant(pickupAt: number, now: Date): Date {
  const earliest = pickupAt - EXCLUSIVE_EARLIEST_MS;
  if (earliest >= now.getTime()) return new Date(earliest);
  const latest = pickupAt - EXCLUSIVE_LATEST_MS;
  if (latest >= now.getTime()) return new Date(latest);
  return now;
}

/**
 * The instant an offer stores, or the refusal: between pickup − 3 days and pickup − 16 h; once
 * that range has passed, only now (a few minutes either way for the browser's clock).
 */
export function offerInstant(pickupAt: number, asked: Date, now: Date): { at: Date } | { error: string } {
  const t = asked.getTime();
  if (Number.isNaN(t)) return { error: MARKETPLACE_MSG.WINDOW };
  const latest = pickupAt - EXCLUSIVE_LATEST_MS;
  if (t >= pickupAt - EXCLUSIVE_EARLIEST_MS && t <= latest) return { at: asked };
  if (now.getTime() > latest && Math.abs(t - now.getTime()) <= OFFER_NOW_TOLERANCE_MS) return { at: now };
  return { error: MARKETPLACE_MSG.WINDOW };
}

/** The list's filters after their defaults (spec 2 §9). */
export interface MarketplaceFilter {
  date: string;
  zip: string | null;
  range: number;
}

/** Why the list's filters cannot be used, or null: date today to +6 days, ZIP of 5 digits, range 1–300 miles. */
export function marketplaceFilterProblem(f: { date: string; zip?: string | null; range: number }, today: string): { path: string; message: string } | null {
  if (f.date < today || f.date > addDays(today, MARKETPLACE_MAX_DAYS_AHEAD)) return { path: 'date', message: MARKETPLACE_MSG.DATE };
  if (f.zip !== undefined && f.zip !== null && !/^\d{5}$/.test(f.zip)) return { path: 'zip', message: MARKETPLACE_MSG.ZIP };
  if (!Number.isInteger(f.range) || f.range < MARKETPLACE_MIN_RANGE || f.range > MARKETPLACE_MAX_RANGE) return { path: 'range', message: MARKETPLACE_MSG.RANGE };
  return null;
}

/** The claiming partner, as a claim is checked against it. */
export interface Claimer {
  partnerId: string;
  compliant: boolean;
  fleet: FleetCapacity;
}

/** 'Nov 26, 5:00 PM' in the trip's time zone: when a reserved trip opens to every partner. */
export function reservedUntilText(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  // newer ICU puts a narrow no-break space before AM/PM
  return `${day}, ${time}`.replace(/\s/g, ' ');
}

/**
 * spec 2 §4, 1 §4: why the partner may not claim the trip now, or null. Checked in this order:
 * offered and not declined by the partner, the exclusive window, the partner's credentials, a
 * vehicle that can carry it, a rate other than NoRate. `trip` null: an unknown id.
 */
export function marketplaceClaimRefusal(
  trip: OfferFacts | null,
  ref: string,
  claimer: Claimer,
  hasRate: boolean,
  now: Date,
): string | null {
  if (!trip || !isOffered(trip, now) || trip.declinedBy.includes(claimer.partnerId)) return MARKETPLACE_MSG.NO_LONGER_AVAILABLE(ref);
  if (!mayClaimNow(trip, claimer.partnerId, now)) return MARKETPLACE_MSG.RESERVED(ref, reservedUntilText(trip.marketplaceUntil!, trip.timeZone));
  if (!claimer.compliant) return MARKETPLACE_MSG.NOT_COMPLIANT;
  if (!canCarry(claimer.fleet, trip.serviceTypeRequested)) return MARKETPLACE_MSG.NO_VEHICLE(serviceTypeLabel(trip.serviceTypeRequested));
  if (!hasRate) return MARKETPLACE_MSG.NO_RATE(ref);
  return null;
}

/** A marketplace trip's state as the list shows it (spec 2 §4). */
export const MARKETPLACE_STATES = ['available', 'reserved', 'noLongerAvailable', 'canceled'] as const;
export type MarketplaceState = (typeof MARKETPLACE_STATES)[number];

/** The state a partner (null: staff) sees a trip in. */
export function marketplaceState(t: OfferFacts, partnerId: string | null, now: Date): MarketplaceState {
  if (t.canceled) return 'canceled';
  if (!isOffered(t, now) || (partnerId !== null && t.declinedBy.includes(partnerId))) return 'noLongerAvailable';
  if (isExclusive(t, now) && (partnerId === null || t.farmoutContactId !== partnerId)) return 'reserved';
  return 'available';
}

/**
 * spec 2 §4: a passenger's trips of the day are claimed together. Groups the asked ids by their
 * passenger key (ids without a key, or unknown, stand alone), keeping the order of first mention.
 */
export function linkedGroups<T extends { id: string; passengerKey: string | null }>(trips: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const t of trips) {
    const key = t.passengerKey ?? `id:${t.id}`;
    const g = groups.get(key);
    if (g) g.push(t);
    else groups.set(key, [t]);
  }
  return [...groups.values()];
}

/**
 * The instant of a trip's first real pickup (its legs' ordered times, will calls left out); a trip
 * of will calls only counts from the start of its service day.
 */
export function tripPickupAt(trip: { tripLegs: readonly { locFirstTimeOrd: string | null; locFirstTimeOrdMillis: number | null }[] }): number {
  let first: number | null = null;
  let day: number | null = null;
  for (const leg of trip.tripLegs) {
    const at = leg.locFirstTimeOrdMillis;
    if (at === null || leg.locFirstTimeOrd === null) continue;
    if (leg.locFirstTimeOrd === WILL_CALL) {
      // 23:59 of the service day, less 23 h 59 min
      day = at - (23 * 60 + 59) * 60_000;
    } else if (first === null || at < first) first = at;
  }
  return first ?? day ?? 0;
}
