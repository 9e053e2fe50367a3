import { displayStatus, isInHouse, type DriveAssignment, type TripSearchParam } from '@tripline/core';
import { STATUS_LOOK, serviceTypeLabel, summarise } from '../trips/home/trip-format.ts';

/** The columns of the results a dispatcher can sort by. */
export const SORT_KEYS = [
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
export type SortKey = (typeof SORT_KEYS)[number];

export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

type SortValue = string | number | null;

const firstLeg = (t: DriveAssignment) => t.tripLegs[0];
const lastLeg = (t: DriveAssignment) => t.tripLegs[t.tripLegs.length - 1];

/** What each column sorts on; an empty value is null and always sorts last. */
const SORT_VALUE: Record<SortKey, (t: DriveAssignment) => SortValue> = {
  referenceNumber: (t) => t.referenceNumber,
  serviceDate: (t) => `${t.serviceDate} ${firstLeg(t)?.locFirstTimeOrd ?? ''}`,
  status: (t) => STATUS_LOOK[displayStatus(t)].label,
  priority: (t) => t.schedulePriority,
  passenger: (t) => summarise(t).passenger || null,
  pickup: (t) => (firstLeg(t)?.locFirstTimeOrd ? `${t.serviceDate} ${firstLeg(t)!.locFirstTimeOrd}` : null),
  dropoff: (t) => (lastLeg(t)?.locSecondTimeOrd ? `${t.serviceDate} ${lastLeg(t)!.locSecondTimeOrd}` : null),
  service: (t) => serviceTypeLabel(t.serviceTypeRequested) || null,
  miles: (t) => summarise(t).miles,
  partner: (t) => t.farmoutName,
  driver: (t) => t.driverName ?? t.driverEmpNumberAssigned,
  pay: (t) => t.partnerPayStatus,
  flag: (t) => t.flag,
};

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in a column's order. Stable (equal rows keep the server's order) and empty values last
 * in both directions, so the trips with a value stay at the top where the dispatcher looks.
 */
export function sortTrips(rows: readonly DriveAssignment[], sort: Sort | null): readonly DriveAssignment[] {
  if (!sort) return rows;
  const value = SORT_VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = rows.map((row, i) => ({ row, i, v: value(row) }));
  keyed.sort((x, y) => {
    const xEmpty = x.v === null || x.v === '';
    const yEmpty = y.v === null || y.v === '';
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.i - y.i : xEmpty ? 1 : -1;
    return sign * compareValues(x.v, y.v) || x.i - y.i;
  });
  return keyed.map((k) => k.row);
}

/** Clicking a header: a new column sorts ascending, the same column flips, a third click returns to the server's order. */
/** The table's order in the address (`sort=priority`, `sort=-priority` descending), so a reload keeps it. */
export function sortToParam(sort: Sort | null): string | null {
  return sort ? `${sort.dir === 'desc' ? '-' : ''}${sort.key}` : null;
}

/** The order named by the address; none for anything else. */
export function sortFromParam(raw: string | null): Sort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const key = desc ? raw.slice(1) : raw;
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, dir: desc ? 'desc' : 'asc' } : null;
}

export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/**
 * A trip of an outside partner: farmed out to a company whose name does not start with 'Secure'
 * (spec 2 §6). A trip not farmed out to anyone belongs to no outside partner and is always shown.
 */
export function isOutsidePartnerTrip(trip: Pick<DriveAssignment, 'farmoutName' | 'farmoutContactId'>): boolean {
  const farmedOut = !!trip.farmoutName || !!trip.farmoutContactId;
  return farmedOut && !isInHouse(trip.farmoutName);
}

/** The rows the table shows and how many outside partners' trips it hides (spec 2 §6: hidden by default). */
export function visibleTrips(rows: readonly DriveAssignment[], showOutside: boolean): { rows: readonly DriveAssignment[]; hidden: number } {
  if (showOutside) return { rows, hidden: 0 };
  const shown = rows.filter((t) => !isOutsidePartnerTrip(t));
  return { rows: shown, hidden: rows.length - shown.length };
}

/**
 * Whether outside partners start shown: a search that names a partner (affiliateId) or asks for
 * outside partners (inHouse=false) wants to see them; otherwise they are hidden (spec 2 §6).
 */
export function showOutsideByDefault(fields: Pick<Record<TripSearchParam, string>, 'affiliateId' | 'inHouse'>): boolean {
  return fields.affiliateId !== '' || fields.inHouse === 'false';
}
