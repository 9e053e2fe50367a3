import { WILL_CALL } from '../trips/constants.ts';
import type { DriveAssignment } from '../trips/model.ts';
import { displayStatus, hasOccurred, isReadOnly } from '../trips/rules.ts';
import { collationKey, columnKey, SEARCH_COLUMN_VALUE, SEARCH_SORT_KEYS, type ColumnTrip } from './search-columns.ts';
import type { WindowMember, WindowSort } from './window.ts';

/**
 * The order of a windowed set's members: each trip's sort key for a column and how keys compare.
 * The server orders members with these and a browser inserts by them.
 */

/**
 * The columns a window sorts by: the lists' day order (the default), Home's columns (referenceNumber,
 * passName, time, status) and the staff search results' (SEARCH_SORT_KEYS).
 */
export const WINDOW_SORT_KEYS = ['dayOrder', 'passName', 'time', ...SEARCH_SORT_KEYS] as const;
export type WindowSortKey = (typeof WINDOW_SORT_KEYS)[number];

export type MemberTrip = Pick<
  DriveAssignment,
  'id' | 'referenceNumber' | 'modCount' | 'serviceDate' | 'partnerPayStatus' | 'accepted' | 'canceled' | 'dryRun' | 'declined' | 'locked' | 'farmoutName'
> &
  Partial<Pick<DriveAssignment, 'farmoutContactId'>> &
  Parameters<typeof isReadOnly>[0] &
  Parameters<typeof hasOccurred>[0] &
  ColumnTrip & { tripLegs: Pick<DriveAssignment['tripLegs'][number], 'locFirstTimeOrd' | 'passName' | 'passenger' | 'status' | 'cancelNc'>[] };

/** Sorts after every HH:MM:SS time: a trip without a real ordered pickup comes last, as in the day list. */
const NO_PICKUP = '~~~~~~~~';

/** A trip's first real ordered pickup (will call is not a time), as the day list sorts by it. */
function firstPickup(trip: Pick<MemberTrip, 'tripLegs'>): string | null {
  let first: string | null = null;
  for (const l of trip.tripLegs) {
    const t = l.locFirstTimeOrd;
    if (t && t !== WILL_CALL && (first === null || t < first)) first = t;
  }
  return first;
}

/** The day order of a trip's date, first real ordered pickup (or none) and reference number, as one text. */
export const dayKey = (serviceDate: string, pickup: string | null, referenceNumber: string) => `${serviceDate}${pickup ?? NO_PICKUP}${referenceNumber}`;

/** Date, first pickup and reference number as one text in the day list's order (code points). */
export function dayOrderKey(trip: Pick<MemberTrip, 'serviceDate' | 'referenceNumber' | 'tripLegs'>): string {
  return dayKey(trip.serviceDate, firstPickup(trip), trip.referenceNumber);
}

/** The name shown in Home's passenger column: the first leg's passenger, else its typed name. */
function passengerName(trip: Pick<MemberTrip, 'tripLegs'>): string {
  const leg = trip.tripLegs[0];
  return leg?.passenger?.name ?? leg?.passName ?? '';
}

/** A column's value as the text part of a key, or null when empty. */
function columnText(trip: MemberTrip, key: Exclude<WindowSortKey, 'dayOrder'>): string | null {
  switch (key) {
    case 'referenceNumber':
      return collationKey(trip.referenceNumber);
    case 'passName': {
      const name = passengerName(trip);
      return name === '' ? null : collationKey(name);
    }
    case 'time':
      return firstPickup(trip);
    case 'status':
      return displayStatus(trip);
    default:
      // every other key is a column of the search results
      return columnKey(SEARCH_COLUMN_VALUE[key](trip));
  }
}

/** The separator of a key's parts: PostgreSQL text never holds it, so no value contains it. */
const SEP = '\u0000';

/**
 * A trip's sort key for a column: one character that puts empty values last ('0' a value, '1'
 * empty), the column's value, then after a NUL the day order, so equal values keep the day's
 * order. In ascending order keys compare as plain text; compareMembers reverses only the value
 * for descending order. The day order's own key is '0', the day order, NUL.
 */
export function sortKey(trip: MemberTrip, key: WindowSortKey): string {
  const day = dayOrderKey(trip);
  if (key === 'dayOrder') return `0${day}${SEP}`;
  const value = columnText(trip, key);
  return value === null ? `1${SEP}${day}` : `0${value}${SEP}${day}`;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares a[aFrom, aTo) with b[bFrom, bTo) by UTF-16 code unit, as `<` compares whole strings. */
function cmpRange(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  const n = Math.min(aTo - aFrom, bTo - bFrom);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(aFrom + i) - b.charCodeAt(bFrom + i);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return aTo - aFrom - (bTo - bFrom);
}

/** Descending: empty values still last, the value reversed, equal values in day order. */
function compareKeysDesc(a: string, b: string): number {
  const rank = a.charCodeAt(0) - b.charCodeAt(0);
  if (rank !== 0) return rank;
  const ia = a.indexOf(SEP);
  const ib = b.indexOf(SEP);
  const aEnd = ia < 0 ? a.length : ia;
  const bEnd = ib < 0 ? b.length : ib;
  return -cmpRange(a, 1, aEnd, b, 1, bEnd) || cmpRange(a, aEnd + 1, a.length, b, bEnd + 1, b.length);
}

/**
 * Members in order: by key (sortKey), the value reversed for 'desc' with empty values last and
 * equal values in day order either way; then by id, so the order is total.
 */
export function compareMembers(dir: WindowSort['dir']): (a: WindowMember, b: WindowMember) => number {
  if (dir === 'desc') return (a, b) => compareKeysDesc(a[1], b[1]) || cmp(a[0], b[0]);
  return (a, b) => cmp(a[1], b[1]) || cmp(a[0], b[0]);
}

/**
 * Trips in a column's order (the same order a windowed set's members have), for a list the
 * browser holds whole, such as an HTTP search's answer.
 */
export function orderTrips<T extends MemberTrip>(trips: readonly T[], sort: WindowSort): T[] {
  const compare = compareMembers(sort.dir);
  return trips
    .map((trip) => ({ trip, m: [trip.id, sortKey(trip, sort.key), 0, 0] as WindowMember }))
    .sort((x, y) => compare(x.m, y.m))
    .map((x) => x.trip);
}

