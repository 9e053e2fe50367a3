import { SERVICE_TYPE_NAMES, WILL_CALL, displayServiceDate, formatTimeOfDay, metersToMiles, type DisplayStatus, type TripListLeg } from '@tripline/core';
import { formatUsDate } from '../../../lib/date-input.ts';


export function serviceTypeLabel(code: string | null | undefined): string {
  if (!code) return '';
  return SERVICE_TYPE_NAMES[code] ?? code;
}

/** A time of day as partners read it: 2:05 PM; 23:59:00 is a will call (spec 1 §3). */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '';
  if (time === WILL_CALL) return 'Will call';
  return formatTimeOfDay(time);
}

export const STATUS_LOOK: Record<DisplayStatus, { label: string; color: string }> = {
  final: { label: 'Final', color: 'teal' },
  dryRun: { label: 'Dry run', color: 'orange' },
  declined: { label: 'Declined', color: 'red' },
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'blue' },
  none: { label: 'Not accepted', color: 'gray' },
};

/** spec 1 §2: service dates at or after 2078-12-31 show as 'n/a'. */
export function serviceDateLabel(date: string): string {
  const shown = displayServiceDate(date);
  return shown === 'n/a' ? shown : formatUsDate(shown);
}

export interface Stop {
  ordered: string;
  actual: string;
  address: string;
}

export interface TripSummary {
  passenger: string;
  pickup: Stop;
  dropoff: Stop;
  legs: number;
  miles: number | null;
}

/** What a row shows of a leg: a full trip's leg and a list row's both have it. */
type SummaryLeg = Pick<
  TripListLeg,
  'passName' | 'locFirstTimeOrd' | 'locFirstTimeAct' | 'locSecondTimeOrd' | 'locSecondTimeAct' | 'googleDrivingDistanceMeters'
> & { passenger: { name: string } | null; locationFirst: { Address: string | null }; locationSecond: { Address: string | null } };

const legPassenger = (leg: SummaryLeg) => leg.passenger?.name ?? leg.passName ?? '';

/**
 * What one row shows of a trip: its first pickup and last drop-off (a wait-and-return trip is
 * one row), and the miles of all its legs together.
 */
export function summarise(trip: { tripLegs: readonly SummaryLeg[] }): TripSummary {
  const legs = trip.tripLegs;
  const first = legs[0];
  const last = legs[legs.length - 1];
  const meters = legs.map((l) => l.googleDrivingDistanceMeters).filter((m): m is number => m !== null);
  const names = [...new Set(legs.map(legPassenger).filter(Boolean))];
  return {
    passenger: names.join(', '),
    pickup: {
      ordered: formatTime(first?.locFirstTimeOrd),
      actual: formatTime(first?.locFirstTimeAct),
      address: first?.locationFirst.Address ?? '',
    },
    dropoff: {
      ordered: formatTime(last?.locSecondTimeOrd),
      actual: formatTime(last?.locSecondTimeAct),
      address: last?.locationSecond.Address ?? '',
    },
    legs: legs.length,
    miles: meters.length ? metersToMiles(meters.reduce((a, b) => a + b, 0)) : null,
  };
}

export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
