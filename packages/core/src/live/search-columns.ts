import { SERVICE_TYPE_NAMES } from '../trips/constants.ts';
import type { DriveAssignment, TripLeg } from '../trips/model.ts';
import { displayStatus, metersToMiles } from '../trips/rules.ts';
import { isInHouse } from '../trips/search.ts';

/**
 * The columns of the staff search results (spec 2 §2) as values to sort by, one definition for the
 * server (a live search's member keys) and the browser. An empty value is null and sorts last in
 * both directions; equal values keep the day order.
 */
export const SEARCH_SORT_KEYS = [
  'referenceNumber',
  'serviceDate',
  'status',
  'priority',
  'passenger',
  'pickup',
  'dropoff',
  'service',
  'miles',
  'partner',
  'driver',
  'pay',
  'flag',
] as const;
export type SearchSortKey = (typeof SEARCH_SORT_KEYS)[number];

type ColumnLeg = Pick<TripLeg, 'locFirstTimeOrd' | 'locSecondTimeOrd' | 'passName' | 'googleDrivingDistanceMeters'> & {
  passenger: Pick<NonNullable<TripLeg['passenger']>, 'name'> | null;
};

/** What the column values read of a trip: a full trip and a list row both have it. */
export type ColumnTrip = Pick<
  DriveAssignment,
  | 'referenceNumber'
  | 'serviceDate'
  | 'partnerPayStatus'
  | 'dryRun'
  | 'declined'
  | 'accepted'
  | 'schedulePriority'
  | 'serviceTypeRequested'
  | 'farmoutName'
  | 'driverName'
  | 'driverEmpNumberAssigned'
  | 'flag'
> & { tripLegs: readonly ColumnLeg[] };

export type ColumnValue = string | number | null;

/** A leg's passenger as the list shows it: the passenger's name, else the typed name. */
const legPassenger = (leg: ColumnLeg) => leg.passenger?.name ?? leg.passName ?? '';

/** The passengers of a trip as its row shows them: each name once, in leg order. */
export function passengerNames(trip: Pick<ColumnTrip, 'tripLegs'>): string {
  return [...new Set(trip.tripLegs.map(legPassenger).filter(Boolean))].join(', ');
}

/** The miles of all of a trip's legs together, or null when no leg has a distance. */
export function tripMiles(trip: Pick<ColumnTrip, 'tripLegs'>): number | null {
  const meters = trip.tripLegs.map((l) => l.googleDrivingDistanceMeters).filter((m): m is number => m !== null && m !== undefined);
  return meters.length ? metersToMiles(meters.reduce((a, b) => a + b, 0)) : null;
}

const first = (t: ColumnTrip) => t.tripLegs[0];
const last = (t: ColumnTrip) => t.tripLegs[t.tripLegs.length - 1];
const orNull = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

/**
 * What each column of the search results sorts on. The status sorts by its kind, whose order is
 * the order of the labels the column shows (Accepted, Declined, Dry run, Final, Not accepted, Pending).
 */
export const SEARCH_COLUMN_VALUE: Record<SearchSortKey, (t: ColumnTrip) => ColumnValue> = {
  referenceNumber: (t) => t.referenceNumber,
  serviceDate: (t) => `${t.serviceDate} ${first(t)?.locFirstTimeOrd ?? ''}`,
  status: (t) => displayStatus(t),
  priority: (t) => t.schedulePriority,
  passenger: (t) => orNull(passengerNames(t)),
  pickup: (t) => (first(t)?.locFirstTimeOrd ? `${t.serviceDate} ${first(t)!.locFirstTimeOrd}` : null),
  dropoff: (t) => (last(t)?.locSecondTimeOrd ? `${t.serviceDate} ${last(t)!.locSecondTimeOrd}` : null),
  service: (t) => (t.serviceTypeRequested ? (SERVICE_TYPE_NAMES[t.serviceTypeRequested] ?? t.serviceTypeRequested) : null),
  miles: (t) => tripMiles(t),
  partner: (t) => orNull(t.farmoutName),
  driver: (t) => orNull(t.driverName ?? t.driverEmpNumberAssigned),
  pay: (t) => orNull(t.partnerPayStatus),
  flag: (t) => orNull(t.flag),
};

/**
 * Text as a key that orders by code point the way the results table's collator orders it: case
 * and accents ignored, and each run of digits by its value (2 before 10), so reference numbers,
 * names with numbers and dates order as a reader expects.
 */
export function collationKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => {
      const n = digits.replace(/^0+(?=\d)/, '');
      return `${String(n.length).padStart(2, '0')}${n}`;
    });
}

/** A number (of magnitude below 10^12) as a key that orders by code point as the numbers do. */
export function numberKey(n: number): string {
  const fixed = (x: number) => x.toFixed(3).padStart(24, '0');
  return n < 0 ? `n${fixed(1e12 + n)}` : `p${fixed(n)}`;
}

/** A column value as the text part of a sort key; null for an empty value. */
export function columnKey(value: ColumnValue): string | null {
  if (value === null) return null;
  return typeof value === 'number' ? numberKey(value) : collationKey(value);
}

/**
 * A trip of an outside partner: farmed out to a company whose name does not start with 'Secure'
 * (spec 2 §6). A trip not farmed out to anyone belongs to no outside partner and is always shown.
 */
export function isOutsidePartnerTrip(trip: Pick<DriveAssignment, 'farmoutName'> & Partial<Pick<DriveAssignment, 'farmoutContactId'>>): boolean {
  const farmedOut = !!trip.farmoutName || !!trip.farmoutContactId;
  return farmedOut && !isInHouse(trip.farmoutName);
}
